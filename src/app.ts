import { dirname } from 'node:path';
import { type Config, UNREACHABLE_WEBHOOK_BASE } from './config.ts';
import { createBot } from './core/bot.ts';
import type { BotDeps } from './core/commands/handler.ts';
import type { ConnectionHealth, MediaApiHealth } from './core/http/health.ts';
import { startMetricsListener } from './core/http/metrics-listener.ts';
import { type HttpListener, type RawRoute, startHttpServer } from './core/http/server.ts';
import { createWebhookHandler } from './core/http/webhook.ts';
import type { Bot } from './core/interaction.ts';
import { createPoller, POLL_QUEUE, type Poller } from './core/jobs/poller.ts';
import { PROGRESS_QUEUE } from './core/jobs/progress.ts';
import { SUBMIT_QUEUE } from './core/jobs/resume.ts';
import { createJobService, type JobService, type JobTimings } from './core/jobs/service.ts';
import { createKeyResolver } from './core/keys.ts';
import { createMediaClient, type MediaClient, type MediaClientOptions } from './core/media/client.ts';
import type { Metrics } from './core/metrics/metrics.ts';
import { createMetrics } from './core/metrics/prom-metrics.ts';
import { createOnce, type Once } from './core/once.ts';
import { createOutbox } from './core/outbox.ts';
import {
  type ChatPort,
  type Clock,
  type Logger,
  type Platform,
  type SecretBox,
  type Store,
  systemClock,
} from './core/ports.ts';
import { createPublishKit, type PublishKit } from './core/publish/kit.ts';
import type { Scheduler } from './core/scheduler/scheduler.ts';
import { openStore as openStoreAt, type StoreOptions } from './core/store/open-store.ts';
import { createSecretBox, loadOrCreateKeyFile, rotationKeys } from './core/store/secret-box.ts';
import { createSettingsRepo, type SettingsRepo } from './core/store/settings-repo.ts';
import { createVoiceCatalogue } from './core/voices/catalogue.ts';
import type { EarlyListener } from './early-listener.ts';
import type { Sandbox, SandboxOptions } from './sandbox/server.ts';

// Assembles the bot from its parts. main.ts reads the configuration and adds the platform adapters;
// tests and benchmarks build the same app with their own store, clock and timings.

/** The key the bot sends when it runs against the local sandbox, which accepts any key. */
export const SANDBOX_KEY = 'sandbox-key';

export interface AppOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** Overrides STORE_URL (tests use a temp SQLite file, memory or a Redis prefix). */
  store?: StoreOptions;
  sandbox?: Partial<SandboxOptions>;
  /** Client overrides (tests inject sleep and retry bounds). */
  media?: Partial<MediaClientOptions>;
  timings?: Partial<JobTimings>;
  /** Longest sleep of the scheduler between looks at its due-time index (it wakes earlier when work is due). */
  pollTickMs?: number;
  /** A request left in `publishing` this long by a stopped process is shown as outcome unknown (default 5 min). */
  publishStaleMs?: number;
  /** Listen host; 0.0.0.0 in production, loopback in tests. */
  host?: string;
}

export interface App {
  bot: Bot;
  jobs: JobService;
  poller: Poller;
  /** Durable delayed work: job polls here; publishing's scheduled posts too. Register handlers before listen(). */
  scheduler: Scheduler;
  /** Publish requests, approval policy and social accounts. */
  publish: PublishKit;
  store: Store;
  /** The one only-once module every part of the bot, adapters included, is given. */
  once: Once;
  settings: SettingsRepo;
  media: MediaClient;
  metrics: Metrics;
  sandbox?: Sandbox;
  /** The URL the media API is told to send webhooks to. */
  webhookBase(): string;
  registerChat(port: ChatPort): void;
  /** A platform connection /healthz reports (and answers 503 while it is down). */
  watchConnection(name: string, health: () => ConnectionHealth): void;
  /** The port of /metrics' own listener when METRICS_PORT is set. */
  metricsPort(): number | undefined;
  /**
   * Starts the HTTP listener (with adapter routes) and the poller; `port` overrides PORT (0 = any free port),
   * or is the early listener main.ts bound at start, whose socket and held requests the app takes over.
   */
  listen(routes?: RawRoute[], port?: number | EarlyListener): Promise<HttpListener>;
  close(): Promise<void>;
}

