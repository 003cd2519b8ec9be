// The floors every bot figure is printed next to, each a process of its own measured in the same run with
// the same client, so a shared, busy machine shows as a ratio rather than as a regression: a bare node:http
// server that reads each request body and answers 200 (the machine's limit), and the processes of
// `bare-bolt.ts` and `libraries-only.ts` (the design's own floor).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { rssMbOf } from './world.ts';

const CODE = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); });
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** The repository's root: floor processes resolve packages from its node_modules, as the bot does. */
export const ROOT = join(import.meta.dirname, '..', '..');

export interface BareServer {
  origin: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` (default V8 flags) from the repository's root; its first line on stdout is the port it
 * listens on (or any line, for a process that does not listen).
 */
export async function spawnFloor(args: string[], env: Record<string, string> = {}): Promise<BareServer> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ').slice(0, 60)}: no first line within 20 s`));
    }, 20_000);
    child.stdout.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(chunk.toString('utf8').trim());
    });
  });
  // Later output is drained, so a full pipe never stalls the process.
  child.stdout.resume();
  return {
    origin: `http://127.0.0.1:${Number(first)}`,
    pid: child.pid ?? -1,
    rssMb: () => rssMbOf(child.pid ?? -1),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const startBareServer = (): Promise<BareServer> => spawnFloor(['-e', CODE]);
