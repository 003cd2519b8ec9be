// Stage 2: the platform-neutral bot on the infrastructure: sealing, the only-once module and the outbox, then
// the features (core/app mounts them) with their scheduler queues. Nothing here opens a connection.
import { type Config, UNREACHABLE_WEBHOOK_BASE } from '../config.ts';
import { createApp } from '../core/app/app.ts';
import { checkStoredKeysOpen } from '../core/channels/key-check.ts';
import { keyFilePath, openingKeys } from '../core/channels/key-files.ts';
import { createSecretBox } from '../core/channels/secret-box.ts';
import type { SettingsRepo } from '../core/channels/settings-repo.ts';
import { createOnce, type Once } from '../core/guarantees/once.ts';
import { createOutbox, type Outbox } from '../core/guarantees/outbox.ts';
import type { JobService, JobTimings } from '../core/jobs/service.ts';
import type { HealthPart } from '../core/platform/health-part.ts';
import type { Bot } from '../core/platform/interaction.ts';
import type { Route } from '../core/platform/route.ts';
import type { WorkspaceEnd } from '../core/platform/workspace-end.ts';
import type { ChatPort, Platform, SecretBox } from '../core/ports.ts';
import type { PublishKit } from '../core/publish/kit.ts';
import { type Infrastructure, SANDBOX_KEY } from './infrastructure.ts';
import type { BotOptions } from './options.ts';

/** A request left in `publishing` this long by a stopped process is shown as outcome unknown. */
const PUBLISH_STALE_MS = 5 * 60_000;

export interface Core {
  bot: Bot;
  /** Seals secrets at rest (channel keys, Slack installations' tokens) with ENCRYPTION_KEY. */
  box: SecretBox;
  once: Once;
  outbox: Outbox;
  settings: SettingsRepo;
  jobs: JobService;
  publish: PublishKit;
  /** The features' routes (webhooks, the review page…) for the web edge. */
  routes: readonly Route[];
  /** The features' parts of /healthz. */
  health: readonly (() => Promise<HealthPart>)[];
  /** Each feature's recovery, run once the scheduler has started. */
  recover(): Promise<void>;
  /** The chat each platform's posts go to; the adapters (or a test) register theirs. */
  chats: Map<Platform, ChatPort>;
  /** The URL the media API is told to send webhooks to. */
  webhookBase(): string;
  /** A workspace removed the bot: its jobs stop, its requests are cancelled; later its channel records go. */
  workspaces: WorkspaceEnd;
}

function timingsFor(config: Config, sandbox: boolean): JobTimings {
  const horizonMs = config.pollHorizonHours * 3600_000;
  if (sandbox) return { firstPollMs: 10_000, maxPollMs: 60_000, horizonMs };
  // With webhooks the poller is only a safety net; without them it is the only way results arrive.
  if (config.publicUrl) return { firstPollMs: 120_000, maxPollMs: 30 * 60_000, horizonMs };
  return { firstPollMs: 20_000, maxPollMs: 5 * 60_000, horizonMs };
}

/** A listener bound to every address is reached locally at the loopback one. */
const listenerHost = (host: string | undefined) =>
  !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

export async function buildCore(config: Config, options: BotOptions, infra: Infrastructure): Promise<Core> {
  const { logger } = options;
  const { clock, store, media, metrics, scheduler, sandbox } = infra;
  const sandboxMode = config.mediaApi.mode === 'sandbox';
  const { encryptionKey } = infra;
  // The keys keys:reseal reads too (key-files.ts): a SQLite store's folder adds the key file ENCRYPTION_KEY replaced
  // and the keys a reseal kept in encryption.key.old.
  const { keys } = await openingKeys({
    current: encryptionKey,
    previous: config.previousEncryptionKeys,
    folder: infra.sqliteFolder,
  });
  const box = createSecretBox(keys);
  // Every only-once claim of this process, from the shared store: built once, here.
  const once = createOnce({ store, logger, metrics, clock });
  // Every post the core makes goes out once through it; adapters only send and find a post by its key.
  const outbox = createOutbox({ once, store, logger, clock });
  const chats = new Map<Platform, ChatPort>();
  const chat = (p: Platform) => chats.get(p);
  // The in-process sandbox reaches the loopback listener; a remote API without PUBLIC_URL is given a
  // name that never resolves (config.ts), so it cannot post into its own 127.0.0.1.
  const webhookBase = () =>
    config.publicUrl ??
    (sandboxMode ? `http://127.0.0.1:${infra.web.bound()?.port ?? config.port}` : UNREACHABLE_WEBHOOK_BASE);
  // Review links go to people outside the chat: PUBLIC_URL, or this listener's own address for a local try.
  const reviewBase = () =>
    config.publicUrl
      ? { url: config.publicUrl, localOnly: false }
      : { url: `http://${listenerHost(config.host)}:${infra.web.bound()?.port ?? config.port}`, localOnly: true };
  const timings = { ...timingsFor(config, sandboxMode), ...options.tuning?.timings };

  // The features, mounted on the core's services; their queues are registered before the scheduler starts.
  const app = createApp({
    store,
    clock,
    logger,
    metrics,
    media,
    budget: (spender) => media.limiter.status(spender),
    readsLeft: (spender) => media.limiter.available(spender, 'read'),
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
    webhookBase,
    sandboxOrigin: sandbox?.origin,
    ...(config.slackCommandPrefix ? { commandPrefix: { slack: config.slackCommandPrefix } } : {}),
    options: {
      // With Redis, other replicas were up and heard the webhooks a restarting one missed.
      jobs: { timings, catchUpOnStart: !infra.redis },
      publish: { staleMs: PUBLISH_STALE_MS, reviewBase, ...options.tuning?.publish },
    },
  });
  for (const [queue, handler] of app.queues) scheduler.handle(queue, handler);
  // A key that opens none of the stored channel keys is said at once, not at the first /clip.
  const keySource = config.encryptionKey ? 'ENCRYPTION_KEY' : keyFilePath(infra.dataDir);
  await checkStoredKeysOpen({ store, settings: app.channels.settings, logger, keySource });
  return {
    bot: app.bot,
    box,
    once,
    outbox,
    settings: app.channels.settings,
    jobs: app.jobs.jobs,
    publish: app.publish.publish,
    routes: app.routes,
    health: app.health,
    recover: () => app.recover(),
    chats,
    webhookBase,
    workspaces: app.workspaceEnd,
  };
}
