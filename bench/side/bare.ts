// The physical limit on this machine: a bare node:http server in its own process that reads each request
// body and answers 200. Every bot figure is printed next to this server's, measured in the same run with
// the same client, so a shared, busy machine shows as a ratio rather than as a regression.
import { spawn } from 'node:child_process';

const CODE = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); });
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export interface BareServer {
  origin: string;
  pid: number;
  rssMb(): number | undefined;
  stop(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const child = spawn(process.execPath, ['-e', CODE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bare server did not start within 10 s')), 10_000);
    child.stdout.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(Number(chunk.toString('utf8').trim()));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    rssMb: () => undefined,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
