import { userInfo } from 'node:os';
import { createInterface } from 'node:readline';
import type { Bot } from '../core/interaction.ts';
import type { ChatPort, Logger } from '../core/ports.ts';
import { createConsoleAdapter } from './adapter.ts';
import { ansiStyle, plainStyle } from './render-text.ts';

function safeUserName(): string {
  try {
    return userInfo().username || 'you';
  } catch {
    return 'you';
  }
}

export interface ConsoleRun {
  chatPort: ChatPort;
  /** Resolves when the session is over: `quit` typed, or piped input ended and its jobs finished. */
  done: Promise<void>;
}

/**
 * Reads commands from stdin. At a terminal it is an interactive chat; with input piped in it runs each
 * line in order, then waits (at most `waitMs`) for the jobs it started to post their results.
 */
export function runConsole(options: {
  bot: Bot;
  logger: Logger;
  pendingJobs: () => Promise<number>;
  waitMs: number;
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}): ConsoleRun {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const interactive = Boolean((input as { isTTY?: boolean }).isTTY);
  const adapter = createConsoleAdapter({
    bot: options.bot,
    logger: options.logger,
    pendingJobs: options.pendingJobs,
    style: interactive ? ansiStyle : plainStyle,
    userName: safeUserName(),
    write: (text) => output.write(text),
  });
  const rl = createInterface({ input, output: interactive ? output : undefined, terminal: interactive });
  const done = (async () => {
    if (interactive) {
      output.write('reelbot console — type /help to start, quit to leave.\n');
      rl.setPrompt('> ');
      rl.prompt();
    }
    for await (const line of rl) {
      if (/^(quit|exit|\/quit|\/exit)$/i.test(line.trim())) break;
      await adapter.handleLine(line);
      if (interactive) rl.prompt();
    }
    rl.close();
    if (!interactive) {
      const finished = await adapter.settle(options.waitMs);
      if (!finished)
        output.write(
          `Stopped waiting after ${Math.round(options.waitMs / 1000)} s; unfinished jobs stay in the store and are picked up next start.\n`,
        );
    }
  })();
  return { chatPort: adapter.chatPort, done };
}
