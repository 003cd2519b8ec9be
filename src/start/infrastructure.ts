// Stage 1: what the bot runs on. The store (pinged, legacy keys moved), the Redis connections replicas
// share, the media API's client (and the sandbox when it stands in for the API), the scheduler, and the web
// edge, created but not listening: its routes are mounted once the bot is built. Each has its closer,
// so the scheduler's running tasks finish before the media client and the store they call are closed.
import { dirname, join } from 'node:path';
import type { Config } from '../config.ts';
import { METRIC_DEFINITIONS } from '../core/app/metric-definitions.ts';
import { loadOrCreateKeyFile } from '../core/channels/key-files.ts';
import type { BudgetCounter } from '../core/media/budget-counter.ts';
import { createMediaClient, type MediaClient } from '../core/media/client.ts';
import { createKeyNamer } from '../core/media/key-name.ts';
import type { Metrics } from '../core/metrics.ts';
import { type Clock, type Logger, type Store, systemClock } from '../core/ports.ts';
import type { Scheduler } from '../core/scheduler.ts';
import { createMetrics } from '../infra/prom-metrics.ts';
import { bullmqPrefix, KEY_PREFIX } from '../infra/redis/redis-keys.ts';
import { openStore, type StoreOptions } from '../infra/store/open-store.ts';
import type { Closers } from '../runtime/closers.ts';
import { DEFAULT_SANDBOX_PORT } from '../sandbox/options.ts';
import type { Sandbox, SandboxOptions } from '../sandbox/server.ts';
import { createWebEdge, type WebEdge } from '../web/edge.ts';
import type { MediaApiHealth } from '../web/health.ts';
import type { BotOptions, SchedulerFactory } from './options.ts';

/** The key the bot sends when it runs against the local sandbox, which accepts any key. */
export const SANDBOX_KEY = 'sandbox-key';

/** The Redis every replica shares, with the prefix in front of the bot's keys. */
export interface SharedRedis {
  url: string;
  prefix: string;
}

export interface Infrastructure {
  clock: Clock;
  store: Store;
  /** Set when the store is on Redis: replicas share queues, budgets, rate windows and the gateway there. */
  redis?: SharedRedis;
  /** Where local files live (the encryption key file, the sandbox's projects): beside the SQLite store. */
  dataDir: string;
  /** The SQLite store file's folder, whose key files open secrets (none with Redis or a store handed in). */
  sqliteFolder?: string;
  /** ENCRYPTION_KEY, or the key file in `dataDir`: seals secrets, and names API keys on /metrics and in logs. */
  encryptionKey: Buffer;
  scheduler: Scheduler;
  /** Replicas on one Redis spend one budget per key between them, not one each. */
  budgetCounter?: BudgetCounter;
  /** The media API simulator, when MEDIA_API_URL=sandbox. */
  sandbox?: Sandbox;
  media: MediaClient;
  /** The media API's last answer, for /healthz. */
  mediaApiHealth(): MediaApiHealth | undefined;
  /** The one web edge, routed once the bot is built (serve.ts). */
  web: WebEdge;
  metrics: Metrics;
}

/** The embedded scheduler on the bot's store; `tickMs` is its longest sleep between looks at the due-time index. */
export function embeddedScheduler(tickMs?: number): SchedulerFactory {
  return async ({ store, clock, logger }) => {
    const { createEmbeddedScheduler } = await import('../infra/scheduler/embedded.ts');
    return createEmbeddedScheduler({ store, clock, logger, ...(tickMs === undefined ? {} : { maxSleepMs: tickMs }) });
  };
}

/**
 * Replicas share Redis, so they share BullMQ's queues; one process on SQLite keeps its tasks in the store.
 * Imported on demand, so a SQLite bot never pays BullMQ's and ioredis's memory and load time for nothing.
 */
function defaultScheduler(redis: SharedRedis | undefined): SchedulerFactory {
  if (!redis) return embeddedScheduler();
  return async ({ logger }) => {
    const { createBullmqScheduler } = await import('../infra/scheduler/bullmq.ts');
    return createBullmqScheduler({ url: redis.url, prefix: bullmqPrefix(redis.prefix), logger });
  };
}

function isStore(s: Store | StoreOptions): s is Store {
  return !('kind' in s);
}

function isSandbox(s: Partial<SandboxOptions> | Sandbox): s is Sandbox {
  return 'baseUrl' in s;
}

/**
 * The simulator for MEDIA_API_URL=sandbox: the caller's own (left to it to close), or one on a loopback port. The
 * bot's own listens on SANDBOX_PORT (default 4010): its result links name that port, so the links a console printed
 * still open after a restart (any sandbox serves any output id). A caller's options (tests) take any free port.
 */
async function openSandbox(
  given: Partial<SandboxOptions> | Sandbox | undefined,
  fromEnv: Partial<SandboxOptions> | undefined,
  at: StoreOptions | undefined,
  dataDir: string,
  closers: Closers,
  logger: Logger,
): Promise<Sandbox> {
  if (given && isSandbox(given)) return given;
  // Loaded only when it runs: a bot on the real API never needs its code.
  const { startSandbox } = await import('../sandbox/server.ts');
  const port = given ? (given.port ?? 0) : (fromEnv?.port ?? DEFAULT_SANDBOX_PORT);
  const options = {
    // Kept beside the SQLite store: another console on it, or the next start, reads its projects back.
    ...(at?.kind === 'sqlite' ? { projectsDir: join(dataDir, 'sandbox-projects') } : {}),
    ...fromEnv,
    ...given,
    host: '127.0.0.1',
  };
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ ...options, port });
  } catch (err) {
    if (port === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    // Another console on this checkout (whose sandbox serves the same links), or another program.
    sandbox = await startSandbox({ ...options, port: 0 });
    logger.warn(
      `Port ${port} is in use; the media API sandbox listens on ${sandbox.origin} instead, so the result links of ` +
        'this run open only while it runs (SANDBOX_PORT sets another fixed port).',
    );
  }
  closers.push('the sandbox', () => sandbox.close());
  return sandbox;
}

