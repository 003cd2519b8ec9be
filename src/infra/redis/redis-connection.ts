// The one place a Redis connection is made (ioredis, the client BullMQ already loads): the store, the
// Discord gateway's turn, the shared media budget and BullMQ's queues and workers each ask here, so how a
// connection finds the server (one address, or the primary the sentinels name), gives up, reconnects and
// reports errors is decided once.

import { Redis, type RedisOptions } from 'ioredis';
import { isConnectionError, WAIT_ON_REPLICA } from './redis-outage.ts';
import { parseRedisUrl, type RedisTarget, redisAddress } from './redis-url.ts';

export { redisAddress };
export type RedisClient = Redis;

export interface RedisConnectionOptions {
  /**
   * On the request path: commands fail at once while disconnected instead of queueing until Redis is back,
   * connecting and each command are bounded by `timeoutMs`, and a first connection that fails is not retried
   * in the background (the caller sees the error; `ready()` tries again). Otherwise commands queue and retry
   * once across a reconnection, which ioredis retries for ever (background work: turns, budgets).
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
  /**
   * Runs `op` once connected (as `ready`). When the connection drops under it to move to another node (the
   * sentinels announced a promotion; a reconnection), `op` is run again (`again` true) once it is back, within
   * 1.5 s: a planned switchover is then not a failure. `op` must be safe to repeat (the store's are: reads,
   * plain sets and deletes, and claims and compare-and-sets that recognise their own earlier write).
   */
  carried<T>(op: (again: boolean) => Promise<T>): Promise<T>;
  /** `host:port` of the server this connection is talking to now (the primary), undefined while not connected. */
  node(): string | undefined;
  /** Waits for replies still due when connected; drops the socket otherwise. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5_000;
/**
 * How long an operation waits for its connection to come back after it dropped under it (`carried`): a planned
 * switchover moves every connection in well under a second; within the store's 2 s bound on one operation.
 */
const MOVE_WITHIN_MS = 1_500;
// A dropped fail-fast connection is retried in the background, backing off to at most 2 s between tries.
const MAX_BACKOFF_MS = 2_000;

export function createRedisConnection(url: string, options: RedisConnectionOptions = {}): RedisConnection {
  const target = parseRedisUrl(url);
  const where = redisAddress(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let everReady = false;
  const retry = (times: number) => (everReady ? Math.min(2 ** times * 100, MAX_BACKOFF_MS) : null);
  const tuning: RedisOptions = options.failFast
    ? {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: timeoutMs,
        commandTimeout: timeoutMs,
        retryStrategy: retry,
        // Through sentinels: a first connection that finds none is not retried either (the caller sees why).
        sentinelRetryStrategy: retry,
        sentinelCommandTimeout: timeoutMs,
      }
    : { lazyConnect: true, maxRetriesPerRequest: 1 };
  const client =
    target.kind === 'server'
      ? new Redis(target.url, tuning)
      : new Redis({ ...sentinelOptions(target, options.failFast ? 'reject' : 'resend'), ...tuning });
  client.on('ready', () => {
    everReady = true;
  });
  followPromotions(url, client);
  client.on('error', (error: Error) => options.onError?.(error));

  let connecting: Promise<void> | undefined;
  return {
    client,
    where,
    async ready() {
      if (client.status === 'ready') return;
      // While a dropped connection is being retried, there is nothing to start.
      if (!connecting && client.status !== 'wait' && client.status !== 'end') return;
      connecting ??= connectWithin(client, timeoutMs, target).finally(() => {
        connecting = undefined;
      });
      await connecting;
    },
    async carried(op) {
      const deadline = Date.now() + MOVE_WITHIN_MS;
      for (let again = false; ; again = true) {
        try {
          await this.ready();
          return await op(again);
        } catch (error) {
          // Only a connection on its way back is waited for: one that is up answered, and one given up is down.
          const moving =
            client.status === 'reconnecting' || client.status === 'connecting' || client.status === 'connect';
          if (!moving || !isConnectionError(error) || !(await readyBy(client, deadline))) throw error;
        }
      }
    },
    node() {
      return client.status === 'ready' ? nodeOf(client) : undefined;
    },
    async close() {
      // quit() waits for replies still due; without a connection none will come.
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    },
  };
}

/** Whether `client` is ready again by `deadline` (ms since epoch). */
function readyBy(client: Redis, deadline: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), Math.max(0, deadline - Date.now()));
    client.on('ready', onReady);
  });
}

/**
 * The handshake after the TCP connect has no timeout of its own, so a server that accepts but never
 * answers would hold the caller forever; give up after `timeoutMs` and drop the socket.
 */
