import { dirname } from 'node:path';
import { type Config, UNREACHABLE_WEBHOOK_BASE } from './config.ts';
import { createBot } from './core/bot.ts';
import type { BotDeps } from './core/commands/handler.ts';
import type { ConnectionHealth, MediaApiHealth } from './core/http/health.ts';
import { createMetrics, type Metrics } from './core/http/metrics.ts';
import { startMetricsListener } from './core/http/metrics-listener.ts';
import { type HttpListener, type RawRoute, startHttpServer } from './core/http/server.ts';
import { createWebhookHandler } from './core/http/webhook.ts';
import type { Bot } from './core/interaction.ts';
import { createPoller, type Poller } from './core/jobs/poller.ts';
import { createJobService, type JobService, type JobTimings } from './core/jobs/service.ts';
import { createKeyResolver } from './core/keys.ts';
import { createMediaClient, type MediaClient, type MediaClientOptions } from './core/media/client.ts';
import { type ChatPort, type Clock, type Logger, type Platform, type Store, systemClock } from './core/ports.ts';
import { createKeyvStore, type KeyvStoreOptions } from './core/store/keyv-store.ts';
import { createSecretBox, loadOrCreateKeyFile, rotationKeys } from './core/store/secret-box.ts';
import { createSettingsRepo, type SettingsRepo } from './core/store/settings-repo.ts';
import { createVoiceCatalogue } from './core/voices/catalogue.ts';
import { type Sandbox, type SandboxOptions, startSandbox } from './sandbox/server.ts';

// Assembles the bot from its parts. main.ts reads the configuration and adds the platform adapters;
// tests and benchmarks build the same app with their own store, clock and timings.

/** The key the bot sends when it runs against the local sandbox, which accepts any key. */
export const SANDBOX_KEY = 'sandbox-key';

export interface AppOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** Overrides STORE_URL (tests use a temp SQLite file, memory or a Redis prefix). */
  store?: KeyvStoreOptions;
  sandbox?: Partial<SandboxOptions>;
  /** Client overrides (tests inject sleep and retry bounds). */
  media?: Partial<MediaClientOptions>;
  timings?: Partial<JobTimings>;
  pollTickMs?: number;
  /** Listen host; 0.0.0.0 in production, loopback in tests. */
  host?: string;
}

export interface App {
  bot: Bot;
  jobs: JobService;
  poller: Poller;
  store: Store;
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
  /** Starts the HTTP listener (with adapter routes) and the poller; `port` overrides PORT (0 = any free port). */
  listen(routes?: RawRoute[], port?: number): Promise<HttpListener>;
  close(): Promise<void>;
}

function timingsFor(config: Config, sandbox: boolean): JobTimings {
  const horizonMs = config.pollHorizonHours * 3600_000;
  if (sandbox) return { firstPollMs: 10_000, maxPollMs: 60_000, horizonMs };
  // With webhooks the poller is only a safety net; without them it is the only way results arrive.
  if (config.publicUrl) return { firstPollMs: 120_000, maxPollMs: 30 * 60_000, horizonMs };
  return { firstPollMs: 20_000, maxPollMs: 5 * 60_000, horizonMs };
}

async function openStore(options: AppOptions): Promise<{ store: Store; settings: SettingsRepo }> {
  const { config } = options;
  const storeOptions: KeyvStoreOptions = options.store ?? config.store;
  const store = await createKeyvStore(storeOptions, { clock: options.clock });
  await store.ping();
  const dataDir = storeOptions.kind === 'sqlite' ? dirname(storeOptions.path) : 'data';
  const key = config.encryptionKey ?? (await loadOrCreateKeyFile(dataDir));
  const box = createSecretBox(rotationKeys(key, config.previousEncryptionKeys));
  return { store, settings: createSettingsRepo(store, box, { clock: options.clock }) };
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const sandboxMode = config.mediaApi.mode === 'sandbox';
  const metrics = createMetrics();
  let lastMediaAnswer: MediaApiHealth | undefined;
  const connections = new Map<string, () => ConnectionHealth>();
  const { store, settings } = await openStore(options);
  const sandbox = sandboxMode ? await startSandbox({ ...options.sandbox, port: 0, host: '127.0.0.1' }) : undefined;
  const media = createMediaClient({
    baseUrl: sandbox?.baseUrl ?? config.mediaApi.url ?? '',
    logger,
    clock,
    rateLimitPerHour: config.mediaApi.rateLimitPerHour,
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
  let metricsListener: HttpListener | undefined;
  // The in-process sandbox reaches the loopback listener; a remote API without PUBLIC_URL is given a
  // name that never resolves (config.ts), so it cannot post into its own 127.0.0.1.
  const webhookBase = () =>
    config.publicUrl ?? (sandboxMode ? `http://127.0.0.1:${listener?.port ?? config.port}` : UNREACHABLE_WEBHOOK_BASE);
  const timings = { ...timingsFor(config, sandboxMode), ...options.timings };
  const jobs = createJobService({
    store,
    media,
    keys,
    chat: (p) => chats.get(p),
    logger,
    clock,
    metrics,
    webhookBase,
    timings,
  });
  const voices = createVoiceCatalogue({ store, media, clock, logger });
  const defaultKey = config.mediaApi.defaultKey ?? (sandboxMode ? SANDBOX_KEY : undefined);
  const facts = {
    sandbox: sandboxMode,
    webhooks: Boolean(config.publicUrl) || sandboxMode,
    teamKey: Boolean(config.mediaApi.defaultKey),
  };
  const budget = (key: string) => media.limiter.status(key);
  const deps: BotDeps = { jobs, media, keys, settings, voices, logger, clock, metrics, facts, budget };
  const bot = createBot({ ...deps, defaultKey });
  if (defaultKey) voices.warm(defaultKey);
  const poller = createPoller({
    jobs,
    store,
    clock,
    logger,
    metrics,
    timings,
    tickMs: options.pollTickMs ?? (sandboxMode ? 1000 : 5000),
    // Reads of results may spend the part of each key's budget that new commands cannot (rate-limiter.ts).
    hasBudget: async (channelKey) => {
      const { key } = await keys.resolve(channelKey);
      return (await media.limiter.available(key, 'read')) > 0;
    },
  });
  const webhook = createWebhookHandler({ jobs, logger, metrics, clock });

  return {
    bot,
    jobs,
    poller,
    store,
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
      listener = await startHttpServer(deps, port, options.host);
      if (config.metrics.port !== undefined) {
        const uptimeSeconds = () => Math.round((clock.now() - started) / 1000);
        metricsListener = await startMetricsListener(
          { metrics, token: config.metrics.token, uptimeSeconds },
          config.metrics.port,
          options.host,
        );
      }
      poller.start();
      return listener;
    },
    async close() {
      await poller.stop();
      await listener?.close();
      await metricsListener?.close();
      await media.close();
      await sandbox?.close();
      await store.close();
    },
  };
}
