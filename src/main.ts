import { loadConfig, requireChatPlatform, secretValues } from './config.ts';
import { ConfigError, PlatformUnreachableError, StoreUnavailableError } from './core/errors.ts';
import { SHUTDOWN_BOUND_MS } from './runtime/closers.ts';
import { inputKind } from './runtime/input-kind.ts';
import { createLogger } from './runtime/logger.ts';
import { startupNotes } from './runtime/startup-notes.ts';
import { type RunningBot, startBot } from './start-bot.ts';

// Reads the configuration, starts the bot (start-bot.ts, the composition root) and stops it on a signal,
// or when the terminal console's session ends.

/** Set once the first SIGINT or SIGTERM arrives; a second of the same kind ends the process at once. */
let stopSignal: NodeJS.Signals | undefined;
let logger: ReturnType<typeof createLogger> | undefined;
let bot: RunningBot | undefined;
let stopping = false;
// A stop asked for while the platforms are still being reached cancels the start (start-bot.ts).
const starting = new AbortController();

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Past the bound (a hung store, a creation still retrying) the process exits anyway: a container's
  // SIGKILL would come at 10 s, and what is unfinished is recovered after the restart.
  setTimeout(() => process.exit(code), SHUTDOWN_BOUND_MS + 1000).unref();
  await bot?.stop();
  if (stopSignal) logger?.info('stopped');
  process.exit(code);
}

function onSignal(signal: NodeJS.Signals) {
  if (stopSignal) return;
  stopSignal = signal;
  logger?.info(`stopping (${signal})`);
  if (bot) void stop(0);
  else starting.abort(new Error(`stopped by ${signal} while starting`));
}
// From the first moment: a start waiting for a platform that does not answer is stopped cleanly too.
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

async function main() {
  const config = loadConfig();
  const input = inputKind();
  requireChatPlatform(config, input);
  const consoleMode = !config.discord && !config.slack;
  // At an interactive terminal chat, routine info lines would interleave with the conversation.
  const quiet = consoleMode && input === 'terminal' && !config.logLevelSet;
  logger = createLogger({
    level: quiet ? 'warn' : config.logLevel,
    pretty: !config.production && Boolean(process.stderr.isTTY),
    // The console owns stdout for the chat; logs go to stderr there.
    destination: consoleMode ? process.stderr : undefined,
    secrets: secretValues(config),
  });
  for (const note of startupNotes(config, consoleMode)) logger[note.level](note.msg);
  try {
    bot = await startBot(config, { logger, signal: starting.signal });
  } catch (err) {
    // startBot stopped what it had built; a signal's stop is a clean one.
    if (stopSignal) return stop(0);
    throw err;
  }
  if (stopSignal) return stop(0);

  // The console's session ends the process; servers run until a signal.
  if (bot.finished) await stop(await bot.finished);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`reelbot cannot start: ${err.message}\n`);
    process.exit(2);
  }
  // The message says what to check (the URL without its password, the network's reason, STORE_URL);
  // a stack would only bury it. At start-up nothing else throws it: the first store call is the ping.
  if (err instanceof PlatformUnreachableError || err instanceof StoreUnavailableError) {
    process.stderr.write(`reelbot cannot start: ${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`reelbot stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
