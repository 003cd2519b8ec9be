// The chat adapters the configuration asks for, each behind the one ChatAdapter interface: Discord
// and/or Slack when their tokens are set, the terminal console when neither is.
import type { App } from './app.ts';
import type { Config } from './config.ts';
import type { ChatAdapter } from './core/adapter.ts';
import type { Logger, Platform } from './core/ports.ts';

/** How long a piped console session waits for its jobs before exiting. */
const CONSOLE_WAIT_MS = 5 * 60_000;

/** With Redis, replicas take turns holding Discord's gateway (see README "Running several replicas"). */
async function gatewayLeaseOn(store: { url: string; prefix?: string }, logger: Logger) {
  // ioredis is loaded only by a configuration that uses it.
  const { createRedisLease } = await import('./core/scheduler/redis-lease.ts');
  return (onLost: () => void) =>
    createRedisLease({ url: store.url, key: `${store.prefix ?? 'reelbot:'}discord-gateway`, logger, onLost });
}

export async function createAdapters(config: Config, app: App, logger: Logger): Promise<ChatAdapter[]> {
  const adapters: ChatAdapter[] = [];
  const common = (platform: Platform) => ({
    bot: app.bot,
    store: app.store,
    once: app.once,
    metrics: app.metrics,
    logger: logger.child({ platform }),
  });
  if (config.discord) {
    const { createDiscordAdapter } = await import('./discord/adapter.ts');
    const discord = createDiscordAdapter({
      ...common('discord'),
      token: config.discord.token,
      apiUrl: config.discord.apiUrl,
      guildId: config.discord.guildId,
      publicKey: config.discord.publicKey,
      // With Redis and the gateway, replicas take turns holding it (README "Running several replicas").
      ...(config.store.kind === 'redis' && !config.discord.publicKey
        ? { gatewayLease: await gatewayLeaseOn(config.store, logger) }
        : {}),
    });
    adapters.push({ platform: 'discord', ...discord });
  }
  if (config.slack) {
    const { createSlackAdapter } = await import('./slack/adapter.ts');
    const slack = createSlackAdapter({
      ...common('slack'),
      // The Slack adapter tags its own lines (Bolt's included) with the platform; tagging here too wrote it twice.
      logger,
      botToken: config.slack.botToken,
      appToken: config.slack.appToken,
      signingSecret: config.slack.signingSecret,
      apiUrl: config.slack.apiUrl,
      adminUsers: config.slack.adminUsers,
      commandPrefix: config.slackCommandPrefix,
    });
    adapters.push({ platform: 'slack', ...slack });
  }
  if (adapters.length === 0) {
    const { createConsoleChatAdapter } = await import('./console/chat-adapter.ts');
    const sessionStart = Date.now();
    adapters.push(
      createConsoleChatAdapter({
        bot: app.bot,
        logger,
        waitMs: CONSOLE_WAIT_MS,
        // Only this session's jobs: older ones (an earlier run cut short) must not hold a piped session open.
        pendingJobs: async () => {
          let n = 0;
          for await (const _ of app.jobs.running(
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
