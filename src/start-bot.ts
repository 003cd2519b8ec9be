// The composition root: the whole bot from its configuration. main.ts calls it with the configuration it
// read; tests and benchmarks call it the same way, with overrides that change what is built (a clock, a
// store, the sandbox's speed, timings, a chat of their own) but never whether a production path runs.
// Each store driver, BullMQ, the sandbox and each platform library is imported only when the
// configuration uses it: a bot that never needs one does not pay its memory or start-up time.
import { dirname, join } from 'node:path';
import { type Config, UNREACHABLE_WEBHOOK_BASE } from './config.ts';
import type { ConsoleRunOptions } from './console/run.ts';
import { createApp } from './core/app/app.ts';
import { createSecretBox, loadOrCreateKeyFile, rotationKeys } from './core/channels/secret-box.ts';
import type { SettingsRepo } from './core/channels/settings-repo.ts';
import { createOnce, type Once } from './core/guarantees/once.ts';
import { createOutbox, type Outbox } from './core/guarantees/outbox.ts';
import type { JobService, JobTimings } from './core/jobs/service.ts';
import { createMediaClient, type MediaClient, type MediaClientOptions } from './core/media/client.ts';
import type { Metrics } from './core/metrics.ts';
import type { ChatAdapter, ConnectionHealth, RawRoute } from './core/platform/chat-adapter.ts';
import type { Bot } from './core/platform/interaction.ts';
import { type ChatPort, type Clock, type Logger, type Platform, type Store, systemClock } from './core/ports.ts';
import type { PublishKit } from './core/publish/kit.ts';
import type { Scheduler } from './core/scheduler.ts';
import type { MediaApiHealth } from './infra/http/health.ts';
import { startMetricsListener } from './infra/http/metrics-listener.ts';
import { type HttpListener, startHttpServer } from './infra/http/server.ts';
import { createMetrics } from './infra/prom-metrics.ts';
import { openStore, type StoreOptions } from './infra/store/open-store.ts';
import { shutdown } from './runtime/shutdown.ts';
import type { Sandbox, SandboxOptions } from './sandbox/server.ts';
import type { PaceOptions } from './slack/pace.ts';

/** The key the bot sends when it runs against the local sandbox, which accepts any key. */
export const SANDBOX_KEY = 'sandbox-key';

/** How long a piped console session waits for its jobs before exiting. */
const CONSOLE_WAIT_MS = 5 * 60_000;

export interface BotOptions {
  /** Where the bot's lines go (main.ts makes it from the configuration). */
  logger: Logger;
  /**
   * Aborted when the process is told to stop while it starts (a platform slow to answer): startBot then
   * stops what it built, within the shutdown bound, and rejects with the signal's reason.
   */
  signal?: AbortSignal;
  // Everything below is for tests and benchmarks only.
  clock?: Clock;
  /** Instead of STORE_URL: memory, a temp SQLite file or a Redis prefix. */
  store?: StoreOptions;
  sandbox?: Partial<SandboxOptions>;
  /** Client overrides (sleep and retry bounds). */
  media?: Partial<MediaClientOptions>;
  timings?: Partial<JobTimings>;
  /** Longest sleep of the scheduler between looks at its due-time index (it wakes earlier when work is due). */
  pollTickMs?: number;
  /** A request left in `publishing` this long by a stopped process is shown as outcome unknown (default 5 min). */
  publishStaleMs?: number;
  /**
   * A chat of the caller's own, given the bot (a test's recording chat, a console it types into). With
   * neither Discord nor Slack configured it takes the terminal console's place.
   */
  chat?: (bot: Bot) => ChatPort;
  /** The terminal console's streams and wait (default stdin, stdout and 5 min). */
  console?: Partial<Pick<ConsoleRunOptions, 'input' | 'output' | 'waitMs'>>;
  /** Slack's per-channel pacing (a suite that is not about pacing lifts it). */
  slackPace?: PaceOptions;
  /** Slack's rate window, 60 s (a suite that compresses time, with its double, shortens it). */
  slackRateWindowMs?: number;
}

