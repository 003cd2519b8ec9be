// The one place a Redis connection is made (ioredis, the client BullMQ already loads): the store, the
// Discord gateway lease and the shared media budget each ask here, so how a connection connects, gives up,
// reconnects and reports errors is decided once.

import { Redis } from 'ioredis';
import { ConfigError } from '../../core/errors.ts';

export type RedisClient = Redis;

export interface RedisConnectionOptions {
  /**
   * On the request path: commands fail at once while disconnected instead of queueing until Redis is back,
   * connecting and each command are bounded by `timeoutMs`, and a first connection that fails is not retried
   * in the background (the caller sees the error; `ready()` tries again). Otherwise commands queue and retry
   * once across a reconnection, which ioredis retries for ever (background work: leases, budgets).
   */
  failFast?: boolean;
  /** With `failFast`, the bound on connecting and on each command; default 5000 ms. */
  timeoutMs?: number;
  /** Where connection errors go; the command that failed rejects with them anyway. Default: dropped. */
  onError?: (error: Error) => void;
}

export interface RedisConnection {
  readonly client: RedisClient;
  /** The URL without credentials, safe for messages and logs. */
  readonly where: string;
  /**
   * Connects if no connection is up or being retried, within `timeoutMs`. Resolves at once while connected;
   * while a dropped connection is being retried it resolves too, and fail-fast commands then fail at once.
   */
  ready(): Promise<void>;
  /** Waits for replies still due when connected; drops the socket otherwise. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5_000;
// A dropped fail-fast connection is retried in the background, backing off to at most 2 s between tries.
const MAX_BACKOFF_MS = 2_000;

export function createRedisConnection(url: string, options: RedisConnectionOptions = {}): RedisConnection {
  const where = redisAddress(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let everReady = false;
  const client = new Redis(
    url,
    options.failFast
      ? {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: timeoutMs,
          commandTimeout: timeoutMs,
          retryStrategy: (times) => (everReady ? Math.min(2 ** times * 100, MAX_BACKOFF_MS) : null),
        }
      : { lazyConnect: true, maxRetriesPerRequest: 1 },
  );
  client.on('ready', () => {
    everReady = true;
  });
  client.on('error', (error: Error) => options.onError?.(error));

  let connecting: Promise<void> | undefined;
  return {
    client,
    where,
    async ready() {
      if (client.status === 'ready') return;
      // While a dropped connection is being retried, there is nothing to start.
      if (!connecting && client.status !== 'wait' && client.status !== 'end') return;
      connecting ??= connectWithin(client, timeoutMs).finally(() => {
        connecting = undefined;
      });
      await connecting;
    },
    async close() {
      // quit() waits for replies still due; without a connection none will come.
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    },
  };
}

/**
 * The handshake after the TCP connect has no timeout of its own, so a server that accepts but never
 * answers would hold the caller forever; give up after `timeoutMs` and drop the socket.
 */
async function connectWithin(client: Redis, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Error(`no answer within ${timeoutMs} ms`);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(silent), timeoutMs);
  });
  // connect() rejects with a bare "Connection is closed."; the network's reason (ECONNREFUSED, ENOTFOUND)
  // comes only as an 'error' event, and it is what the operator needs to read.
  let networkError: Error | undefined;
  const onError = (error: Error) => {
    networkError = error;
  };
  client.on('error', onError);
  const connect = client.connect();
  connect.catch(() => undefined);
  try {
    await Promise.race([connect, timeout]);
  } catch (caught) {
    const error = caught === silent ? silent : (networkError ?? caught);
    // Closed for good before the next caller tries again (ioredis ends the connection asynchronously and
    // refuses to connect while it is still closing).
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.disconnect();
    if (client.status !== 'end') await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    throw error;
  } finally {
    clearTimeout(timer);
    client.off('error', onError);
  }
}

/** The URL without credentials, safe for messages and logs. */
export function redisAddress(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('STORE_URL is not a valid URL; expected redis://host:6379 or sqlite://path/to/file.sqlite');
  }
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  return `${parsed.protocol}//${parsed.host}${path}`;
}
