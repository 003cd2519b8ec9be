// The Store port on Redis, for several replicas. Claims are SET NX PX; renew, release and
// compare-and-set are Lua scripts (sent once, then run by their hash), so each is one atomic step on the
// server. Rows are in keyv's format (keyv-rows.ts), byte for byte what keyv with @keyv/redis wrote before
// this store spoke to Redis through ioredis — the client BullMQ already loads, so a Redis bot carries one
// Redis client library, not two; the tests prove files written either way read back.

import { Redis } from 'ioredis';
import { ConfigError } from '../errors.ts';
import { type Clock, type Store, systemClock } from '../ports.ts';
import { type Backend, createBackedStore, redactUrl } from './backend.ts';
import { decode, encode } from './keyv-rows.ts';

const REDIS_TIMEOUT_MS = 5_000;
/**
 * Bound on each operation on the request path. The client's own command timeout does not abort a
 * command already written to a Redis that accepts but never answers, so backend.ts races this.
 */
const OPERATION_TIMEOUT_MS = 2_000;
// A dropped Redis connection is retried in the background, backing off to at most 2 s between tries.
const REDIS_MAX_BACKOFF_MS = 2_000;
/** Keys asked for per SCAN step (Redis's hint; it may return more or fewer). */
const SCAN_COUNT = 200;

export interface RedisStoreOptions {
  url: string;
  clock?: Clock;
  /** Put in front of every key so several bots can share one Redis; default `reelbot:`. */
  prefix?: string;
  /** Bound on connecting; default 5000 ms. */
  timeoutMs?: number;
  /** Bound on each operation; default 2000 ms. */
  operationTimeoutMs?: number;
}

/** Connects on first use, so call `ping()` at start-up to fail fast. */
export function createRedisStore(options: RedisStoreOptions): Store {
  const clock = options.clock ?? systemClock;
  const keyPrefix = options.prefix ?? 'reelbot:';
  if (!/^[A-Za-z0-9_.:-]*$/.test(keyPrefix)) {
    throw new ConfigError(`the Redis key prefix "${keyPrefix}" may only hold letters, digits, _ . : -`);
  }
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  return createBackedStore(openRedis(options.url, timeoutMs), {
    clock,
    keyPrefix,
    operationTimeoutMs: options.operationTimeoutMs ?? OPERATION_TIMEOUT_MS,
    connectTimeoutMs: timeoutMs,
  });
}

const RELEASE_IF_HELD = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
const RENEW_IF_HELD =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";
// ARGV: 1 = whether a value was read ('1') or the key was absent ('0'), 2 = what was read,
// 3 = the new row, 4 = time to live in ms ('' = none).
const WRITE_IF_UNCHANGED = `
local current = redis.call('get', KEYS[1])
if ARGV[1] == '0' then
  if current then return 0 end
elseif current ~= ARGV[2] then return 0 end
if ARGV[4] == '' then redis.call('set', KEYS[1], ARGV[3]) else redis.call('set', KEYS[1], ARGV[3], 'PX', ARGV[4]) end
return 1`;

/** The scripts, registered on the client: ioredis runs each by its hash and sends the text only once. */
interface Scripts {
  releaseIfHeld(key: string, token: string): Promise<number>;
  renewIfHeld(key: string, token: string, ttlMs: string): Promise<number>;
  writeIfUnchanged(key: string, read: string, stamp: string, row: string, ttlMs: string): Promise<number>;
}

function createRedisClient(url: string, timeoutMs: number): Redis & Scripts {
  let everReady = false;
  const client = new Redis(url, {
    lazyConnect: true,
    // Fail commands at once while disconnected instead of queueing them until Redis returns.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    // The first connection fails fast (the caller sees the error); a connection that was up and
    // dropped is retried in the background while commands fail with StoreUnavailableError.
    retryStrategy: (times) => (everReady ? Math.min(2 ** times * 100, REDIS_MAX_BACKOFF_MS) : null),
  });
  client.on('ready', () => {
    everReady = true;
  });
  // Failures reach the caller through the command that failed (backend.ts says where and what to check).
  client.on('error', () => undefined);
  client.defineCommand('releaseIfHeld', { numberOfKeys: 1, lua: RELEASE_IF_HELD });
  client.defineCommand('renewIfHeld', { numberOfKeys: 1, lua: RENEW_IF_HELD });
  client.defineCommand('writeIfUnchanged', { numberOfKeys: 1, lua: WRITE_IF_UNCHANGED });
  return client as Redis & Scripts;
}

function openRedis(url: string, timeoutMs: number): Backend {
  const where = redactUrl(url);
  const client = createRedisClient(url, timeoutMs);
  let connecting: Promise<void> | undefined;
  const connected = async () => {
    if (client.status === 'ready') return;
    // While a dropped connection is being retried, commands fail at once (no offline queue).
    if (!connecting && client.status !== 'wait' && client.status !== 'end') return;
    connecting ??= connectWithin(client, timeoutMs).finally(() => {
      connecting = undefined;
    });
    await connecting;
  };
  return redisBackend(where, client, connected);
}

/**
 * The handshake after the TCP connect has no timeout of its own, so a server that accepts but never
 * answers would hold the caller forever; give up after `timeoutMs` and drop the socket.
 */
async function connectWithin(client: Redis, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const connect = client.connect();
  connect.catch(() => undefined);
  try {
    await Promise.race([connect, timeout]);
  } catch (error) {
    // Closed for good before the next caller tries again (ioredis ends the connection asynchronously and
    // refuses to connect while it is still closing).
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.disconnect();
    if (client.status !== 'end') await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function redisBackend(where: string, client: Redis & Scripts, connected: () => Promise<void>): Backend {
  return {
    where,
    async get(key) {
      await connected();
      return decode((await client.get(key)) ?? undefined);
    },
    async set(key, value, ttlMs) {
      await connected();
      const row = encode(value, ttlMs);
      if (ttlMs === undefined) await client.set(key, row);
      else await client.set(key, row, 'PX', ttlMs);
    },
    async delete(key) {
      await connected();
      return (await client.del(key)) > 0;
    },
    async *scan(prefix) {
      await connected();
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', SCAN_COUNT, 'TYPE', 'string');
        cursor = next;
        if (keys.length === 0) continue;
        const rows = await client.mget(keys);
        for (const [i, key] of keys.entries()) yield [key, decode(rows[i] ?? undefined)];
      } while (cursor !== '0');
    },
    async read(key) {
      await connected();
      const raw = await client.get(key);
      if (typeof raw !== 'string') return undefined;
      return { value: decode(raw), stamp: raw };
    },
    async writeIf(key, stamp, value, ttlMs) {
      await connected();
      const row = encode(value, ttlMs);
      const ttl = ttlMs === undefined ? '' : String(ttlMs);
      return (await client.writeIfUnchanged(key, stamp === undefined ? '0' : '1', stamp ?? '', row, ttl)) === 1;
    },
    async claim(key, token, ttlMs) {
      await connected();
      return (await client.set(key, token, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async renew(key, token, ttlMs) {
      await connected();
      return (await client.renewIfHeld(key, token, String(ttlMs))) === 1;
    },
    async release(key, token) {
      await connected();
      await client.releaseIfHeld(key, token);
    },
    async ping() {
      await connected();
      await client.ping();
    },
    async close() {
      // quit() waits for replies still due; without a connection none will come.
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    },
  };
}