export interface RunningBot {
  bot: Bot;
  jobs: JobService;
  /** Durable delayed work: job polls, progress, scheduled posts. */
  scheduler: Scheduler;
  /** Publish requests, approval policy and social accounts. */
  publish: PublishKit;
  store: Store;
  /** The one only-once module every part of the bot, adapters included, is given. */
  once: Once;
  /** Posts each message once (tests post through it as the core does). */
  outbox: Outbox;
  settings: SettingsRepo;
  media: MediaClient;
  metrics: Metrics;
  sandbox?: Sandbox;
  /** The HTTP listener's port (webhooks, /healthz, /metrics, Slack and Discord HTTP routes). */
  port: number;
  /** The port of /metrics' own listener when METRICS_PORT is set. */
  metricsPort?: number;
  /** The URL the media API is told to send webhooks to. */
  webhookBase(): string;
  /** The platform adapters running (Discord, Slack, or the console). */
  adapters: ChatAdapter[];
  /** Settles with an exit code when an adapter's session ends (the console); servers never finish. */
  finished?: Promise<number>;
  /** Posts for `port.platform` go to this chat from now on (tests swap in a failing or slow one). */
  registerChat(port: ChatPort): void;
  /** A connection /healthz reports (and answers 503 while it is down). */
  watchConnection(name: string, health: () => ConnectionHealth): void;
  /**
   * Stops within the shutdown bound: no new polls, the adapters' acknowledged work and queued posts, then
   * the listener and the store. Resolves false when something was cut short.
   */
  stop(): Promise<boolean>;
}

function timingsFor(config: Config, sandbox: boolean): JobTimings {
  const horizonMs = config.pollHorizonHours * 3600_000;
  if (sandbox) return { firstPollMs: 10_000, maxPollMs: 60_000, horizonMs };
  // With webhooks the poller is only a safety net; without them it is the only way results arrive.
  if (config.publicUrl) return { firstPollMs: 120_000, maxPollMs: 30 * 60_000, horizonMs };
  return { firstPollMs: 20_000, maxPollMs: 5 * 60_000, horizonMs };
}

/**
 * Replicas share Redis, so they share BullMQ's queues; one process on SQLite keeps its tasks in the store.
 * Imported on demand, so a SQLite bot never pays BullMQ's and ioredis's memory and load time for nothing.
 */
async function createScheduler(at: StoreOptions, store: Store, options: BotOptions, clock: Clock): Promise<Scheduler> {
  if (at.kind === 'redis') {
    const { createBullmqScheduler } = await import('./infra/scheduler/bullmq.ts');
    return createBullmqScheduler({ url: at.url, prefix: `${at.prefix ?? '{reelbot}:'}bull`, logger: options.logger });
  }
  const { createEmbeddedScheduler } = await import('./infra/scheduler/embedded.ts');
  return createEmbeddedScheduler({
    store,
    logger: options.logger,
    clock,
    ...(options.pollTickMs === undefined ? {} : { maxSleepMs: options.pollTickMs }),
  });
}

interface AdapterParts {
  config: Config;
  options: BotOptions;
  storeAt: StoreOptions;
  bot: Bot;
  store: Store;
  once: Once;
  metrics: Metrics;
  jobs: JobService;
}