function timingsFor(config: Config, sandbox: boolean): JobTimings {
  const horizonMs = config.pollHorizonHours * 3600_000;
  if (sandbox) return { firstPollMs: 10_000, maxPollMs: 60_000, horizonMs };
  // With webhooks the poller is only a safety net; without them it is the only way results arrive.
  if (config.publicUrl) return { firstPollMs: 120_000, maxPollMs: 30 * 60_000, horizonMs };
  return { firstPollMs: 20_000, maxPollMs: 5 * 60_000, horizonMs };
}

async function openStore(
  options: AppOptions,
): Promise<{ store: Store; settings: SettingsRepo; box: SecretBox; encryptionKey: Buffer }> {
  const { config } = options;
  const storeOptions: StoreOptions = options.store ?? config.store;
  const store = await openStoreAt(storeOptions, { clock: options.clock });
  // The first answer may include connecting (and a TLS handshake): allow the connect bound.
  await store.ping(5_000);
  const dataDir = storeOptions.kind === 'sqlite' ? dirname(storeOptions.path) : 'data';
  const key = config.encryptionKey ?? (await loadOrCreateKeyFile(dataDir));
  const box = createSecretBox(rotationKeys(key, config.previousEncryptionKeys));
  return { store, box, encryptionKey: key, settings: createSettingsRepo(store, box, { clock: options.clock }) };
}

/**
 * Replicas share Redis, so they share BullMQ's queues; one process on SQLite keeps its tasks in the store.
 * Imported on demand: BullMQ and ioredis cost a SQLite bot ~17 MB of memory and ~0.3 s of start-up it never uses.
 */
