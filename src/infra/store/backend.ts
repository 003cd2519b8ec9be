// The Store port assembled over one storage backend. Backends (keyv-backend.ts for SQLite and Redis,
// memory-store.ts) only move rows and claim rows; this file owns key layout, expiry by the injected
// clock, compare-and-set retries, leases, a bound on every operation, and the rule that a failing
// backend is an error, never "not found".

import { randomUUID } from 'node:crypto';
import type { Change, Clock, KeyValue, Lease, Store, StoreHealth, StoreState } from '../../core/ports.ts';
import { createGuard, type Guard, type GuardOptions } from './guard.ts';

export interface Backend {
  /** Where the data lives, safe to show (no credentials), e.g. `redis://127.0.0.1:6379`. */
  readonly where: string;
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number | undefined): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Every stored [key, value] whose key starts with `prefix` (a namespace's, ending in ':'). */
  scan(prefix: string): AsyncIterable<[string, unknown]>;
  /** The stored value (undefined when unreadable or expired by the backend) and the exact row read. */
  read(key: string): Promise<{ value: unknown; stamp: string } | undefined>;
  /** Stores `value` only while `key` still holds exactly `stamp` (undefined: only while absent); atomic. */
  writeIf(key: string, stamp: string | undefined, value: unknown, ttlMs: number | undefined): Promise<boolean>;
  /** Atomically stores `token` at `key` for `ttlMs` unless a live claim is there. */
  claim(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Extends the claim at `key` to `ttlMs` from now only if it still holds `token`. */
  renew(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Removes the claim at `key` only if it still holds `token`. */
  release(key: string, token: string): Promise<void>;
  ping(): Promise<void>;
  /** Resolves once the writes made so far are on the replicas (see Store.replicated). */
  replicated(since?: number): Promise<void>;
  /** See Store.epoch. */
  epoch(): number;
  /** `host:port` of the server answering now, for a networked backend; see Store.node. */
  node?(): string | undefined;
  /**
   * Why writes cannot be confirmed now though the store answers (no replica in sync, read-only), undefined when
   * they can; throws when nothing answers. Absent where every write that answers is kept (SQLite, memory).
   */
  writable?(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** What each entry is stored as: the value and, with a TTL, when it expires by the store's clock. */
interface Envelope {
  v: unknown;
  exp?: number;
  /** Counts compare-and-set writes, so the stamp of a rewritten value never equals an older one. */
  ver?: number;
}

export interface BackedStoreOptions extends GuardOptions {
  clock: Clock;
  keyPrefix?: string;
}

/**
 * A health check answers within a second: the ping gives up well before, leaving room for the HTTP answer
 * on a loaded machine; a Redis that takes 600 ms to answer PING is stalled anyway.
 */
const PING_TIMEOUT_MS = 600;
/** Writers of one key that keep colliding past this many attempts point at a bug, not contention. */
const MAX_UPDATE_ATTEMPTS = 50;

// Namespace names become key prefixes (and a Redis SCAN pattern), so glob characters and the ':'
// separator are kept out; keys themselves may contain anything.
const NAMESPACE_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/i;
// Starts with '_', which no namespace may, so claims never show up in a namespace's entries().
const CLAIM_PREFIX = '_claim:';
/** How often lapsed claims' tokens are dropped from memory. */
const HELD_SWEEP_MS = 10_000;

export function createBackedStore(backend: Backend, options: BackedStoreOptions): Store {
  const { clock } = options;
  const keyPrefix = options.keyPrefix ?? '';
  let closed = false;
  const guard = createGuard(backend.where, () => closed, options);
  // Tokens of the claims this instance took with claim(), so release() never frees a claim that
  // expired and was since taken by another replica. An entry goes once its claim has lapsed (a release
  // then has nothing to free): inbound dedupe claims are never released, so without that the map would keep
  // one entry per command and event ever received, each key holding the whole request body it was sliced from.
  const held = new Map<string, { token: string; until: number }>();
  let sweepAt = 0;
  const sweepHeld = () => {
    const now = clock.now();
    if (now < sweepAt) return;
    sweepAt = now + HELD_SWEEP_MS;
    for (const [key, h] of held) if (h.until <= now) held.delete(key);
  };
  // Leases still held, released on a clean shutdown.
  const leases = new Set<Lease>();
  // The state last seen and since when: each look that finds the same state keeps its start.
  let seen: StoreHealth = { state: 'ok', since: clock.now() };
  const observe = (state: StoreState, reason?: string): StoreHealth => {
    seen = { state, since: state === seen.state ? seen.since : clock.now(), ...(reason ? { reason } : {}) };
    return seen;
  };
  const claimKey = (key: string) => `${keyPrefix}${CLAIM_PREFIX}${key}`;
  const checkTtl = (ttlMs: number) => {
    if (!(Number.isFinite(ttlMs) && ttlMs > 0)) throw new Error(`claim ttl must be a positive number, got ${ttlMs}`);
  };
  const handle = (key: string, token: string): Lease => {
    const lease: Lease = {
      key,
      token,
      renew(ttlMs) {
        checkTtl(ttlMs);
        return guard(() => backend.renew(claimKey(key), token, Math.ceil(ttlMs)));
      },
      async release() {
        leases.delete(lease);
        await guard(() => backend.release(claimKey(key), token));
      },
    };
    return lease;
  };
  const take = async (key: string, ttlMs: number): Promise<string | undefined> => {
    checkTtl(ttlMs);
    const token = randomUUID();
    const won = await guard(() => backend.claim(claimKey(key), token, Math.ceil(ttlMs)));
    return won ? token : undefined;
  };

  return {
    namespace(name) {
      if (!NAMESPACE_PATTERN.test(name)) {
        throw new Error(`store namespace "${name}" must be a letter then up to 63 letters, digits, - or _`);
      }
      return createNamespace(backend, guard, clock, `${keyPrefix}${name}:`);
    },
    async claim(key, ttlMs) {
      sweepHeld();
      const token = await take(key, ttlMs);
      // A copy of the key: one sliced from a request body would keep the whole body alive.
      if (token) held.set(Buffer.from(key).toString(), { token, until: clock.now() + ttlMs });
      return token !== undefined;
    },
    async release(key) {
      const token = held.get(key)?.token;
      if (token === undefined) return;
      held.delete(key);
      await guard(() => backend.release(claimKey(key), token));
    },
    async lease(key, ttlMs) {
      const token = await take(key, ttlMs);
      if (!token) return undefined;
      const lease = handle(key, token);
      leases.add(lease);
      return lease;
    },
    held: (key, token) => handle(key, token),
    ping: (timeoutMs = PING_TIMEOUT_MS) => guard(() => backend.ping(), timeoutMs),
    replicated: (since) => guard(() => backend.replicated(since)),
    async health() {
      try {
        // A backend that can say whether writes are kept asks on a connection of its own (writable), not behind
        // the store's own commands, which a confirmation may hold for a second.
        const { writable } = backend;
        const why = writable
          ? await guard(() => writable(), PING_TIMEOUT_MS)
          : await guard(() => backend.ping(), PING_TIMEOUT_MS).then(() => undefined);
        return why ? observe('degraded', why) : observe('ok');
      } catch (error) {
        return observe('down', error instanceof Error ? error.message : String(error));
      }
    },
    epoch: () => backend.epoch(),
    ...(backend.node ? { node: backend.node } : {}),
    async close() {
      if (closed) return;
      // Best effort and bounded by the guard: a store that is down cannot be told, and the leases lapse.
      await Promise.allSettled([...leases].map((lease) => lease.release()));
      closed = true;
      await backend.close();
    },
  };
}

function createNamespace(backend: Backend, guard: Guard, clock: Clock, prefix: string): KeyValue {
  const isLive = (envelope: Envelope) => envelope.exp === undefined || envelope.exp > clock.now();
  return {
    async get<T>(key: string) {
      const envelope = asEnvelope(await guard(() => backend.get(prefix + key)));
      if (!envelope) return undefined;
      if (isLive(envelope)) return envelope.v as T;
      await guard(() => backend.delete(prefix + key));
      return undefined;
    },
    async set<T>(key: string, value: T, ttlMs?: number) {
      if (ttlMs !== undefined && !(Number.isFinite(ttlMs) && ttlMs > 0)) {
        throw new Error(`ttl must be a positive number of milliseconds, got ${ttlMs}`);
      }
      const envelope: Envelope = ttlMs === undefined ? { v: value } : { v: value, exp: clock.now() + ttlMs };
      await guard(() => backend.set(prefix + key, envelope, ttlMs === undefined ? undefined : Math.ceil(ttlMs)));
    },
    async delete(key) {
      return guard(() => backend.delete(prefix + key));
    },
    entries<T>() {
      return liveEntries<T>(backend, guard, prefix, isLive);
    },
    update<T>(key: string, change: Change<T>, ttl?: number | ((value: T) => number | undefined)) {
      return updateKey(backend, guard, clock, prefix + key, change, ttl);
    },
  };
}

async function updateKey<T>(
  backend: Backend,
  guard: Guard,
  clock: Clock,
  key: string,
  change: Change<T>,
  ttl?: number | ((value: T) => number | undefined),
): Promise<T | undefined> {
  for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
    const found = await guard(() => backend.read(key));
    const envelope = found ? asEnvelope(found.value) : undefined;
    const current = envelope && (envelope.exp === undefined || envelope.exp > clock.now()) ? envelope : undefined;
    const next = change(current?.v as T | undefined);
    if (next === undefined) return current?.v as T | undefined;
    const ttlMs = typeof ttl === 'function' ? ttl(next) : ttl;
    if (ttlMs !== undefined && !(Number.isFinite(ttlMs) && ttlMs > 0)) {
      throw new Error(`ttl must be a positive number of milliseconds, got ${ttlMs}`);
    }
    const written: Envelope = { v: next, ver: (envelope?.ver ?? 0) + 1 };
    if (ttlMs !== undefined) written.exp = clock.now() + ttlMs;
    const rounded = ttlMs === undefined ? undefined : Math.ceil(ttlMs);
    if (await guard(() => backend.writeIf(key, found?.stamp, written, rounded))) return next;
  }
  throw new Error(`gave up updating ${key} after ${MAX_UPDATE_ATTEMPTS} conflicting writes`);
}

async function* liveEntries<T>(
  backend: Backend,
  guard: Guard,
  prefix: string,
  isLive: (envelope: Envelope) => boolean,
): AsyncGenerator<[string, T]> {
  const expired: string[] = [];
  const iterator = backend.scan(prefix)[Symbol.asyncIterator]();
  for (;;) {
    const next = await guard(() => iterator.next());
    if (next.done) break;
    const [key, raw] = next.value;
    const envelope = asEnvelope(raw);
    if (!key.startsWith(prefix) || !envelope) continue;
    if (isLive(envelope)) yield [key.slice(prefix.length), envelope.v as T];
    else expired.push(key);
  }
  // Deleted after the scan, not during it, so a paged scan never skips rows.
  for (const key of expired) await guard(() => backend.delete(key));
}

function asEnvelope(raw: unknown): Envelope | undefined {
  if (typeof raw !== 'object' || raw === null || !('v' in raw)) return undefined;
  const { exp, ver } = raw as { exp?: unknown; ver?: unknown };
  return { v: raw.v, ...(typeof exp === 'number' ? { exp } : {}), ...(typeof ver === 'number' ? { ver } : {}) };
}
