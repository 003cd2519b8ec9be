// A backend (backend.ts) over keyv: reads, writes, deletes and listings go through a Keyv instance on a
// storage adapter (@keyv/sqlite, keyv-ioredis.ts), so every row is keyv's own `{"value":…,"expires":…}`
// in keyv's serializer. What keyv's API has no word for (a compare-and-set, a claim, a lease) goes to the
// backend's atomic module (sqlite-atomic.ts, redis-atomic.ts) on the same adapter's connection.

import Keyv, { type KeyvStoreAdapter } from 'keyv';
import type { Backend } from './backend.ts';

/** Operations that must be one atomic step on the server; rows are keyv's text, as the adapter stores it. */
export interface AtomicOps {
  /** The row's text exactly as stored, or undefined when there is none. */
  read(key: string): Promise<string | undefined>;
  /** Writes `row` only while `key` holds exactly `stamp` (undefined: only while absent). */
  writeIf(key: string, stamp: string | undefined, row: string, ttlMs: number | undefined): Promise<boolean>;
  claim(key: string, token: string, ttlMs: number): Promise<boolean>;
  renew(key: string, token: string, ttlMs: number): Promise<boolean>;
  release(key: string, token: string): Promise<void>;
  ping(): Promise<void>;
  /** Waits for replicas' acknowledgement of the writes so far; absent where there are none (SQLite). */
  replicated?(since?: number): Promise<void>;
  /** Counted up at each (re)connection; absent where there is none (SQLite). */
  epoch?(): number;
}

/**
 * A keyv storage adapter whose iterator(namespace) yields every [key, row text] whose key starts with
 * `namespace:`. (keyv's own adapter type says get() hands back parsed data; adapters hand back the text.)
 */
export type ListingAdapter = Omit<KeyvStoreAdapter, 'get' | 'getMany' | 'iterator'> & {
  get(key: string): Promise<unknown>;
  iterator(namespace?: string): AsyncGenerator<[string, unknown], void>;
};

export interface KeyvBackendOptions {
  where: string;
  adapter: ListingAdapter;
  atomic: AtomicOps;
  /** Told after each write or attempted write (the SQLite sweep starts from here). */
  wrote?: () => void;
  /** `host:port` of the server answering now, for a networked store. */
  node?: () => string | undefined;
  /** Why the store cannot take confirmed writes now (see Backend.writable). */
  writable?: () => Promise<string | undefined>;
  close(): Promise<void>;
}

interface Row {
  value?: unknown;
  expires?: number;
}

export function createKeyvBackend(options: KeyvBackendOptions): Backend {
  const { adapter, atomic } = options;
  // Keys as backend.ts lays them out, no prefix of keyv's own, as the earlier keyv-based versions stored
  // them; a failing adapter throws instead of reading as "not found".
  const keyv = new Keyv({
    store: adapter as KeyvStoreAdapter,
    namespace: undefined,
    useKeyPrefix: false,
    throwOnErrors: true,
    emitErrors: false,
  });
  const wrote = options.wrote ?? (() => undefined);
  // keyv's own expiry, by the wall clock, as keyv.get judges it.
  const liveValue = (row: Row | undefined) =>
    row && !(typeof row.expires === 'number' && Date.now() > row.expires) ? row.value : undefined;
  const parse = async (text: string) => (await keyv.deserializeData<unknown>(text)) as Row | undefined;

  return {
    where: options.where,
    get: (key) => keyv.get(key),
    async set(key, value, ttlMs) {
      await keyv.set(key, value, ttlMs);
      wrote();
    },
    delete: (key) => keyv.delete(key),
    async *scan(prefix) {
      if (!prefix.endsWith(':')) throw new Error(`a scan prefix is a namespace and ':', got "${prefix}"`);
      for await (const [key, text] of adapter.iterator(prefix.slice(0, -1))) {
        if (typeof text !== 'string') continue;
        yield [key, liveValue(await parse(text))];
      }
    },
    async read(key) {
      const text = await atomic.read(key);
      if (text === undefined) return undefined;
      return { value: liveValue(await parse(text)), stamp: text };
    },
    async writeIf(key, stamp, value, ttlMs) {
      // The row keyv.set would write for this value and time to live.
      const row = await keyv.serializeData<unknown>({
        value,
        expires: ttlMs === undefined ? undefined : Date.now() + ttlMs,
      });
      const written = await atomic.writeIf(key, stamp, String(row), ttlMs);
      wrote();
      return written;
    },
    async claim(key, token, ttlMs) {
      const won = await atomic.claim(key, token, ttlMs);
      wrote();
      return won;
    },
    renew: (key, token, ttlMs) => atomic.renew(key, token, ttlMs),
    release: (key, token) => atomic.release(key, token),
    ping: () => atomic.ping(),
    replicated: async (since) => atomic.replicated?.(since),
    epoch: () => atomic.epoch?.() ?? 0,
    ...(options.node ? { node: options.node } : {}),
    ...(options.writable ? { writable: options.writable } : {}),
    close: () => options.close(),
  };
}
