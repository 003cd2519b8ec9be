// The Store port on Redis, for several replicas. Claims are SET NX PX; renew, release and
// compare-and-set are Lua scripts, so each is one atomic step on the server.

import KeyvRedis, { createClient } from '@keyv/redis';
import { ConfigError } from '../errors.ts';
import { type Clock, type Store, systemClock } from '../ports.ts';
import { type Backend, createBackedStore, redactUrl } from './backend.ts';
import { decode, encode, type Keyv, keyvOver } from './keyv-rows.ts';

const REDIS_TIMEOUT_MS = 5_000;
/**
 * Bound on each operation on the request path. The client's own command timeout does not abort a
 * command already written to a Redis that accepts but never answers, so backend.ts races this.
 */
const OPERATION_TIMEOUT_MS = 2_000;
// A dropped Redis connection is retried in the background, backing off to at most 2 s between tries.
const REDIS_MAX_BACKOFF_MS = 2_000;

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
type RedisClient = ReturnType<typeof createRedisClient>;

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
async function connectWithin(client: RedisClient, timeoutMs: number): Promise<void> {
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
  client: RedisClient;
  adapter: KeyvRedis<string>;
  keyv: Keyv;
  connected: () => Promise<void>;
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
        yield [`${prefix}${String(key)}`, decode(raw)];
      }
    },
    async read(key) {
      await connected();
      const raw = await client.get(key);
      if (typeof raw !== 'string') return undefined;
      return { value: decode(raw), stamp: raw };
    },
    async writeIf(key, stamp, value, ttlMs) {
      await connected();
      const raw = encode(value, ttlMs);
      const ttl = ttlMs === undefined ? '' : String(ttlMs);
      const args = [stamp === undefined ? '0' : '1', stamp ?? '', raw, ttl];
      return (await client.eval(WRITE_IF_UNCHANGED, { keys: [key], arguments: args })) === 1;
    },
    async claim(key, token, ttlMs) {
      await connected();
      const reply = await client.set(key, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } });
      return reply === 'OK';
    },
    async renew(key, token, ttlMs) {
      await connected();
      return (await client.eval(RENEW_IF_HELD, { keys: [key], arguments: [token, String(ttlMs)] })) === 1;
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
