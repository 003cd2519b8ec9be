// First, for its effect: V8's young generation is held small while everything below loads.
import './young-generation.ts';
import type { App } from './app.ts';
import { type Config, loadConfig, secretValues } from './config.ts';
import { ConfigError } from './core/errors.ts';
import { answersAwaited } from './core/http/awaiting.ts';
import type { Logger } from './core/ports.ts';
import { workActivity } from './core/work-queue.ts';
import { type EarlyListener, listenEarly } from './early-listener.ts';
import { giveBackAfterBursts } from './heap-after-burst.ts';
import { createLogger } from './logger.ts';
import { SHUTDOWN_BOUND_MS, shutdown } from './shutdown.ts';
import { startupNotes } from './startup-notes.ts';
import { releaseYoungGeneration } from './young-generation.ts';

// The composition root: configuration, logger, store, media API (or the sandbox), the HTTP listener,
// the poller, and the platform adapters the configuration asks for — the terminal console when none.
// Only what binds the port is imported up front; the app and the adapters (most of the start) load after.

async function bind(config: Config, host: string, consoleMode: boolean, logger: Logger): Promise<EarlyListener> {
  try {
    return await listenEarly(config.port, host);
  } catch (err) {
    // A local console only needs a port for the sandbox's webhooks: any free one will do.
    if (consoleMode && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      logger.warn(`Port ${config.port} is in use; the console listens on a free port instead.`);
      return listenEarly(0, host);
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
  const host = config.host ?? (consoleMode ? '127.0.0.1' : '0.0.0.0');
  const early = await bind(config, host, consoleMode, logger);
  logger.info({ port: early.port }, 'listening; starting up (/healthz answers 503 until ready)');
  const [{ createApp }, { createAdapters }] = await Promise.all([import('./app.ts'), import('./adapters.ts')]);
  const app: App = await createApp({ config, logger, host });
  const adapters = await createAdapters(config, app, logger);
  for (const a of adapters) {
    app.registerChat(a.chatPort);
    if (a.health) app.watchConnection(a.platform, a.health);
  }
  const listener = await app.listen(
    adapters.flatMap((a) => a.routes ?? []),
    early,
  );
  logger.info({ port: listener.port }, 'HTTP listener ready (webhooks, /healthz, /metrics)');
  // Requests are served from here on: a burst may grow the young generation again, as V8 would.
  releaseYoungGeneration();
  // And once a burst's work is done, the heap it grew is given back (heap-after-burst.ts).
  const heap = giveBackAfterBursts({ logger, activity: workActivity, awaiting: answersAwaited });
  for (const a of adapters) await a.start();

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    heap.stop();
    // Past the bound (a hung store, a creation still retrying) the process exits anyway: a container's
    // SIGKILL would come at 10 s, and what is unfinished is recovered after the restart.
    setTimeout(() => process.exit(code), SHUTDOWN_BOUND_MS + 1000).unref();
    await shutdown({ app, adapters, logger });
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  // An adapter that can finish (the console's session) ends the process; servers run until a signal.
  const finishing = adapters.flatMap((a) => (a.finished ? [a.finished] : []));
  if (finishing.length > 0) await stop(await Promise.race(finishing));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`reelbot cannot start: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`reelbot stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