async function connectWithin(client: Redis, timeoutMs: number, target: RedisTarget): Promise<void> {
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
    const error = caught === silent ? silent : explained(networkError ?? caught, target);
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

/**
 * ioredis says "All sentinels are unreachable" also when they answered but know no primary by that name, and
 * "Connection is closed." when none answered; say which, and what to check.
 */
function explained(error: unknown, target: RedisTarget): unknown {
  if (target.kind !== 'sentinel' || !(error instanceof Error) || !/All sentinels are unreachable/.test(error.message)) {
    return error;
  }
  const hosts = target.sentinels.map(({ host, port }) => `${host}:${port}`).join(', ');
  if (/No such master with that name/.test(error.message)) {
    return new Error(
      `the sentinels at ${hosts} know no primary named "${target.name}" (the name after the hosts must be the ` +
        'one in the sentinels\' "sentinel monitor <name> …")',
      { cause: error },
    );
  }
  const last = /Last error: (.+)$/.exec(error.message)?.[1];
  const why = last && !/^Connection is closed/.test(last) ? ` (${last})` : '';
  return new Error(`no sentinel answered at ${hosts}${why}`, { cause: error });
}

/** `host:port` of the server at the other end of the client's socket. */
export function nodeOf(client: Redis): string | undefined {
  const { remoteAddress, remotePort } = client.stream ?? {};
  if (!remoteAddress || !remotePort) return undefined;
  return `${remoteAddress.includes(':') ? `[${remoteAddress}]` : remoteAddress}:${remotePort}`;
}

/**
 * Through Redis Sentinel: ioredis asks the sentinels in turn which node is primary, connects there, and checks
 * the node says it is a master (INFO) before using it; when the connection drops (the primary died) it asks
 * again, so it follows a promotion. Each connection is also reconnected the moment the sentinels announce a new
 * primary (`followPromotions`). An old primary that comes back is made a replica by the sentinels, and a
 * connection still on it is refused writes with READONLY (or has its blocking read ended, UNBLOCKED): it
 * reconnects, which asks the sentinels again.
 * READONLY means the command was not run, so it may be sent again (`resend`) on connections that queue.
 */
function sentinelOptions(target: Extract<RedisTarget, { kind: 'sentinel' }>, onReadonly: 'reject' | 'resend') {
  const followers = followersKey(target);
  return {
    sentinels: target.sentinels,
    name: target.name,
    // A sentinel that did not lead a failover names the old primary for a second or two after the switch (until
    // the leader's hello reaches it), and the old primary still says it is one: a connection asking that
    // sentinel would go back to it, be moved again, and so on. Within a few seconds of an announcement, the
    // node it replaced stands for the one announced.
    natMap: (address: string) => {
      const last = followersBySentinels.get(followers)?.last;
      if (!last || address !== last.from || Date.now() - last.at > ANNOUNCEMENT_FRESH_MS) return null;
      const at = last.to.lastIndexOf(':');
      return { host: last.to.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(last.to.slice(at + 1)) };
    },
    role: 'master',
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.db === undefined ? {} : { db: target.db }),
    reconnectOnError: (error: Error) => {
      if (error.message.startsWith('READONLY')) return onReadonly === 'resend' ? 2 : 1;
      // A WAIT on a node made a replica under this connection: its writes are confirmed again elsewhere.
      if (WAIT_ON_REPLICA.test(error.message)) return 1;
      // A blocking read (a BullMQ worker waiting for jobs) on a primary turned replica is ended with this.
      return error.message.startsWith('UNBLOCKED') ? 1 : false;
    },
  } satisfies RedisOptions;
}

/** The ioredis options of one of BullMQ's connections, which BullMQ opens (and closes) itself. */
export type QueueConnectionOptions = { [option: string]: unknown; url?: string };

/**
 * How BullMQ connects, from the same STORE_URL as the store: workers block waiting for jobs and must wait out
 * a restart or a failover rather than give up (`maxRetriesPerRequest: null`, BullMQ's rule for them); the
 * request path (adding, moving, cancelling tasks) fails fast instead of queueing while Redis is away. Both
 * reconnect after 0.1 s, backing off to 2 s (BullMQ's own default waits 1 to 20 s, which a failover pays),
 * and stop trying once `stopping()` says so: a connection that is closed while Redis is away would otherwise
 * hold its QUIT until Redis came back.
 */
export function queueConnectionOptions(
  url: string,
  use: 'worker' | 'request',
  stopping: () => boolean = () => false,
): QueueConnectionOptions {
  const target = parseRedisUrl(url);
  const retryStrategy = (times: number) => (stopping() ? null : Math.min(2 ** (times - 1) * 100, MAX_BACKOFF_MS));
  const tuning: RedisOptions =
    use === 'worker'
      ? { maxRetriesPerRequest: null, retryStrategy }
      : { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy };
  const options: RedisOptions & { url?: string } =
    target.kind === 'server'
      ? { url: target.url, ...tuning }
      : { ...sentinelOptions(target, use === 'worker' ? 'resend' : 'reject'), ...tuning };
  return { ...options };
}

/**
 * The request path's connection for BullMQ's queues as a client of our own (BullMQ uses it, never closes it):
 * the scheduler has a replica acknowledge what it wrote on it (WAIT), and closes it itself.
 */
export function createQueueClient(url: string, stopping: () => boolean): RedisClient {
  const { url: server, ...options } = queueConnectionOptions(url, 'request', stopping) as RedisOptions & {
    url?: string;
  };
  const client = server ? new Redis(server, options) : new Redis(options);
  followPromotions(url, client);
  return client;
}

