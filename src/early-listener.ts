// The port is bound before the heavy modules load. Loading discord.js, Bolt, zod's schemas and the core takes
// most of a start (about 2 s of 2.5 s on the 2-core machine); a port that refuses connections all that time
// turns a rolling restart's first requests into connection errors. Bound at once, the process tells the truth
// while it starts: /healthz answers 503 `starting` (a load balancer keeps traffic away), and any other request
// waits, bounded, for the app, which then answers it as it would any other.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Slack and Discord give up on a first answer after 3 s; a request held longer is refused with 503 before then. */
export const HOLD_MS = 2_500;
/** Requests held at once; more are refused (503, Retry-After) rather than queued without bound. */
export const MAX_HELD = 1_000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface EarlyListener {
  /** Bound and listening; hand it to `app.listen`, which takes its socket over. */
  server: Server;
  port: number;
  /** From now on every request (held ones first) goes to `handler`, the app's own listener. */
  handOver(handler: Handler): void;
}

function refuse(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '1' });
  res.end(JSON.stringify(body));
}

export async function listenEarly(port: number, host: string): Promise<EarlyListener> {
  const started = Date.now();
  const held = new Set<{ req: IncomingMessage; res: ServerResponse; timer: NodeJS.Timeout }>();
  let target: Handler | undefined;

  const server = createServer((req, res) => {
    if (target) return target(req, res);
    if (req.method === 'GET' && req.url?.split('?')[0] === '/healthz') {
      return refuse(res, 503, { ok: false, starting: true, uptimeSeconds: Math.round((Date.now() - started) / 1000) });
    }
    if (held.size >= MAX_HELD) return refuse(res, 503, { error: 'starting' });
    const entry = {
      req,
      res,
      timer: setTimeout(() => {
        held.delete(entry);
        refuse(res, 503, { error: 'starting' });
      }, HOLD_MS),
    };
    held.add(entry);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    handOver(handler) {
      target = handler;
      for (const entry of held) {
        clearTimeout(entry.timer);
        handler(entry.req, entry.res);
      }
      held.clear();
    },
  };
}