async function createScheduler(options: AppOptions, store: Store, clock: Clock): Promise<Scheduler> {
  const at = options.store ?? options.config.store;
  if (at.kind === 'redis') {
    const { createBullmqScheduler } = await import('./core/scheduler/bullmq.ts');
    return createBullmqScheduler({ url: at.url, prefix: `${at.prefix ?? 'reelbot:'}bull`, logger: options.logger });
  }
  const { createEmbeddedScheduler } = await import('./core/scheduler/embedded.ts');
  return createEmbeddedScheduler({
    store,
    logger: options.logger,
    clock,
    ...(options.pollTickMs === undefined ? {} : { maxSleepMs: options.pollTickMs }),
  });
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const sandboxMode = config.mediaApi.mode === 'sandbox';
  const metrics = createMetrics();
  let lastMediaAnswer: MediaApiHealth | undefined;
  const connections = new Map<string, () => ConnectionHealth>();
  const { store, settings, box, encryptionKey } = await openStore(options);
  const once = createOnce({ store, logger, metrics, clock });
  const outbox = createOutbox({ once, store, logger, clock });
  // The simulator is loaded only when it runs: a bot on the real API never needs its code.
  const sandbox = sandboxMode
    ? await (await import('./sandbox/server.ts')).startSandbox({ ...options.sandbox, port: 0, host: '127.0.0.1' })
    : undefined;
  const storeAt = options.store ?? config.store;
  // Replicas on one Redis spend one budget per key between them, not one each.
  const budgetCounter =
    storeAt.kind === 'redis'
      ? (await import('./core/media/redis-budget.ts')).createRedisBudgetCounter({
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
    ...options.media,
  });
  const keys = createKeyResolver({
    settings,
    teamKey: config.mediaApi.defaultKey,
    sandboxKey: sandboxMode ? SANDBOX_KEY : undefined,
  });
  const chats = new Map<Platform, ChatPort>();
  let listener: HttpListener | undefined;
  let metricsListener: Omit<HttpListener, 'work'> | undefined;
  // The in-process sandbox reaches the loopback listener; a remote API without PUBLIC_URL is given a
  // name that never resolves (config.ts), so it cannot post into its own 127.0.0.1.
  const webhookBase = () =>
    config.publicUrl ?? (sandboxMode ? `http://127.0.0.1:${listener?.port ?? config.port}` : UNREACHABLE_WEBHOOK_BASE);
  const timings = { ...timingsFor(config, sandboxMode), ...options.timings };
  const scheduler = await createScheduler(options, store, clock);
  const jobs = createJobService({
    store,
    media,
    keys,
    chat: (p) => chats.get(p),
    logger,
    clock,
    metrics,
    once,
    outbox,
    webhookBase,
    timings,
    schedulePoll: (jobId, dueAt) => scheduler.schedule(POLL_QUEUE, jobId, dueAt, {}),
    scheduleProgress: (jobId, dueAt) => scheduler.schedule(PROGRESS_QUEUE, jobId, dueAt, {}),
    scheduleCheck: (jobId, dueAt) => scheduler.schedule(SUBMIT_QUEUE, jobId, dueAt, {}),
    box,
  });
  const voices = createVoiceCatalogue({
    store,
    media,
    clock,
    logger,
    keySecret: encryptionKey,
    source: sandbox?.origin,
  });
  const defaultKey = config.mediaApi.defaultKey ?? (sandboxMode ? SANDBOX_KEY : undefined);
  const facts = {
    sandbox: sandboxMode,
    webhooks: Boolean(config.publicUrl) || sandboxMode,
    teamKey: Boolean(config.mediaApi.defaultKey),
  };
  const publish = createPublishKit({
    store,
    box,
    media,
    keys,
    chat: (p) => chats.get(p),
    scheduler,
    clock,
    logger,
    once,
    outbox,
  });
  const budget = (key: string) => media.limiter.status(key);
  const deps: BotDeps = { jobs, media, keys, settings, voices, logger, clock, metrics, facts, publish, budget, once };
  if (config.slackCommandPrefix) deps.commandPrefix = { slack: config.slackCommandPrefix };
  const bot = createBot({ ...deps, defaultKey });
  if (defaultKey) voices.warm(defaultKey);
  const poller = createPoller({
    jobs,
    scheduler,
    clock,
    logger,
    metrics,
    timings,
    // With Redis, other replicas were up and heard the webhooks a restarting one missed.
    catchUpOnStart: storeAt.kind !== 'redis',
    // Reads of results may spend the part of each key's budget that new commands cannot (rate-limiter.ts).
    hasBudget: async (channelKey) => {
      const { key } = await keys.resolve(channelKey);
      return (await media.limiter.available(key, 'read')) > 0;
    },
  });
  // One task per running job, moved on after each refresh, dropped once the job ends.
  scheduler.handle(PROGRESS_QUEUE, async (task) => {
    const next = await jobs.refreshProgress(task.id);
    return next === undefined ? undefined : { again: next };
  });
  // One check per new job, done once it left "submitting": resumes a job whose submitting process stopped.
  scheduler.handle(SUBMIT_QUEUE, async (task) => {
    const next = await jobs.resumeSubmitting(task.id);
    return next === undefined ? undefined : { again: next };
  });
  const webhook = createWebhookHandler({ jobs, logger, metrics, clock });

  return {
    bot,
    jobs,
    poller,
    scheduler,
    publish,
    store,
    once,
    settings,
    media,
    metrics,
    sandbox,
    webhookBase,
    registerChat: (port) => chats.set(port.platform, port),
    watchConnection: (name, health) => connections.set(name, health),
    metricsPort: () => metricsListener?.port,
    async listen(routes, port = config.port) {
      const started = clock.now();
      const health = {
        connections: () => Object.fromEntries([...connections].map(([name, h]) => [name, h()])),
        mediaApi: () => lastMediaAnswer,
      };
      const metricsAccess = { served: config.metrics.port === undefined, token: config.metrics.token };
      const deps = { webhook, store, metrics, logger, clock, routes, health, metricsAccess };
      listener = await startHttpServer(deps, typeof port === 'number' ? port : port.server, options.host);
      if (typeof port !== 'number') {
        const server = listener.server;
        port.handOver((req, res) => server.emit('request', req, res));
      }
      if (config.metrics.port !== undefined) {
        const uptimeSeconds = () => Math.round((clock.now() - started) / 1000);
        metricsListener = await startMetricsListener(
          { metrics, token: config.metrics.token, uptimeSeconds },
          config.metrics.port,
          options.host,
        );
      }
      await poller.start();
      await scheduler.start();
      // A process that died mid-call left its requests in `publishing`: their outcome is unknown.
      await publish.service.recover(options.publishStaleMs ?? 5 * 60_000).catch((err: unknown) => {
        logger.warn({ err }, 'could not look for interrupted publish requests');
      });
      return listener;
    },
    async close() {
      // Stop taking work, then let what is in flight finish (both bounded) before connections close.
      await poller.stop();
      await Promise.all([listener?.close(), scheduler.stop()]);
      await metricsListener?.close();
      await media.close();
      await sandbox?.close();
      await store.close();
      await budgetCounter?.close();
    },
  };
}