/** The platform adapters the configuration names: Discord and/or Slack, the terminal console when neither. */
async function createAdapters(parts: AdapterParts): Promise<ChatAdapter[]> {
  const { config, options, storeAt, bot, store, once, metrics } = parts;
  const { logger } = options;
  const adapters: ChatAdapter[] = [];
  if (config.discord) {
    const { createDiscordAdapter } = await import('./discord/adapter.ts');
    const { discord } = config;
    // With Redis and the gateway, replicas take turns holding it (docs/reliability.md, "Running several replicas");
    // ioredis is loaded only by a configuration that uses it.
    const lease =
      storeAt.kind === 'redis' && !discord.publicKey
        ? (await import('./infra/redis/redis-lease.ts')).createRedisLease
        : undefined;
    const adapter = createDiscordAdapter({
      bot,
      store,
      once,
      metrics,
      // The adapter tags its own lines with the platform; tagging here too wrote it twice.
      logger,
      token: discord.token,
      apiUrl: discord.apiUrl,
      guildId: discord.guildId,
      publicKey: discord.publicKey,
      ...(lease && storeAt.kind === 'redis'
        ? {
            gatewayLease: (onLost: () => void) =>
              lease({ url: storeAt.url, key: `${storeAt.prefix ?? '{reelbot}:'}discord-gateway`, logger, onLost }),
          }
        : {}),
    });
    adapters.push({ platform: 'discord', ...adapter });
  }
  if (config.slack) {
    const { createSlackAdapter } = await import('./slack/adapter.ts');
    // Replicas on one Redis spend the workspace's tiers and each channel's posts together, not one budget each.
    const rateWindow =
      storeAt.kind === 'redis'
        ? (await import('./infra/redis/redis-rate-window.ts')).createRedisRateWindow({
            url: storeAt.url,
            ...(storeAt.prefix ? { prefix: storeAt.prefix } : {}),
          })
        : undefined;
    const adapter = createSlackAdapter({
      bot,
      once,
      metrics,
      // The Slack adapter tags its own lines (Bolt's included) with the platform; tagging here too wrote it twice.
      logger,
      botToken: config.slack.botToken,
      appToken: config.slack.appToken,
      signingSecret: config.slack.signingSecret,
      apiUrl: config.slack.apiUrl,
      adminUsers: config.slack.adminUsers,
      commandPrefix: config.slackCommandPrefix,
      ...(options.slackPace ? { pace: options.slackPace } : {}),
      ...(rateWindow ? { rateWindow } : {}),
      ...(options.slackRateWindowMs ? { rateWindowMs: options.slackRateWindowMs } : {}),
    });
    adapters.push({
      platform: 'slack',
      ...adapter,
      async stop(drainMs) {
        await adapter.stop(drainMs);
        await rateWindow?.close();
      },
    });
  }
  if (adapters.length === 0 && !options.chat) {
    const { createConsoleChatAdapter } = await import('./console/chat-adapter.ts');
    const sessionStart = Date.now();
    adapters.push(
      createConsoleChatAdapter({
        bot,
        logger,
        waitMs: CONSOLE_WAIT_MS,
        ...options.console,
        // Only this session's jobs: older ones (an earlier run cut short) must not hold a piped session open.
        pendingJobs: async () => {
          let n = 0;
          for await (const _ of parts.jobs.running(
            (j) => j.channelKey.startsWith('console:') && j.createdAt >= sessionStart,
          ))
            n++;
          return n;
        },
      }),
    );
  }
  return adapters;
}

/** The bot's one listener on PORT; a local console only needs one for the sandbox's webhooks, so any free one does. */
async function listen(
  start: (port: number) => Promise<HttpListener>,
  config: Config,
  consoleMode: boolean,
  logger: Logger,
): Promise<HttpListener> {
  try {
    return await start(config.port);
  } catch (err) {
    if (consoleMode && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      logger.warn(`Port ${config.port} is in use; the console listens on a free port instead.`);
      return start(0);
    }
    throw err;
  }
}

