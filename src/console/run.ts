import { userInfo } from 'node:os';
import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';
import type { Translator } from '../core/i18n/catalogue.ts';
import type { ListenerAddress } from '../core/platform/chat-adapter.ts';
import type { Bot } from '../core/platform/interaction.ts';
import type { ChatPort, Logger } from '../core/ports.ts';
import { createConsoleAdapter } from './adapter.ts';
import { ansiStyle, plainStyle } from './render-text.ts';
import { consoleWords } from './words.ts';

/** Carriage return, then erase the whole line (ANSI EL2). */
const CLEAR_LINE = '\r\x1b[2K';

function safeUserName(): string {
  try {
    return userInfo().username || 'you';
  } catch {
    return 'you';
  }
}

export interface ConsoleRun {
  chatPort: ChatPort;
  /**
   * Resolves with the exit code when the session is over (`quit` typed, or piped input ended and its
   * jobs finished): 1 when any job failed or, with input piped in, any command was refused (an invalid
   * or unknown command, a refusal, a form turned down), so a script piping commands in can rely on it.
   * A job still running at `quit` is no failure: it is said to be left for the next start.
   */
  done: Promise<number>;
}

export interface ConsoleRunOptions {
  bot: Bot;
  logger: Logger;
  pendingJobs: () => Promise<number>;
  /** How long a piped session waits for its jobs before exiting. */
  waitMs: number;
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** The terminal's language (LANG and its kin, e.g. `fr_FR.UTF-8`). */
  locale?: string;
  /** Where the bot's HTTP listener took its port (another one when PORT was taken): said at a terminal's start. */
  listener?: ListenerAddress;
  /**
   * Jobs of this console's channel still running from before this session (an earlier start, or another console on
   * the data folder): said at the start, since their results are about to print with no command typed.
   */
  resumingJobs?: () => Promise<number>;
}

/**
 * Reads commands from stdin. At a terminal it is an interactive chat; with input piped in it runs each
 * line in order, then waits (at most `waitMs`) for the jobs it started to post their results.
 */
export function runConsole(options: ConsoleRunOptions): ConsoleRun {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const interactive = Boolean((input as { isTTY?: boolean }).isTTY);
  let rl: Interface | undefined;
  /** A typed line is being answered: the prompt comes back after it, not after each printed message. */
  let answering = false;
  /** The form's question waiting for its answer: the prompt, typed after on the same line. */
  let question: string | undefined;
  const PROMPT = '> ';
  const words = consoleWords(options.locale);
  const adapter = createConsoleAdapter({
    bot: options.bot,
    logger: options.logger,
    pendingJobs: options.pendingJobs,
    style: interactive ? ansiStyle : plainStyle,
    userName: safeUserName(),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(interactive
      ? {
          ask: (q: string) => {
            question = q;
          },
          askAgainOnMistake: true,
        }
      : {}),
    write: (text) => {
      if (!interactive || answering || !rl) return void output.write(text);
      // A result arriving while someone types: clear the prompt line, print, then redraw the prompt with
      // what was typed so far, instead of printing into the middle of it.
      output.write(`${CLEAR_LINE}${text}`);
      showPrompt(rl);
    },
  });
  /**
   * The prompt: `> `, or the form's question. readline echoes a prompt through the screen, which hides
   * everything while a secret is typed, so a secret's question is written past it, with an empty prompt.
   */
  function showPrompt(lines: Interface) {
    const field = adapter.asking();
    const secret = field?.secret === true;
    const prompt = field && question !== undefined ? question : PROMPT;
    if (secret) output.write(prompt);
    lines.setPrompt(secret ? '' : prompt);
    lines.prompt(true);
  }
  let failedJobs = 0;
  const chatPort: ChatPort = {
    ...adapter.chatPort,
    send: (thread, message, key) => {
      // A failed job, or one that never finished, is posted with its Retry button.
      if (message.controls?.some((c) => c.kind === 'action' && c.id.startsWith('retry:'))) failedJobs++;
      return adapter.chatPort.send(thread, message, key);
    },
  };
  // readline echoes what is typed through its output: while a secret (an API key after `/setup key`) is
  // typed, that echo is dropped, so the key never appears on the screen or in its scrollback.
  const screen = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (adapter.asking()?.secret !== true) output.write(chunk);
        callback();
      },
    }),
    { isTTY: true, columns: (output as { columns?: number }).columns ?? 80 },
  );
  rl = createInterface({ input, output: interactive ? screen : undefined, terminal: interactive });
  const lines = rl;
  // Read from now on: lines piped in arrive while the start is still being said, and must wait, not be lost.
  const incoming = lines[Symbol.asyncIterator]();
  const done = (async () => {
    if (interactive) {
      output.write(`${words.t('console.welcome')}\n`);
      // At a terminal only warnings are logged: the address is said here, or /healthz could not be found.
      const at = options.listener;
      if (at) output.write(`${words.t('console.listening', { url: at.url, healthz: at.healthz })}\n`);
    }
    const resuming = (await options.resumingJobs?.().catch(() => 0)) ?? 0;
    if (resuming > 0) output.write(`${resumingLine(resuming, words)}\n`);
    if (interactive) showPrompt(lines);
    for await (const line of incoming) {
      if (/^(quit|exit|\/quit|\/exit)$/i.test(line.trim())) break;
      answering = true;
      // The Enter of a secret line was not echoed either.
      if (interactive && adapter.asking()?.secret === true) output.write('\n');
      await adapter.handleLine(line).finally(() => {
        answering = false;
      });
      // preserveCursor: text typed while the answer was printed stays, with the cursor at its end.
      if (interactive) showPrompt(lines);
    }
    lines.close();
    if (interactive) {
      // Quitting is not a failure: the jobs still running stay in the store, and the next start polls them
      // again and prints their results, as after Ctrl-C.
      const running = await options.pendingJobs().catch(() => 0);
      if (running > 0) output.write(`${words.t('console.still_running', { count: running })}\n`);
    } else {
      const finished = await adapter.waitForJobs(options.waitMs);
      if (!finished) {
        const seconds = String(Math.round(options.waitMs / 1000));
        output.write(`${words.t('console.stopped_waiting', { seconds })}\n`);
      }
    }
    // A script piping commands in reads the exit status: a refused line is a failure like a failed job.
    // At a terminal the person read the refusal and typed again, so only failed jobs count there.
    const refused = interactive ? 0 : adapter.refusals();
    const failures = [
      ...(refused > 0 ? [words.t('console.refused', { count: refused })] : []),
      ...(failedJobs > 0 ? [words.t('console.failed', { count: failedJobs })] : []),
    ];
    if (failures.length > 0) output.write(`${failures.join('; ')}.\n`);
    return failures.length > 0 ? 1 : 0;
  })();
  return { chatPort, done };
}

/** "Resuming 1 job …": a result that prints at start, before anything is typed, says where it came from. */
export function resumingLine(jobs: number, words: Translator = consoleWords(undefined)): string {
  return words.t('console.resuming', { count: jobs });
}
