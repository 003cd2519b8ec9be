import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { SECRET as SLACK_SECRET } from '../slack/harness.ts';

// Runs the bot's own commands as an operator would, and keeps hold of each process so afterEach can stop
// exactly the ones a test started (by pid, never by name).

export const root = join(import.meta.dirname, '..', '..');
export const started: ChildProcess[] = [];

export interface Run {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Standard input is /dev/null, as under systemd or Docker, unless `input` is piped in. */
export function run(command: string, args: string[], env: Record<string, string>, input?: string): Run {
  const proc = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  started.push(proc);
  if (input !== undefined) proc.stdin?.end(input);
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { proc, output: () => out, exited };
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
