import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock, Logger, Store } from '../ports.ts';
import { bearerMatches, type HealthSources, healthAnswer } from './health.ts';
import type { Metrics } from './metrics.ts';
import type { Answer, WebhookHandler } from './webhook.ts';

// The bot's one HTTP listener: media API webhooks, health, metrics, and whatever raw routes an adapter
// mounts (Slack's HTTP mode), so a deployment exposes a single port.

/** Webhook bodies are a project's JSON (a few KB for ten reels); anything far larger is not one. */
export const MAX_BODY_BYTES = 256 * 1024;

export interface RawRoute {
  method: 'GET' | 'POST';
  path: string;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface HttpDeps {
  webhook: WebhookHandler;
  store: Store;
  metrics: Metrics;
  logger: Logger;
  clock: Clock;
  routes?: RawRoute[];
  /** Platform connections and the media API's last answer, for /healthz. */
  health?: Omit<HealthSources, 'store'>;
  /** `served: false` when /metrics has its own port (METRICS_PORT); `token` = METRICS_TOKEN. */
  metricsAccess?: { served: boolean; token?: string };
}

export type Headers = Record<string, string | string[] | undefined>;

class TooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new TooLarge());
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** How long close() lets requests in flight finish. */
const CLOSE_GRACE_MS = 5_000;

const WEBHOOK_PATH = /^\/webhooks\/media\/([A-Za-z0-9_-]{16,128})\/?$/;

/** Routes one request to an answer, apart from sockets (a function of method, path and body). */
export function createRequestHandler(deps: HttpDeps) {
  const started = deps.clock.now();
  const text = (status: number, body: string): Answer => ({ status, body, contentType: 'text/plain; charset=utf-8' });

  const uptime = () => Math.round((deps.clock.now() - started) / 1000);
  const health = () => healthAnswer({ store: deps.store, ...deps.health }, uptime());

  return async function route(
    method: string,
    path: string,
    body: () => Promise<Buffer>,
    headers: Headers = {},
  ): Promise<Answer> {
    const hook = WEBHOOK_PATH.exec(path);
    if (hook?.[1]) {
      if (method !== 'POST') return text(405, 'use POST');
      return deps.webhook(hook[1], await body());
    }
    if (path.startsWith('/webhooks/')) return text(404, 'not found');
    if (path === '/healthz' && method === 'GET') return health();
    if (path === '/metrics' && method === 'GET' && deps.metricsAccess?.served !== false) {
      const token = deps.metricsAccess?.token;
      if (token && !bearerMatches(headers.authorization, token)) return text(401, 'metrics need METRICS_TOKEN');
      deps.metrics.set('reelbot_uptime_seconds', {}, uptime());
      return { status: 200, body: await deps.metrics.render(), contentType: 'text/plain; version=0.0.4' };
    }
    return text(404, 'not found');
  };
}

export interface HttpListener {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function startHttpServer(deps: HttpDeps, port: number, host = '0.0.0.0'): Promise<HttpListener> {
  const route = createRequestHandler(deps);
  const raw = new Map((deps.routes ?? []).map((r) => [`${r.method} ${r.path}`, r.handler]));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const mounted = raw.get(`${req.method} ${path}`);
    if (mounted) return mounted(req, res);
    route(req.method ?? 'GET', path, () => readBody(req, MAX_BODY_BYTES), req.headers)
      .then((answer) => {
        res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain' });
        res.end(answer.body);
        if (answer.after) void answer.after();
      })
      .catch((err: unknown) => {
        if (err instanceof TooLarge) {
          res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' });
          res.end('payload too large');
          return;
        }
        deps.logger.error(
          { err, path: path.replace(WEBHOOK_PATH, '/webhooks/media/[redacted]') },
          'http handler failed',
        );
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('internal error');
      });
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
    close: () =>
      new Promise<void>((resolve) => {
        // Requests in flight finish (a webhook answered half-way would be delivered again); idle keep-alive
        // sockets close now, and anything still open after the grace period is cut.
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      }),
  };
}
