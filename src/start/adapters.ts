// Stage 3: the platforms the configuration names, attached to the core: Discord and/or Slack, the terminal
// console when neither (and no chat of the caller's own). Each registers its chat port for the core's posts
// and its routes for the listener; none connects yet (serve.ts starts them).

import type { Config } from '../config.ts';
import type { ChatAdapter, ConnectionHealth } from '../core/platform/chat-adapter.ts';
import { redisKey } from '../infra/redis/redis-keys.ts';
import type { Closers } from '../runtime/closers.ts';
import type { Core } from './core.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { BotOptions } from './options.ts';

/** How long a piped console session waits for its jobs before exiting. */
const CONSOLE_WAIT_MS = 5 * 60_000;

/** Time the adapters leave, of what is left of the shutdown bound, for closing what they ran on. */
const AFTER_ADAPTERS_MS = 1000;

export interface Attached {
  adapters: ChatAdapter[];
  /** The connections /healthz reports (and answers 503 while one is down). */
  connections: Map<string, () => ConnectionHealth>;
}

async function createDiscord(config: Config, options: BotOptions, infra: Infrastructure, core: Core) {
  const discord = config.discord;
  if (!discord) return undefined;
  const { createDiscordAdapter } = await import('../discord/adapter.ts');
  const { logger } = options;
  const { redis } = infra;
  // With Redis and the gateway, replicas take turns holding it (docs/reliability.md, "Running several replicas");
  // ioredis is loaded only by a configuration that uses it.
  const turn = redis && !discord.publicKey ? (await import('../infra/redis/redis-turn.ts')).createRedisTurn : undefined;
  const adapter = createDiscordAdapter({
    bot: core.bot,
    store: infra.store,
    once: core.once,
    metrics: infra.metrics,
    awaiting: infra.web.answersAwaited,
    // The adapter tags its own lines with the platform; tagging here too wrote it twice.
    logger,
    token: discord.token,
    apiUrl: discord.apiUrl,
    guildId: discord.guildId,
    publicKey: discord.publicKey,
    ...(turn && redis
      ? {
          gatewayTurn: (onLost: () => void) =>
            turn({ url: redis.url, key: redisKey(redis.prefix, 'discord-gateway'), logger, onLost }),
        }
      : {}),
  });
  return { platform: 'discord' as const, ...adapter };
}

async function createSlack(config: Config, options: BotOptions, infra: Infrastructure, core: Core) {
  const slack = config.slack;
  if (!slack) return undefined;
  const { createSlackAdapter } = await import('../slack/adapter.ts');
  const tuning = options.tuning ?? {};
  // Replicas on one Redis spend the workspace's tiers and each channel's posts together, not one budget each.
  const rateWindow = infra.redis
    ? (await import('../infra/redis/redis-rate-window.ts')).createRedisRateWindow(infra.redis)
    : undefined;
  const adapter = createSlackAdapter({
    bot: core.bot,
    once: core.once,
    metrics: infra.metrics,
    awaiting: infra.web.answersAwaited,
    // The Slack adapter tags its own lines (Bolt's included) with the platform; tagging here too wrote it twice.
    logger: options.logger,
    ...(slack.botToken ? { botToken: slack.botToken } : {}),
    // Distribution mode: the adapter keeps the installations, and ends a workspace that removes the app (now, and
    // its records 30 days later) with the app's workspace end, on the scheduler.
    ...(slack.oauth
      ? {
          distribution: {
            ...slack.oauth,
            store: infra.store,
            box: core.box,
            clock: infra.clock,
            scheduler: infra.scheduler,
            workspaceEnd: core.workspaces,
          },
        }
      : {}),
    appToken: slack.appToken,
    signingSecret: slack.signingSecret,
    apiUrl: slack.apiUrl,
    adminUsers: slack.adminUsers,
    commandPrefix: config.slackCommandPrefix,
    ...(tuning.slackPace ? { pace: tuning.slackPace } : {}),
    ...(rateWindow ? { rateWindow } : {}),
    ...(tuning.slackRateWindowMs ? { rateWindowMs: tuning.slackRateWindowMs } : {}),
  });
  const attached: ChatAdapter = {
    platform: 'slack',
    ...adapter,
    async stop(drainMs) {
      await adapter.stop(drainMs);
      await rateWindow?.close();
    },
  };
  return attached;
}

async function createConsole(config: Config, options: BotOptions, core: Core): Promise<ChatAdapter> {
  const { createConsoleChatAdapter } = await import('../console/chat-adapter.ts');
  const sessionStart = Date.now();
  return createConsoleChatAdapter({
    bot: core.bot,
    logger: options.logger,
    waitMs: CONSOLE_WAIT_MS,
    ...(config.consoleLocale ? { locale: config.consoleLocale } : {}),
    ...options.console,
    // Only this session's jobs: older ones (an earlier run cut short) must not hold a piped session open.
    pendingJobs: () => countRunning(core, (createdAt) => createdAt >= sessionStart),
    // The older ones are resumed (the jobs feature's recovery polls them), and the console says so at its start.
    resumingJobs: () => countRunning(core, (createdAt) => createdAt < sessionStart),
  });
}

/** The console's jobs still running, by when they were created. */
async function countRunning(core: Core, created: (at: number) => boolean): Promise<number> {
  let n = 0;
  for await (const _ of core.jobs.running((j) => j.channelKey.startsWith('console:') && created(j.createdAt))) n++;
  return n;
}

export async function attachAdapters(
  config: Config,
  options: BotOptions,
  infra: Infrastructure,
  core: Core,
  closers: Closers,
): Promise<Attached> {
  const adapters: ChatAdapter[] = [];
  const discord = await createDiscord(config, options, infra, core);
  if (discord) adapters.push(discord);
  const slack = await createSlack(config, options, infra, core);
  if (slack) adapters.push(slack);
  if (adapters.length === 0 && !options.chat) adapters.push(await createConsole(config, options, core));
  // Closed before the scheduler and listener: the work behind commands they acknowledged may still schedule
  // tasks, and the posts queued behind platform pacing go out now, with most of the bound.
  closers.push('the platform adapters', (leftMs) =>
    Promise.all(adapters.map((a) => a.stop(Math.max(0, leftMs - AFTER_ADAPTERS_MS)))),
  );

  const connections = new Map<string, () => ConnectionHealth>();
  if (options.chat) {
    const own = options.chat(core.bot);
    core.chats.set(own.platform, own);
  }
  for (const a of adapters) {
    core.chats.set(a.platform, a.chatPort);
    if (a.health) connections.set(a.platform, a.health);
  }
  return { adapters, connections };
}