/**
 * A connection to each sentinel of `url`, to ask them questions (redis-replica-census.ts): made when first used,
 * each command bounded by `timeoutMs`, a sentinel that dropped connected again when next asked. Undefined for a
 * single server.
 */
export function sentinelClients(url: string, timeoutMs: number): RedisClient[] | undefined {
  const target = parseRedisUrl(url);
  if (target.kind !== 'sentinel') return undefined;
  return target.sentinels.map(({ host, port }) => {
    const client = new Redis({
      host,
      port,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      retryStrategy: () => null,
    });
    // A sentinel that is down is passed over; the store's own connections say when Redis cannot be reached.
    client.on('error', () => undefined);
    return client;
  });
}

/** A promotion the sentinels announced: `from` and `to` are `host:port`, as /healthz names a node. */
export interface PrimarySwitch {
  from: string;
  to: string;
}

// A sentinel that dropped is asked again every 0.1 s, backing off to 2 s, for as long as the bot runs.
const SENTINEL_RETRY = (times: number) => Math.min(2 ** (times - 1) * 100, MAX_BACKOFF_MS);

/**
 * Calls `onSwitch` once for each promotion the sentinels of `url` announce (`+switch-master` for its primary's
 * name; every sentinel announces it, so repeats are dropped), for the log. Undefined for a single server.
 * Connections follow a promotion through `followPromotions`; this only tells of it.
 */
export function watchPrimarySwitches(
  url: string,
  onSwitch: (change: PrimarySwitch) => void,
): { close(): void } | undefined {
  const target = parseRedisUrl(url);
  if (target.kind !== 'sentinel') return undefined;
  let last: string | undefined;
  const clients = target.sentinels.map(({ host, port }) => {
    const client = new Redis({ host, port, retryStrategy: SENTINEL_RETRY, maxRetriesPerRequest: null });
    // A sentinel that is down is retried; the store's own connections say when Redis cannot be reached.
    client.on('error', () => undefined);
    client.subscribe('+switch-master').catch(() => undefined);
    client.on('message', (_channel: string, message: string) => {
      const [name, fromHost, fromPort, toHost, toPort] = message.split(' ');
      if (name !== target.name || !toHost || !toPort) return;
      const to = `${toHost}:${toPort}`;
      if (to === last) return;
      last = to;
      onSwitch({ from: `${fromHost}:${fromPort}`, to });
    });
    return client;
  });
  return {
    close() {
      for (const client of clients) client.disconnect();
    },
  };
}

/** The connections following one set of sentinels' announcements, and the one subscription telling them. */
interface Followers {
  readonly clients: Set<Redis>;
  readonly watch: { close(): void };
  /** The primary last announced, the one it replaced, and when. */
  last?: { from: string; to: string; at: number };
}

const followersBySentinels = new Map<string, Followers>();
const followersKey = (target: Extract<RedisTarget, { kind: 'sentinel' }>) =>
  `${target.name}@${target.sentinels.map(({ host, port }) => `${host}:${port}`).join(',')}`;
/** A connection made ready on the old primary this soon after an announcement is moved again. */
const ANNOUNCEMENT_FRESH_MS = 10_000;

/**
 * Has `client` reconnect (asking the sentinels again) the moment the sentinels of `url` announce a new primary
 * (`+switch-master`), planned (`SENTINEL FAILOVER`) or not. Without it a connection leaves the old primary only
 * when that one drops it: after a planned failover the old primary stays up and takes writes until the sentinels
 * turn it into a replica, ~10 s later, and the new primary never gets them. ioredis's own `failoverDetector`
 * is not used: a switch announced while a connection is still asking the sentinels ends that connection for
 * good (its connect rejects and ioredis gives up). One subscription per set of sentinels serves every
 * connection of the process while one of them is up; a connection that ends leaves it. No-op for one server.
 */
export function followPromotions(url: string, client: unknown): void {
  const target = parseRedisUrl(url);
  // BullMQ hands its connections out as its own client type; on ioredis they are ioredis connections.
  if (target.kind !== 'sentinel' || !(client instanceof Redis)) return;
  const key = followersKey(target);
  const join = () => {
    let followers = followersBySentinels.get(key);
    if (!followers) {
      const clients = new Set<Redis>();
      const created: Followers = {
        clients,
        watch: watchPrimarySwitches(url, ({ from, to }) => {
          created.last = { from, to, at: Date.now() };
          for (const c of clients) if (c.status === 'ready' && nodeOf(c) !== to) c.disconnect(true);
        }) ?? { close: () => undefined },
      };
      followers = created;
      followersBySentinels.set(key, followers);
    }
    followers.clients.add(client);
    // Made ready on the old primary while the announcement was on its way: it moves too.
    const { last } = followers;
    if (last && Date.now() - last.at < ANNOUNCEMENT_FRESH_MS && nodeOf(client) !== last.to) client.disconnect(true);
  };
  const leave = () => {
    const followers = followersBySentinels.get(key);
    if (!followers?.clients.delete(client) || followers.clients.size > 0) return;
    followers.watch.close();
    followersBySentinels.delete(key);
  };
  client.on('ready', join);
  client.on('end', leave);
  if (client.status === 'ready') join();
}
