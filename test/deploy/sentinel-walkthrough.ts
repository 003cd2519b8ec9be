// The one-host Sentinel walkthrough of docs/reliability.md, read from the doc and run as written: its lines,
// with the doc's ports (6380-6382, 26379-26381) and directory (/tmp/reelbot-redis) replaced by a test's own, so
// that runs side by side and a Redis already on those ports are left alone. Every other word is the doc's.
// `redis-server … &` lines are started here (no shell job control), each under a shell that SIGKILLs it when
// this process goes away, so a killed test run leaves no Redis behind; every other line runs in `sh`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root } from '../support/bot-process.ts';

export const DOC = 'docs/reliability.md';
const DOC_DIR = '/tmp/reelbot-redis';
export const DOC_PORTS = [6380, 6381, 6382, 26379, 26380, 26381] as const;

/** The fenced block that follows `<!-- marker… -->` in the doc, one command a line. */
export function docBlock(marker: string): string[] {
  const doc = readFileSync(join(root, DOC), 'utf8');
  const block = new RegExp(`<!-- ${marker}[^>]*-->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(doc)?.[1];
  if (block === undefined) throw new Error(`${DOC} has no block marked <!-- ${marker} -->`);
  return block.split('\n').filter((line) => line.trim() !== '');
}

export interface Walkthrough {
  /** The doc's text with this run's ports and directory. */
  local(text: string): string;
  /** This run's port for one of the doc's. */
  port(docPort: (typeof DOC_PORTS)[number]): number;
  /** Runs one of the doc's lines (a `redis-server … &` line is started and held, anything else run to its end). */
  run(line: string): string;
  /** The `redis-server` process started by the doc's line that names `docPort`. */
  node(docPort: (typeof DOC_PORTS)[number]): ChildProcess;
  /** Starts again the node whose line names `docPort`, with that same line. */
  restart(docPort: (typeof DOC_PORTS)[number]): void;
  /** SIGKILLs every process started here (by pid) and waits until each is gone. */
  stop(): Promise<void>;
}

export async function walkthrough(dir: string): Promise<Walkthrough> {
  const ports = new Map<number, number>();
  for (const docPort of DOC_PORTS) {
    let port = await freePort();
    while ([...ports.values(), 6379, ...DOC_PORTS].includes(port)) port = await freePort();
    ports.set(docPort, port);
  }
  const local = (text: string) =>
    text
      .replaceAll(DOC_DIR, dir)
      .replace(/\b(6380|6381|6382|26379|26380|26381)\b/g, (p) => String(ports.get(Number(p)) ?? p));
  const lines = new Map<number, string>();
  const procs = new Map<number, ChildProcess>();
  const all: ChildProcess[] = [];

  const start = (docLine: string): ChildProcess => {
    const words = local(docLine.replace(/\s*&$/, '')).split(/\s+/);
    // The shell keeps a pipe from this process on fd 3 in a background watcher, then becomes redis-server
    // (exec keeps the pid); when the pipe closes (this process died) the watcher SIGKILLs it.
    const script = 'exec 3<&0; (read -r _ <&3; kill -9 $$ 2>/dev/null) & exec "$@" 3<&-';
    const proc = spawn('sh', ['-c', script, 'sh', ...words], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d: Buffer) => {
      output += d.toString();
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    proc.stdin?.on('error', () => undefined);
    proc.once('exit', (code) => {
      proc.stdin?.destroy();
      // A node that refuses its configuration says why only here (its log file is not open yet).
      if (code !== null && code !== 0) console.error(`${words.join(' ')} exited ${code}: ${output}`);
    });
    all.push(proc);
    return proc;
  };

  return {
    local,
    port: (docPort) => ports.get(docPort) ?? docPort,
    run(line) {
      if (/^redis-server .*&$/.test(line)) {
        const docPort = Number(/--port (\d+)/.exec(line)?.[1]);
        lines.set(docPort, line);
        procs.set(docPort, start(line));
        return '';
      }
      return execFileSync('sh', ['-c', local(line)], {
        cwd: root,
        encoding: 'utf8',
        timeout: 10_000,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    },
    node(docPort) {
      const proc = procs.get(docPort);
      if (!proc) throw new Error(`no redis-server line of the doc names port ${docPort}`);
      return proc;
    },
    restart(docPort) {
      const line = lines.get(docPort);
      if (!line) throw new Error(`no redis-server line of the doc names port ${docPort}`);
      procs.set(docPort, start(line));
    },
    async stop() {
      await Promise.all(
        all.map(async (proc) => {
          if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
          const gone = new Promise((resolve) => proc.once('exit', resolve));
          try {
            process.kill(proc.pid, 'SIGKILL');
          } catch {}
          await gone;
        }),
      );
    },
  };
}
