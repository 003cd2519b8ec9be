// A recording pass-through in front of the media API sandbox: the crash test reads from it where each
// job was when the bot died (creating its project, reading the result back…).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TappedRequest {
  method: string;
  path: string;
  at: number;
}

export interface Tap {
  /** The tap's own origin; paths are forwarded unchanged. */
  origin: string;
  seen: TappedRequest[];
  close(): Promise<void>;
}

export async function startTap(target: string): Promise<Tap> {
  const upstream = new URL(target);
  const seen: TappedRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', at: Date.now() });
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
