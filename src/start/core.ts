// Stage 2: the platform-neutral bot on the infrastructure: sealing, channel settings, the only-once module
// and the outbox, then the features (jobs with their poller and queues, publishing, voices) and the bot that
// dispatches to them. The features' wiring is the part core/app will assemble; nothing here opens a connection.
import { type Config, UNREACHABLE_WEBHOOK_BASE } from '../config.ts';
import { createKeyResolver } from '../core/channels/key-resolver.ts';
import { createSecretBox, loadOrCreateKeyFile, rotationKeys } from '../core/channels/secret-box.ts';
import { createSettingsRepo, type SettingsRepo } from '../core/channels/settings-repo.ts';
import type { BotDeps } from '../core/commands/handler.ts';
import { createOnce, type Once } from '../core/guarantees/once.ts';
import { createOutbox, type Outbox } from '../core/guarantees/outbox.ts';
import { CARD_QUEUE } from '../core/jobs/owed-card.ts';
import { createPoller, POLL_QUEUE, type Poller } from '../core/jobs/poller.ts';
import { PROGRESS_QUEUE } from '../core/jobs/progress.ts';
import { SUBMIT_QUEUE } from '../core/jobs/resume.ts';
import { createJobService, type JobService, type JobTimings } from '../core/jobs/service.ts';
import { createBot } from '../core/platform/bot.ts';
import type { Bot } from '../core/platform/interaction.ts';
import type { ChatPort, Platform } from '../core/ports.ts';
import { createPublishKit, type PublishKit } from '../core/publish/kit.ts';
import { createVoiceCatalogue } from '../core/voices/catalogue.ts';
import { createWebhookHandler, type WebhookHandler } from '../infra/http/webhook.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { BotOptions } from './options.ts';

/** The key the bot sends when it runs against the local sandbox, which accepts any key. */
export const SANDBOX_KEY = 'sandbox-key';

export interface Core {
  bot: Bot;
  once: Once;
  outbox: Outbox;
  settings: SettingsRepo;
  jobs: JobService;
  publish: PublishKit;
  poller: Poller;
  webhook: WebhookHandler;
  /** The chat each platform's posts go to; the adapters (or a test) register theirs. */
  chats: Map<Platform, ChatPort>;
  /** The URL the media API is told to send webhooks to. */
  webhookBase(): string;
}

function timingsFor(config: Config, sandbox: boolean): JobTimings {
  const horizonMs = config.pollHorizonHours * 3600_000;
  if (sandbox) return { firstPollMs: 10_000, maxPollMs: 60_000, horizonMs };
  // With webhooks the poller is only a safety net; without them it is the only way results arrive.
  if (config.publicUrl) return { firstPollMs: 120_000, maxPollMs: 30 * 60_000, horizonMs };
  return { firstPollMs: 20_000, maxPollMs: 5 * 60_000, horizonMs };
}

export async function buildCore(config: Config, options: BotOptions, infra: Infrastructure): Promise<Core> {
  const { logger } = options;
  const { clock, store, media, metrics, scheduler, sandbox } = infra;
  const sandboxMode = config.mediaApi.mode === 'sandbox';
  const encryptionKey = config.encryptionKey ?? (await loadOrCreateKeyFile(infra.dataDir));
  const box = createSecretBox(rotationKeys(encryptionKey, config.previousEncryptionKeys));
  const settings = createSettingsRepo(store, box, { clock: options.infra?.clock });
  // Every only-once claim of this process, from the shared store: built once, here.
  const once = createOnce({ store, logger, metrics, clock });
  // Every post the core makes goes out once through it; adapters only send and find a post by its key.
  const outbox = createOutbox({ once, store, logger, clock });
  const keys = createKeyResolver({
    settings,
    teamKey: config.mediaApi.defaultKey,
    sandboxKey: sandboxMode ? SANDBOX_KEY : undefined,
  });
  const chats = new Map<Platform, ChatPort>();
  const chat = (p: Platform) => chats.get(p);
  // The in-process sandbox reaches the loopback listener; a remote API without PUBLIC_URL is given a
  // name that never resolves (config.ts), so it cannot post into its own 127.0.0.1.
  const webhookBase = () =>
    config.publicUrl ??
    (sandboxMode ? `http://127.0.0.1:${infra.http.boundPort() ?? config.port}` : UNREACHABLE_WEBHOOK_BASE);
  const timings = { ...timingsFor(config, sandboxMode), ...options.tuning?.timings };

  const jobs = createJobService({
    store,
    media,
    keys,
    chat,
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
    scheduleCard: (jobId, dueAt) => scheduler.schedule(CARD_QUEUE, jobId, dueAt, {}),
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
  const publish = createPublishKit({ store, box, media, keys, chat, scheduler, clock, logger, once, outbox, metrics });
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
    catchUpOnStart: !infra.redis,
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
  // A final card state whose edit failed, tried again until the card shows it.
  scheduler.handle(CARD_QUEUE, async (task) => {
    const next = await jobs.showOwedCard(task.id);
    return next === undefined ? undefined : { again: next };
  });
  // One check per new job, done once it left "submitting": resumes a job whose submitting process stopped.
  scheduler.handle(SUBMIT_QUEUE, async (task) => {
    const next = await jobs.resumeSubmitting(task.id);
    return next === undefined ? undefined : { again: next };
  });
  const webhook = createWebhookHandler({ jobs, logger, metrics, clock });
  return { bot, once, outbox, settings, jobs, publish, poller, webhook, chats, webhookBase };
}
