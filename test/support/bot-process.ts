// The one builder of child processes: the bot's own commands run as an operator or a platform would run them
// (`node --import tsx src/main.ts`, the CLI, a build), with only the environment a deployment gives, their output
// kept, and each process held so a test stops exactly the ones it started (by pid, never by name): SIGTERM from
// a container stop, SIGKILL from the OOM killer or a node failure.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SECRET as SLACK_SECRET } from '../slack/harness.ts';

export const root = join(import.meta.dirname, '..', '..');
export const started: ChildProcess[] = [];

export interface Run {
  proc: ChildProcess;
  /** Standard output and error as they came. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once its output is all read. */
  exited: Promise<number | string>;
}

/**
 * Standard input is /dev/null, as under systemd or Docker, unless `input` is piped in (`keepStdinOpen`: the test
 * types more later, as a person at a console). With `keepOutput: false` nothing is kept (a benchmark's bot
 * answering thousands of requests a second would fill the test's memory).
 */
export function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  input?: string,
  options: { keepOutput?: boolean; keepStdinOpen?: boolean } = {},
): Run {
  const piped = input !== undefined || options.keepStdinOpen === true;
  const proc = spawn(command, args, {
    cwd: root,
    // Only what the process needs: the test's own variables (VITEST, NODE_ENV=test…) must not leak in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: [piped ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  if (input !== undefined && options.keepStdinOpen) proc.stdin?.write(input);
  else if (input !== undefined) proc.stdin?.end(input);
  const kept = { all: '', out: '', err: '' };
  const keep = (stream: 'out' | 'err') => (d: Buffer) => {
    if (options.keepOutput === false) return;
    kept.all += d.toString();
    kept[stream] += d.toString();
  };
  proc.stdout?.on('data', keep('out'));
  proc.stderr?.on('data', keep('err'));
  const exited = new Promise<number | string>((resolve) =>
    proc.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { proc, output: () => kept.all, stdout: () => kept.out, stderr: () => kept.err, exited };
}

export async function waitForOutput(r: Run, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = pattern.exec(r.output());
    if (found) return found;
    if (r.proc.exitCode !== null) throw new Error(`exited ${r.proc.exitCode} before ${pattern}: ${r.output()}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`no ${pattern} within ${timeoutMs} ms: ${r.output()}`);
}

/** Stops every process the test started, by pid. */
export async function stopAll(): Promise<void> {
  for (const proc of started.splice(0)) {
    if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) continue;
    const gone = new Promise((r) => proc.once('exit', r));
    try {
      process.kill(proc.pid, 'SIGKILL');
    } catch {}
    await gone;
  }
}

/** A line of the bot's log: pino's JSON, or anything else it printed (level -1), so a test sees that too. */
export interface LogLine {
  level: number;
  msg: string;
}

export const logLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (l.startsWith('{') ? (JSON.parse(l) as LogLine) : { level: -1, msg: l }));

/** `src/main.ts` in production on Slack (its Web API on `apiUrl`, a double), with the sandbox as media API. */
export function runSlackBot(apiUrl: string, token: string, env: Record<string, string>): Run {
  return run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    SLACK_BOT_TOKEN: token,
    SLACK_SIGNING_SECRET: SLACK_SECRET,
    SLACK_API_URL: apiUrl,
    MEDIA_API_URL: 'sandbox',
    PORT: '0',
    NODE_ENV: 'production',
    ...env,
  });
}

export interface BotProcess {
  pid: number;
  /** Parsed JSON log lines, in order. */
  logs: Array<Record<string, unknown>>;
  /** Resolves when the listener logged it is ready. */
  ready: Promise<void>;
  /** Resolves with the exit code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

/** A free loopback port, so a restarted bot listens where the media API's webhooks already point. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The bot as a deployment runs it, its JSON log lines parsed, `ready` once its listener is. */
export function startBotProcess(
  env: Record<string, string>,
  options: {
    readyMs?: number;
    /** Default: the TypeScript entry through tsx; the benchmark starts dist/main.js. */
    argv?: string[];
    /**
     * false: lines after the ready line are drained unread (the benchmark: parsing every line of a bot
     * answering thousands of requests a second took the load client's own CPU).
     */
    keepLogs?: boolean;
  } = {},
): BotProcess {
  const argv = options.argv ?? ['--import', 'tsx', 'src/main.ts'];
  const { proc: child } = run(process.execPath, argv, { LOG_LEVEL: 'info', ...env }, undefined, { keepOutput: false });
  const logs: Array<Record<string, unknown>> = [];
  let stderr = '';
  let onReady: () => void = () => undefined;
  let onFail: (err: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    onFail = reject;
  });
  let buffered = '';
  let isReady = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (isReady && options.keepLogs === false) return;
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.msg === 'string' && entry.msg.startsWith('HTTP listener ready')) onReady();
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      onFail(new Error(`bot exited before it was ready (code ${code}, ${signal}): ${stderr.slice(-2000)}`));
      resolve({ code, signal });
    });
  });
  const timer = setTimeout(
    () => onFail(new Error(`bot not ready within ${options.readyMs ?? 30_000} ms: ${stderr.slice(-2000)}`)),
    options.readyMs ?? 30_000,
  );
  void ready.then(
    () => {
      isReady = true;
      clearTimeout(timer);
    },
    () => clearTimeout(timer),
  );
  return {
    pid: child.pid ?? -1,
    logs,
    ready,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}
