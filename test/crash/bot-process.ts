// Real bot processes for crash, shutdown and scale-out tests: `node --import tsx src/main.ts` with the
// environment a deployment would give it, its JSON log lines collected, and ways to end it that a
// platform would use (SIGTERM from a container stop, SIGKILL from the OOM killer or a node failure).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BotProcess {
  pid: number;
  /** Parsed JSON log lines, in order. */
  logs: Array<Record<string, unknown>>;
  /** Resolves when the listener logged it is ready. */
  ready: Promise<void>;
  /** Resolves with the exit code (null after a signal) and how long after `kill` it came. */
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
  const child: ChildProcess = spawn(process.execPath, options.argv ?? ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    // Only what the bot needs: the test's own variables (VITEST, NODE_ENV=test…) must not leak in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
