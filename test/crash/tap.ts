// A recording pass-through in front of the media API sandbox: the crash test reads from it where each
// job was when the bot died (creating its project, reading the result back…).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TappedRequest {
  method: string;
  path: string;
  at: number;
  /** The sender's port: which replica sent it (see owner-of.ts). */
  fromPort: number;
  /** The target's answer status, once it answered (a creation answered 2xx made a project). */
  status?: number;
  /** When the answer was passed on to the sender, after any hold. */
  answeredAt?: number;
}

export interface Tap {
  /** The tap's own origin; paths are forwarded unchanged. */
  origin: string;
  seen: TappedRequest[];
  close(): Promise<void>;
}

export interface TapOptions {
  /** Holds the answer to a request this long after the target answered: a kill lands while it is in flight. */
  holdMs?: (req: { method: string; path: string }) => number;
  /** A status to answer instead of forwarding (an upstream outage), or undefined to forward. */
  fault?: (req: { method: string; path: string }) => number | undefined;
}

export async function startTap(target: string, options: TapOptions = {}): Promise<Tap> {
  const upstream = new URL(target);
  const seen: TappedRequest[] = [];
  const server = createServer((req, res) => {
    const seenAs = { method: req.method ?? 'GET', path: req.url ?? '/' };
    const tapped: TappedRequest = { ...seenAs, at: Date.now(), fromPort: req.socket.remotePort ?? 0 };
    seen.push(tapped);
    const fault = options.fault?.(seenAs);
    if (fault !== undefined) {
      Object.assign(tapped, { status: fault, answeredAt: Date.now() });
      req.resume();
      res.writeHead(fault, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Internal Server Error: the tap is failing on purpose' } }));
      return;
    }
    const holdMs = options.holdMs?.(seenAs) ?? 0;
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        tapped.status = answer.statusCode ?? 502;
        const pass = () => {
          tapped.answeredAt = Date.now();
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (holdMs > 0) setTimeout(pass, holdMs);
        else pass();
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