/** Opens the store STORE_URL (or the caller) names, ready for the first read. */
async function openBotStore(at: StoreOptions, clock: Clock | undefined, logger: Logger, closers: Closers) {
  const store = await openStore(at, { clock });
  closers.push('the store', () => store.close());
  // The first answer may include connecting (and a TLS handshake): allow the connect bound.
  await store.ping(5_000);
  // Keys an earlier version wrote without a Cluster hash tag move under the prefix with one, before any is read.
  if (at.kind === 'redis' && at.legacyPrefix) {
    const { moveLegacyKeys } = await import('../infra/redis/redis-key-layout.ts');
    await moveLegacyKeys({ url: at.url, from: at.legacyPrefix, to: at.prefix ?? KEY_PREFIX, logger });
  }
  return store;
}

export async function openInfrastructure(
  config: Config,
  options: BotOptions,
  closers: Closers,
): Promise<Infrastructure> {
  const { logger } = options;
  const infra = options.infra ?? {};
  const clock = infra.clock ?? systemClock;
  const given = infra.store ?? config.store;
  // A ready store is the caller's: this process's own, closed by its owner.
  const store = isStore(given) ? given : await openBotStore(given, infra.clock, logger, closers);
  const at = isStore(given) ? undefined : given;
  const redis = at?.kind === 'redis' ? { url: at.url, prefix: at.prefix ?? KEY_PREFIX } : undefined;
  const dataDir = at?.kind === 'sqlite' ? dirname(at.path) : 'data';

  if (redis) {
    const { logStoreWrites } = await import('../infra/store/store-write-log.ts');
    const { redisAddress } = await import('../infra/redis/redis-url.ts');
    const writes = logStoreWrites({ store, logger, where: redisAddress(redis.url) });
    closers.push('the store write log', async () => writes.close());
  }

  if (redis && store.node) {
    const { logPrimarySwitches } = await import('../infra/redis/redis-primary-log.ts');
    const node = store.node.bind(store);
    const switches = logPrimarySwitches({ url: redis.url, logger, node });
    if (switches) closers.push('the failover log', async () => switches.close());
  }

  const budgetCounter = redis
    ? (await import('../infra/redis/redis-budget.ts')).createRedisBudgetCounter(redis)
    : undefined;
  if (budgetCounter) closers.push('the budget counter', () => budgetCounter.close());

  const sandbox =
    config.mediaApi.mode === 'sandbox'
      ? await openSandbox(infra.sandbox, config.mediaApi.sandbox, at, dataDir, closers, logger)
      : undefined;

  const encryptionKey = config.encryptionKey ?? (await loadOrCreateKeyFile(dataDir));
  const metrics = createMetrics({ definitions: METRIC_DEFINITIONS });
  let lastMediaAnswer: MediaApiHealth | undefined;
  const media = createMediaClient({
    baseUrl: sandbox?.baseUrl ?? config.mediaApi.url ?? '',
    logger,
    clock,
    rateLimitPerHour: config.mediaApi.rateLimitPerHour,
    // Labels and counters name a key by an HMAC under the deployment's own secret, not by a bare hash of it.
    keyName: createKeyNamer(encryptionKey),
    // The keys every workspace the bot serves would spend from: each workspace gets its own share of them.
    ...(config.mediaApi.workspaceShare === undefined
      ? {}
      : {
          workspaceShare: {
            keys: [config.mediaApi.defaultKey, sandbox ? SANDBOX_KEY : undefined].filter((k) => k !== undefined),
            perHour: config.mediaApi.workspaceShare,
          },
        }),
    ...(budgetCounter ? { budgetCounter } : {}),
    ...(infra.mediaTransport ? { transport: infra.mediaTransport } : {}),
    onCall: (e) => {
      lastMediaAnswer = { status: e.status, at: clock.now() };
      metrics.inc('reelbot_media_api_calls_total', { route: e.route, status: String(e.status) });
    },
    onBudget: (e) =>
      metrics.inc(e.taken ? 'reelbot_media_api_budget_spent_total' : 'reelbot_media_api_budget_refused_total', {
        key: e.key,
        use: e.use,
      }),
    ...options.tuning?.media,
  });
  metrics.set('reelbot_media_api_budget_per_hour', {}, media.limiter.perHour);
  closers.push('the media client', () => media.close());

  const scheduler = await (infra.scheduler ?? defaultScheduler(redis))({ store, clock, logger });
  // Stopped once the adapters finished their acknowledged work, which may still schedule tasks.
  closers.push('the scheduler', () => scheduler.stop());

  const web = createWebEdge({ logger });
  closers.push('the HTTP listener', () => web.close());

  return {
    clock,
    store,
    ...(redis ? { redis } : {}),
    dataDir,
    ...(at?.kind === 'sqlite' ? { sqliteFolder: dataDir } : {}),
    encryptionKey,
    scheduler,
    ...(budgetCounter ? { budgetCounter } : {}),
    ...(sandbox ? { sandbox } : {}),
    media,
    mediaApiHealth: () => lastMediaAnswer,
    web,
    metrics,
  };
}
