// A keyv storage adapter over ioredis, so a Redis bot speaks to Redis through one client library (the one
// BullMQ loads) and one connection factory, where @keyv/redis would bring node-redis beside it. It stores
// what keyv hands it as @keyv/redis does (a string per key, keyv's time to live as PX), so databases written
// through @keyv/redis read back. test/infra/store/keyv-ioredis.integration.test.ts runs keyv's compliance suite on it.
//
// Keys are stored as keyv gives them (keyv adds its namespace when it prefixes keys); the namespace only
// scopes clear() and iterator(), as with @keyv/sqlite.

import type { RedisConnection } from '../redis/redis-connection.ts';

export interface KeyvIoredisOptions {
  /** Put in front of every key, so several users can share one database; default none. */
  keyPrefix?: string;
}

/** Keys asked for per SCAN step (Redis's hint; it may return more or fewer). */
const SCAN_COUNT = 200;

/** keyv's storage adapter contract, with the stored text as what it hands back. */
export interface KeyvIoredis {
  readonly opts: { dialect: 'redis'; url: string };
  /** Set by keyv: scopes clear(). */
  namespace?: string | undefined;
  on(event: string, listener: (...args: unknown[]) => void): KeyvIoredis;
  get(key: string): Promise<string | undefined>;
  getMany(keys: string[]): Promise<Array<string | undefined>>;
  set(key: string, value: string, ttl?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  deleteMany(keys: string[]): Promise<boolean>;
  has(key: string): Promise<boolean>;
  clear(): Promise<void>;
  /** Every [key, text] whose key starts with `namespace:` (every key without one). */
  iterator(namespace?: string): AsyncGenerator<[string, string], void>;
  disconnect(): Promise<void>;
}

export function createKeyvIoredis(connection: RedisConnection, options: KeyvIoredisOptions = {}): KeyvIoredis {
  const { client } = connection;
  const prefix = options.keyPrefix ?? '';
  const full = (key: string) => prefix + key;
  // Keys are only under the prefix and, with a namespace, under `namespace:`; only strings, as keyv writes
  // (a budget's sorted set or BullMQ's hashes under the same prefix are not keyv's).
  async function* scanKeys(namespace: string | undefined): AsyncGenerator<string[]> {
    const match = `${globEscape(prefix + (namespace ? `${namespace}:` : ''))}*`;
    let cursor = '0';
    do {
      await connection.ready();
      const [next, keys] = await client.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT, 'TYPE', 'string');
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }

  const adapter: KeyvIoredis = {
    opts: { dialect: 'redis', url: connection.where },
    namespace: undefined,
    // Nothing is emitted: every failure rejects the call that met it, which keyv passes on.
    on: () => adapter,
    async get(key) {
      return (await connection.carried(() => client.get(full(key)))) ?? undefined;
    },
    async getMany(keys) {
      if (keys.length === 0) return [];
      return (await connection.carried(() => client.mget(keys.map(full)))).map((value) => value ?? undefined);
    },
    async set(key, value, ttl) {
      await connection.carried(() =>
        typeof ttl === 'number' && ttl > 0
          ? client.set(full(key), value, 'PX', Math.ceil(ttl))
          : client.set(full(key), value),
      );
    },
    async delete(key) {
      return (await connection.carried(() => client.del(full(key)))) > 0;
    },
    async deleteMany(keys) {
      if (keys.length === 0) return false;
      await connection.ready();
      return (await client.del(...keys.map(full))) > 0;
    },
    async has(key) {
      return (await connection.carried(() => client.exists(full(key)))) === 1;
    },
    async clear() {
      for await (const keys of scanKeys(adapter.namespace)) await client.del(...keys);
    },
    async *iterator(namespace) {
      for await (const keys of scanKeys(namespace)) {
        const values = await client.mget(keys);
        for (const [i, key] of keys.entries()) {
          // Gone (expired or deleted) between the SCAN and the MGET.
          const value = values[i];
          if (typeof value === 'string') yield [key.slice(prefix.length), value];
        }
      }
    },
    disconnect: () => connection.close(),
  };
  return adapter;
}

/** A SCAN pattern matching `text` literally. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
