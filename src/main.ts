import { loadConfig, secretValues } from './config.ts';
import { ConfigError } from './core/errors.ts';
import { createLogger } from './runtime/logger.ts';
import { SHUTDOWN_BOUND_MS } from './runtime/shutdown.ts';
import { startupNotes } from './runtime/startup-notes.ts';
import { startBot } from './start-bot.ts';

// Reads the configuration, starts the bot (start-bot.ts, the composition root) and stops it on a signal,
// or when the terminal console's session ends.

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
  const bot = await startBot(config, { logger });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Past the bound (a hung store, a creation still retrying) the process exits anyway: a container's
    // SIGKILL would come at 10 s, and what is unfinished is recovered after the restart.
    setTimeout(() => process.exit(code), SHUTDOWN_BOUND_MS + 1000).unref();
    await bot.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  // The console's session ends the process; servers run until a signal.
  if (bot.finished) await stop(await bot.finished);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`reelbot cannot start: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`reelbot stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