/** Builds the bot the configuration describes, binds its listener once it is built, and starts its adapters. */
export async function startBot(config: Config, options: BotOptions): Promise<RunningBot> {
  const { logger } = options;
  const clock = options.clock ?? systemClock;
  const sandboxMode = config.mediaApi.mode === 'sandbox';
  const consoleMode = !config.discord && !config.slack && !options.chat;
  const metrics = createMetrics();
  let lastMediaAnswer: MediaApiHealth | undefined;
  const connections = new Map<string, () => ConnectionHealth>();

  const storeAt = options.store ?? config.store;
  const store = await openStore(storeAt, { clock: options.clock });
  // The first answer may include connecting (and a TLS handshake): allow the connect bound.
  await store.ping(5_000);
  // Keys an earlier version wrote without a Cluster hash tag move under the prefix with one, before any is read.
  if (storeAt.kind === 'redis' && storeAt.legacyPrefix) {
    const { moveLegacyKeys } = await import('./infra/redis/redis-key-layout.ts');
    const to = storeAt.prefix ?? '{reelbot}:';
    await moveLegacyKeys({ url: storeAt.url, from: storeAt.legacyPrefix, to, logger }).catch(async (err: unknown) => {
      await store.close();
      throw err;
    });
  }
  const dataDir = storeAt.kind === 'sqlite' ? dirname(storeAt.path) : 'data';
  const encryptionKey = config.encryptionKey ?? (await loadOrCreateKeyFile(dataDir));
  const box = createSecretBox(rotationKeys(encryptionKey, config.previousEncryptionKeys));
  // Every only-once claim of this process, from the shared store: built once, here.
  const once = createOnce({ store, logger, metrics, clock });
  // Every post the core makes goes out once through it; adapters only send and find a post by its key.
  const outbox = createOutbox({ once, store, logger, clock });

  // The simulator is loaded only when it runs: a bot on the real API never needs its code.
  const sandbox = sandboxMode
    ? await (await import('./sandbox/server.ts')).startSandbox({
        // Kept beside the SQLite store: another console on it, or the next start, reads its projects back.
        ...(storeAt.kind === 'sqlite' ? { projectsDir: join(dataDir, 'sandbox-projects') } : {}),
        ...options.sandbox,
        port: 0,
        host: '127.0.0.1',
      })
    : undefined;
  // Replicas on one Redis spend one budget per key between them, not one each.
  const budgetCounter =
    storeAt.kind === 'redis'
      ? (await import('./infra/redis/redis-budget.ts')).createRedisBudgetCounter({
          url: storeAt.url,
          ...(storeAt.prefix ? { prefix: storeAt.prefix } : {}),
        })
      : undefined;
  const media = createMediaClient({
    baseUrl: sandbox?.baseUrl ?? config.mediaApi.url ?? '',
    logger,
    clock,
    rateLimitPerHour: config.mediaApi.rateLimitPerHour,
    ...(budgetCounter ? { budgetCounter } : {}),
    onCall: (e) => {
      lastMediaAnswer = { status: e.status, at: clock.now() };
      metrics.inc('reelbot_media_api_calls_total', { route: e.route, status: String(e.status) });
    },
    onBudget: (e) =>
      metrics.inc(e.taken ? 'reelbot_media_api_budget_spent_total' : 'reelbot_media_api_budget_refused_total', {
        key: e.key,
        use: e.use,
      }),
    ...options.media,
  });
  metrics.set('reelbot_media_api_budget_per_hour', {}, media.limiter.perHour);
  const chats = new Map<Platform, ChatPort>();
  const chat = (p: Platform) => chats.get(p);
  let listener: HttpListener | undefined;
  // The in-process sandbox reaches the loopback listener; a remote API without PUBLIC_URL is given a
  // name that never resolves (config.ts), so it cannot post into its own 127.0.0.1.
  const webhookBase = () =>
    config.publicUrl ?? (sandboxMode ? `http://127.0.0.1:${listener?.port ?? config.port}` : UNREACHABLE_WEBHOOK_BASE);
  const timings = { ...timingsFor(config, sandboxMode), ...options.timings };
  const scheduler = await createScheduler(storeAt, store, options, clock);
  // The features, mounted on the core's services; their queues are registered before the scheduler starts.
  const app = createApp({
    store,
    clock,
    logger,
    metrics,
    media,
    budget: (key) => media.limiter.status(key),
    readsLeft: (key) => media.limiter.available(key, 'read'),
    scheduler,
    once,
    outbox,
    chat,
    box,
    encryptionKey,
    facts: {
      sandbox: sandboxMode,
      webhooks: Boolean(config.publicUrl) || sandboxMode,
      teamKey: Boolean(config.mediaApi.defaultKey),
    },
    teamKey: config.mediaApi.defaultKey,
    sandboxKey: sandboxMode ? SANDBOX_KEY : undefined,
    defaultKey: config.mediaApi.defaultKey ?? (sandboxMode ? SANDBOX_KEY : undefined),
    webhookBase,
    voiceSource: sandbox?.origin,
    ...(config.slackCommandPrefix ? { commandPrefix: { slack: config.slackCommandPrefix } } : {}),
    options: {
      // With Redis, other replicas were up and heard the webhooks a restarting one missed.
      jobs: { timings, catchUpOnStart: storeAt.kind !== 'redis' },
      publish: { staleMs: options.publishStaleMs ?? 5 * 60_000 },
    },
  });
  for (const [queue, handler] of app.queues) scheduler.handle(queue, handler);
  const { bot } = app;
  const { jobs } = app.jobs;
  const { publish } = app.publish;
  const { settings } = app.channels;
  const { webhook } = app;

  const adapters = await createAdapters({ config, options, storeAt, bot, store, once, metrics, jobs });
  if (options.chat) {
    const own = options.chat(bot);
    chats.set(own.platform, own);
  }
  for (const a of adapters) {
    chats.set(a.platform, a.chatPort);
    if (a.health) connections.set(a.platform, a.health);
  }

  // The port is bound once the bot is built: /healthz is the readiness check (the Dockerfile and compose wait on it).
  const host = config.host ?? (consoleMode ? '127.0.0.1' : '0.0.0.0');
  const started = clock.now();
  const health = {
    connections: () => Object.fromEntries([...connections].map(([name, h]) => [name, h()])),
    mediaApi: () => lastMediaAnswer,
  };
  const metricsAccess = { served: config.metrics.port === undefined, token: config.metrics.token };
  const routes: RawRoute[] = adapters.flatMap((a) => a.routes ?? []);
  const httpDeps = { webhook, store, metrics, logger, clock, routes, health, metricsAccess };
  listener = await listen((port) => startHttpServer(httpDeps, port, host), config, consoleMode, logger);
  const metricsListener =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsListener(
          { metrics, token: config.metrics.token, uptimeSeconds: () => Math.round((clock.now() - started) / 1000) },
          config.metrics.port,
          host,
        );
  await scheduler.start();
  await app.recover();
  logger.info({ port: listener.port }, 'HTTP listener ready (webhooks, /healthz, /metrics)');

  const served = listener;
  const close = async () => {
    // Stop taking work, then let what is in flight finish (both bounded) before connections close.
    await Promise.all([served.close(), scheduler.stop()]);
    await metricsListener?.close();
    await media.close();
    await sandbox?.close();
    await store.close();
    await budgetCounter?.close();
  };
  const finishing = adapters.flatMap((a) => (a.finished ? [a.finished] : []));
  let stopped: Promise<boolean> | undefined;
  const stop = () => {
    stopped ??= shutdown({ app: { poller: { stop: async () => undefined }, close }, adapters, logger });
    return stopped;
  };
  // Each adapter bounds its own calls to its platform; a stop asked for meanwhile need not wait for them.
  // Either way what was built is stopped, so the store is closed and no poll is left half done.
  const startAdapters = async () => {
    for (const a of adapters) await a.start();
  };
  try {
    options.signal?.throwIfAborted();
    await untilAborted(startAdapters(), options.signal);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    bot,
    jobs,
    scheduler,
    publish,
    store,
    once,
    outbox,
    settings,
    media,
    metrics,
    ...(sandbox ? { sandbox } : {}),
    port: served.port,
    ...(metricsListener ? { metricsPort: metricsListener.port } : {}),
    webhookBase,
    adapters,
    ...(finishing.length > 0 ? { finished: Promise.race(finishing) } : {}),
    registerChat: (port) => chats.set(port.platform, port),
    watchConnection: (name, h) => connections.set(name, h),
    stop,
  };
}

/** Settles as `work` does, or rejects with the signal's reason once it is aborted. */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
