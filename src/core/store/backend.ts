// The Store port assembled over one storage backend. Backends (SQLite, Redis, memory; see keyv-store.ts)
// only move strings and claim rows; this file owns key layout, expiry by the injected clock, claim
// tokens, and the rule that a failing backend is an error, never "not found".

import { randomUUID } from 'node:crypto';
import { ConfigError, ReelbotError, StoreUnavailableError } from '../errors.ts';
import type { Clock, KeyValue, Store } from '../ports.ts';

export interface Backend {
  /** Where the data lives, safe to show (no credentials), e.g. `redis://127.0.0.1:6379`. */
  readonly where: string;
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number | undefined): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Every stored [key, value] whose key starts with `prefix`. */
  scan(prefix: string): AsyncIterable<[string, unknown]>;
  /** Atomically stores `token` at `key` for `ttlMs` unless a live claim is there. */
  claim(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Removes the claim at `key` only if it still holds `token`. */
  release(key: string, token: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What each entry is stored as: the value and, with a TTL, when it expires by the store's clock. */
interface Envelope {
  v: unknown;
  exp?: number;
}

// Namespace names become key prefixes (and a Redis SCAN pattern), so glob characters and the ':'
// separator are kept out; keys themselves may contain anything.
const NAMESPACE_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/i;
// Starts with '_', which no namespace may, so claims never show up in a namespace's entries().
const CLAIM_PREFIX = '_claim:';

export function createBackedStore(backend: Backend, options: { clock: Clock; keyPrefix?: string }): Store {
  const { clock } = options;
  const keyPrefix = options.keyPrefix ?? '';
  let closed = false;
  const guard = createGuard(backend.where, () => closed);
  // Tokens of the claims this instance holds, so release() never frees a claim that expired and
  // was since taken by another replica.
  const held = new Map<string, string>();

  return {
    namespace(name) {
      if (!NAMESPACE_PATTERN.test(name)) {
        throw new Error(`store namespace "${name}" must be a letter then up to 63 letters, digits, - or _`);
      }
      return createNamespace(backend, guard, clock, `${keyPrefix}${name}:`);
    },
    async claim(key, ttlMs) {
      if (!(Number.isFinite(ttlMs) && ttlMs > 0)) throw new Error(`claim ttl must be a positive number, got ${ttlMs}`);
      const token = randomUUID();
      const won = await guard(() => backend.claim(`${keyPrefix}${CLAIM_PREFIX}${key}`, token, Math.ceil(ttlMs)));
      if (won) held.set(key, token);
      return won;
    },
    async release(key) {
      const token = held.get(key);
      if (token === undefined) return;
      held.delete(key);
      await guard(() => backend.release(`${keyPrefix}${CLAIM_PREFIX}${key}`, token));
    },
    ping: () => guard(() => backend.ping()),
    async close() {
      if (closed) return;
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
  };
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
  const exp = (raw as { exp?: unknown }).exp;
  return { v: raw.v, ...(typeof exp === 'number' ? { exp } : {}) };
}

type Guard = <R>(operation: () => Promise<R>) => Promise<R>;

/** Turns any backend failure into a StoreUnavailableError that says where, and what to check. */
function createGuard(where: string, isClosed: () => boolean): Guard {
  return async (operation) => {
    if (isClosed()) throw new StoreUnavailableError(`the store at ${where} was closed`);
    try {
      return await operation();
    } catch (error) {
      if (error instanceof ReelbotError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`cannot reach the store at ${where}: ${reason} (check STORE_URL)`, {
        cause: error,
      });
    }
  };
}

/** The URL without credentials, safe for messages and logs. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('STORE_URL is not a valid URL; expected redis://host:6379 or sqlite://path/to/file.sqlite');
  }
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  return `${parsed.protocol}//${parsed.host}${path}`;
}
