// The Store port on keyv: SQLite (one file, the default), Redis (several replicas) or memory (tests).
// The only file in src/core that imports keyv and its adapters.

import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import KeyvRedis, { createClient } from '@keyv/redis';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import { ConfigError, StoreUnavailableError } from '../errors.ts';
import { type Clock, type Store, systemClock } from '../ports.ts';
import { type Backend, createBackedStore, redactUrl } from './backend.ts';
import { createSqliteSweeper } from './sqlite-sweep.ts';

export type KeyvStoreOptions =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'redis';
      url: string;
      /** Put in front of every key so several bots can share one Redis; default `reelbot:`. */
      prefix?: string;
      /** Bound on connecting and on each command; default 5000 ms. */
      timeoutMs?: number;
    }
  | { kind: 'memory' };

// Another process (a second replica on the same file, a backup) may hold SQLite's write lock briefly;
// wait up to 5 s for it instead of failing with SQLITE_BUSY at once.
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const SQLITE_PAGE = 200;
const REDIS_TIMEOUT_MS = 5_000;
// A dropped Redis connection is retried in the background, backing off to at most 2 s between tries.
const REDIS_MAX_BACKOFF_MS = 2_000;

/**
 * Opens the store. SQLite and memory are ready on return; Redis connects on first use, so call
 * `ping()` at start-up to fail fast. Every operation on an unreachable store rejects with
 * StoreUnavailableError.
 */
export async function createKeyvStore(options: KeyvStoreOptions, deps?: { clock?: Clock }): Promise<Store> {
  const clock = deps?.clock ?? systemClock;
  switch (options.kind) {
    case 'sqlite':
      return createBackedStore(await openSqlite(options.path, clock), { clock });
    case 'redis': {
      const keyPrefix = options.prefix ?? 'reelbot:';
      if (!/^[A-Za-z0-9_.:-]*$/.test(keyPrefix)) {
        throw new ConfigError(`the Redis key prefix "${keyPrefix}" may only hold letters, digits, _ . : -`);
      }
      return createBackedStore(openRedis(options.url, options.timeoutMs ?? REDIS_TIMEOUT_MS), { clock, keyPrefix });
    }
    case 'memory':
      return createBackedStore(openMemory(clock), { clock });
  }
}

/** Keyv configured to throw instead of answering "not found" when the adapter fails. */
function keyvOver(store?: KeyvSqlite | KeyvRedis<string>): Keyv {
  // Keys are namespaced by backend.ts, so keyv's own prefixing is off.
  return new Keyv({ ...(store ? { store } : {}), namespace: undefined, useKeyPrefix: false, throwOnErrors: true });
}

/** The value keyv stored, unless keyv's own expiry (by wall clock) has passed. */
async function decode(keyv: Keyv, raw: unknown): Promise<unknown> {
  if (typeof raw !== 'string') return undefined;
  const data = await keyv.deserializeData<unknown>(raw);
  if (!data || (typeof data.expires === 'number' && data.expires <= Date.now())) return undefined;
  return data.value;
}

/** A claim row in keyv's own format, so keyv reads it like any other entry. */
function claimRow(token: string, expires: number): string {
  return JSON.stringify({ value: token, expires });
}

async function openSqlite(path: string, clock: Clock): Promise<Backend> {
  const where = `sqlite://${path}`;
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const adapter = new KeyvSqlite({ uri: where, busyTimeout: SQLITE_BUSY_TIMEOUT_MS });
    const keyv = keyvOver(adapter);
    // WAL lets readers proceed while another connection writes.
    await adapter.query('PRAGMA journal_mode=WAL');
    return sqliteBackend(where, adapter, keyv, clock);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailableError(`cannot open the store at ${where}: ${reason} (check STORE_URL)`, { cause: error });
  }
}

function sqliteBackend(where: string, adapter: KeyvSqlite, keyv: Keyv, clock: Clock): Backend {
  const table = adapter.opts.table ?? 'keyv';
  const sweeper = createSqliteSweeper((sql, ...params) => adapter.query(sql, ...params), table, clock);
  return {
    where,
    get: (key) => keyv.get(key),
    async set(key, value, ttlMs) {
      await keyv.set(key, value, ttlMs);
      sweeper.poke();
    },
    delete: (key) => keyv.delete(key),
    async *scan(prefix) {
      // Paged by key rather than OFFSET so rows deleted meanwhile never make the scan skip others.
      let after = '';
      for (;;) {
        const rows: Array<{ key: string; value: unknown }> = await adapter.query(
          `SELECT key, value FROM ${table} WHERE key > ? AND substr(key, 1, ?) = ? ORDER BY key LIMIT ?`,
          after || prefix,
          prefix.length,
          prefix,
          SQLITE_PAGE,
        );
        for (const row of rows) yield [row.key, await decode(keyv, row.value)];
        const last = rows.at(-1);
        if (!last || rows.length < SQLITE_PAGE) return;
        after = last.key;
      }
    },
    async claim(key, token, ttlMs) {
      // One statement, so two processes on the same file cannot both win: the upsert only
      // overwrites a claim whose expiry has passed, and RETURNING reports whether a row was written.
      const now = clock.now();
      const rows: unknown[] = await adapter.query(
        `INSERT INTO ${table} (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value
         WHERE NOT json_valid(${table}.value) OR coalesce(json_extract(${table}.value, '$.expires'), 0) <= ?
         RETURNING key`,
        key,
        claimRow(token, now + ttlMs),
        now,
      );
      sweeper.poke();
      return rows.length === 1;
    },
    async release(key, token) {
      await adapter.query(
        `DELETE FROM ${table} WHERE key = ? AND json_valid(value) AND json_extract(value, '$.value') = ?`,
        key,
        token,
      );
    },
    ping: async () => void (await adapter.query('SELECT 1')),
    async close() {
      await sweeper.stop();
      await adapter.disconnect();
    },
  };
}

