import { type App, createApp } from './app.ts';
import { type Config, loadConfig, secretValues } from './config.ts';
import { ConfigError } from './core/errors.ts';
import type { ConnectionHealth } from './core/http/health.ts';
import type { RawRoute } from './core/http/server.ts';
import type { Logger } from './core/ports.ts';
import { createLogger } from './logger.ts';
import { startupNotes } from './startup-notes.ts';

// The composition root: configuration, logger, store, media API (or the sandbox), the HTTP listener,
// the poller, and the platform adapters the configuration asks for — the terminal console when none.

/** Docker and systemd wait 10 s after SIGTERM before SIGKILL: whatever still runs at 9 s is cut short. */
const SHUTDOWN_DEADLINE_MS = 9_000;

/** How long a piped console session waits for its jobs before exiting. */
const CONSOLE_WAIT_MS = 5 * 60_000;

interface Adapter {
  routes?: RawRoute[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The platform connection, for /healthz. */
  health?(): ConnectionHealth;
}

async function platformAdapters(config: Config, app: App, logger: Logger): Promise<Adapter[]> {
  const adapters: Adapter[] = [];
  if (config.discord) {
    const { createDiscordAdapter } = await import('./discord/adapter.ts');
    const discord = createDiscordAdapter({
      token: config.discord.token,
      apiUrl: config.discord.apiUrl,
      guildId: config.discord.guildId,
      bot: app.bot,
      store: app.store,
      logger: logger.child({ platform: 'discord' }),
    });
    app.registerChat(discord.chatPort);
    app.watchConnection('discord', discord.health);
    adapters.push(discord);
  }
  if (config.slack) {
    const { createSlackAdapter } = await import('./slack/adapter.ts');
    const slack = createSlackAdapter({
      botToken: config.slack.botToken,
      appToken: config.slack.appToken,
      signingSecret: config.slack.signingSecret,
      apiUrl: config.slack.apiUrl,
      adminUsers: config.slack.adminUsers,
      bot: app.bot,
      store: app.store,
      logger: logger.child({ platform: 'slack' }),
    });
    app.registerChat(slack.chatPort);
    app.watchConnection('slack', slack.health);
    adapters.push(slack);
  }
  return adapters;
}

async function listen(app: App, routes: RawRoute[], config: Config, consoleMode: boolean, logger: Logger) {
  try {
    return await app.listen(routes);
  } catch (err) {
    // A local console only needs a port for the sandbox's webhooks: any free one will do.
    if (consoleMode && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      logger.warn(`Port ${config.port} is in use; the console listens on a free port instead.`);
      return app.listen(routes, 0);
    }
    throw err;
  }
}

async function main() {
  const config = loadConfig();
  const consoleMode = !config.discord && !config.slack;
  // At an interactive terminal chat, routine info lines would interleave with the conversation.
  const quiet = consoleMode && process.stdin.isTTY && !config.logLevelSet;
  const logger = createLogger({
    level: quiet ? 'warn' : config.logLevel,
    pretty: !config.production && Boolean(process.stderr.isTTY),
    // The console owns stdout for the chat; logs go to stderr there.
    destination: consoleMode ? process.stderr : undefined,
    secrets: secretValues(config),
  });
  for (const note of startupNotes(config, consoleMode)) logger[note.level](note.msg);
  const app = await createApp({ config, logger, host: consoleMode ? '127.0.0.1' : '0.0.0.0' });
  const adapters = await platformAdapters(config, app, logger);
  const listener = await listen(
    app,
    adapters.flatMap((a) => a.routes ?? []),
    config,
    consoleMode,
    logger,
  );
  logger.info({ port: listener.port }, 'HTTP listener ready (webhooks, /healthz, /metrics)');
  for (const a of adapters) await a.start();

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger.warn({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long: exiting with work unfinished');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    logger.info('stopping: finishing requests in flight');
    for (const a of adapters) await a.stop().catch((err: unknown) => logger.warn({ err }, 'adapter stop failed'));
    await app.close();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  if (consoleMode) {
    const sessionStart = Date.now();
    const { runConsole } = await import('./console/run.ts');
    const session = runConsole({
      bot: app.bot,
      logger,
      waitMs: CONSOLE_WAIT_MS,
      // Only this session's jobs: older ones (an earlier run cut short) must not hold a piped session open.
      pendingJobs: async () => {
        let n = 0;
        for await (const p of app.jobs.repo.pending()) {
          if (!p.channelKey.startsWith('console:')) continue;
          const job = await app.jobs.repo.get(p.jobId);
          if (job && job.createdAt >= sessionStart) n++;
        }
        return n;
      },
    });
    app.registerChat(session.chatPort);
    await session.done;
    await stop(0);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`reelbot cannot start: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`reelbot stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