function createRedisClient(url: string, timeoutMs: number) {
  let everReady = false;
  const client = createClient({
    url,
    // Fail commands at once while disconnected instead of queueing them until Redis returns.
    disableOfflineQueue: true,
    commandOptions: { timeout: timeoutMs },
    socket: {
      connectTimeout: timeoutMs,
      // The first connection fails fast (the caller sees the error); a connection that was up and
      // dropped is retried in the background while commands fail with StoreUnavailableError.
      reconnectStrategy: (retries) => everReady && Math.min(2 ** retries * 100, REDIS_MAX_BACKOFF_MS),
    },
  });
  client.on('ready', () => {
    everReady = true;
  });
  return client;
}

function openRedis(url: string, timeoutMs: number): Backend {
  const where = redactUrl(url);
  const client = createRedisClient(url, timeoutMs);
  const adapter = new KeyvRedis(client, {
    keyPrefixSeparator: ':',
    throwOnConnectError: true,
    throwOnErrors: true,
    connectionTimeout: timeoutMs,
  });
  const keyv = keyvOver(adapter);
  let connecting: Promise<void> | undefined;
  const connected = async () => {
    if (client.isReady) return;
    // While a dropped connection is being retried, commands fail at once (no offline queue).
    if (!connecting && client.isOpen) return;
    connecting ??= connectWithin(client, timeoutMs).finally(() => {
      connecting = undefined;
    });
    await connecting;
  };
  return redisBackend(where, { client, adapter, keyv, connected });
}

/**
 * The handshake after the TCP connect has no timeout of its own, so a server that accepts but never
 * answers would hold the caller forever; give up after `timeoutMs` and drop the socket.
 */
async function connectWithin(client: ReturnType<typeof createRedisClient>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([client.connect(), timeout]);
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

interface RedisParts {
  client: ReturnType<typeof createRedisClient>;
  adapter: KeyvRedis<string>;
  keyv: Keyv;
  connected: () => Promise<void>;
}

const RELEASE_IF_HELD = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

function redisBackend(where: string, { client, adapter, keyv, connected }: RedisParts): Backend {
  return {
    where,
    async get(key) {
      await connected();
      return keyv.get(key);
    },
    async set(key, value, ttlMs) {
      await connected();
      await keyv.set(key, value, ttlMs);
    },
    async delete(key) {
      await connected();
      return keyv.delete(key);
    },
    async *scan(prefix) {
      await connected();
      // The adapter matches `<namespace>:*` and strips that part from the keys it yields.
      for await (const [key, raw] of adapter.iterator(prefix.slice(0, -1))) {
        yield [`${prefix}${String(key)}`, await decode(keyv, raw)];
      }
    },
    async claim(key, token, ttlMs) {
      await connected();
      const reply = await client.set(key, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } });
      return reply === 'OK';
    },
    async release(key, token) {
      await connected();
      await client.eval(RELEASE_IF_HELD, { keys: [key], arguments: [token] });
    },
    async ping() {
      await connected();
      await client.ping();
    },
    async close() {
      if (!client.isOpen) return;
      // close() waits for replies still due; without a connection none will come.
      if (client.isReady) await client.close();
      else client.destroy();
    },
  };
}

function openMemory(clock: Clock): Backend {
  const keyv = keyvOver();
  const map = keyv.store as Map<string, unknown>;
  const claims = new Map<string, { token: string; expires: number }>();
  return {
    where: 'memory',
    get: (key) => keyv.get(key),
    set: async (key, value, ttlMs) => void (await keyv.set(key, value, ttlMs)),
    delete: (key) => keyv.delete(key),
    async *scan(prefix) {
      for (const [key, raw] of [...map.entries()]) if (key.startsWith(prefix)) yield [key, await decode(keyv, raw)];
    },
    async claim(key, token, ttlMs) {
      const current = claims.get(key);
      if (current && current.expires > clock.now()) return false;
      claims.set(key, { token, expires: clock.now() + ttlMs });
      return true;
    },
    async release(key, token) {
      if (claims.get(key)?.token === token) claims.delete(key);
    },
    ping: async () => {},
    close: async () => {
      map.clear();
      claims.clear();
    },
  };
}
