import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Metrics, secondsSince } from '../../core/metrics.ts';
import type { RawRoute } from '../../core/platform/chat-adapter.ts';
import type { HttpResult, PageRoute, WebhookHandler } from '../../core/platform/http-result.ts';
import { createWorkTracker, DRAIN_MS, type WorkTracker } from '../../core/platform/work-tracker.ts';
import type { Clock, Logger, Store } from '../../core/ports.ts';
import { createAnswersAwaited } from './awaiting.ts';
import type { ClientLimit } from './client-limit.ts';
import { bearerMatches, type HealthSources, healthAnswer } from './health.ts';
import { readBody, TooLarge } from './read-body.ts';

// The bot's one HTTP listener: media API webhooks, health, metrics, and whatever raw routes an adapter
// mounts (Slack's HTTP mode), so a deployment exposes a single port.

/** Webhook bodies are a project's JSON (a few KB for ten reels); anything far larger is not one. */
export const MAX_BODY_BYTES = 256 * 1024;

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
  /** Pages for people outside the chat (the review pages), each limited per client address. */
  pages?: { route: PageRoute; limit: ClientLimit }[];
}

export type Headers = Record<string, string | string[] | undefined>;

const WEBHOOK_PATH = /^\/webhooks\/media\/([A-Za-z0-9_-]{16,128})\/?$/;

/** A path as it may be logged: the tokens of webhooks and review links are capabilities, never written down. */
export const loggablePath = (path: string): string =>
  path.replace(WEBHOOK_PATH, '/webhooks/media/[redacted]').replace(/^\/review\/.*$/, '/review/[redacted]');

/** Routes one request to an answer, apart from sockets (a function of method, path and body). */
export function createRequestHandler(deps: HttpDeps) {
  const started = deps.clock.now();
  const text = (status: number, body: string): HttpResult => ({
    status,
    body,
    contentType: 'text/plain; charset=utf-8',
  });

  const uptime = () => Math.round((deps.clock.now() - started) / 1000);
  const health = () => healthAnswer({ store: deps.store, ...deps.health }, uptime());

  return async function route(
    method: string,
    path: string,
    body: () => Promise<Buffer>,
    headers: Headers = {},
    client = 'in-process',
  ): Promise<HttpResult> {
    const hook = WEBHOOK_PATH.exec(path);
    if (hook?.[1]) {
      if (method !== 'POST') return text(405, 'use POST');
      const start = performance.now();
      // Answer time only: the settling that follows (`after`) is the job's, not the sender's wait.
      const answer = await deps.webhook(hook[1], await body());
      deps.metrics.observe('reelbot_webhook_seconds', {}, secondsSince(start));
      return answer;
    }
    if (path.startsWith('/webhooks/')) return text(404, 'not found');
    const page = deps.pages?.find((p) => path.startsWith(p.route.prefix));
    if (page) {
      if (!(await page.limit(client))) return page.route.tooMany();
      try {
        return await page.route.handle({ method, path, body });
      } catch (err) {
        // Answered as the page's own (its security headers too), not as a bare 500.
        if (err instanceof TooLarge) return page.route.failed(413);
        deps.logger.error({ err, path: loggablePath(path) }, 'page route failed');
        return page.route.failed(500);
      }
    }
    if (path === '/healthz' && method === 'GET') return health();
    if (path === '/metrics' && method === 'GET' && deps.metricsAccess?.served !== false) {
      const token = deps.metricsAccess?.token;
      if (token && !bearerMatches(headers.authorization, token)) return text(401, 'metrics need METRICS_TOKEN');
      deps.metrics.set('reelbot_uptime_seconds', {}, uptime());
      return { status: 200, body: await deps.metrics.render(), contentType: deps.metrics.contentType };
    }
    return text(404, 'not found');
  };
}

/** The listener once it listens on its port. */
export interface HttpListener {
  server: Server;
  port: number;
  work: WorkTracker;
  /** Stops taking requests, waits (bounded) for work after answers already sent, then drops connections. */
  close(): Promise<void>;
}

/** The bot's one listener before it listens: created with the infrastructure, routed once the bot is built. */
export interface HttpServer {
  readonly work: WorkTracker;
  /** The port it listens on; undefined until it does. */
  boundPort(): number | undefined;
  /** Routes requests to the bot; until then each is answered 503 (the bot is still starting). */
  mount(deps: HttpDeps): void;
  /** Requests it has received and not yet answered: the work queue holds back new work while people wait. */
  answersAwaited(): number;
  /** Answers one request in this process without a socket (an adapter's raw routes need one). */
  request(method: string, path: string, body?: string | Buffer, headers?: Headers): Promise<HttpResult>;
  listen(port: number, host: string): Promise<HttpListener>;
  /** Closes it whether or not it ever listened. */
  close(): Promise<void>;
}

export interface HttpServerOptions {
  logger: Logger;
  /** Owns work after an answer (settling after a webhook); close() drains it. Default: one of its own. */
  work?: WorkTracker;
  /** How long close() waits for that work; default 10 s. */
  drainMs?: number;
}

export function createHttpServer(options: HttpServerOptions): HttpServer {
  const { logger } = options;
  const work = options.work ?? createWorkTracker(logger);
  const starting = async (): Promise<HttpResult> => ({ status: 503, body: 'starting', contentType: 'text/plain' });
  let route: ReturnType<typeof createRequestHandler> = starting;
  let raw = new Map<string, RawRoute['handler']>();
  const awaiting = createAnswersAwaited();
  const server = createServer((req, res) => {
    awaiting.count(res);
    // The path without the query, cut rather than parsed: a WHATWG URL per request is costly on the webhook's path.
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const mounted = raw.get(`${req.method} ${path}`);
    if (mounted) return mounted(req, res);
    route(req.method ?? 'GET', path, () => readBody(req, MAX_BODY_BYTES), req.headers, req.socket.remoteAddress)
      .then((answer) => {
        res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain', ...answer.headers });
        res.end(answer.body);
        if (answer.after) work.run('after answer', answer.after);
      })
      .catch((err: unknown) => {
        if (err instanceof TooLarge) {
          res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' });
          res.end('payload too large');
          return;
        }
        logger.error({ err, path: loggablePath(path) }, 'http handler failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('internal error');
      });
  });
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive sockets with no request in flight would hold close() open; requests in flight finish.
    server.closeIdleConnections();
    await work.drain(options.drainMs ?? DRAIN_MS);
    server.closeAllConnections();
    await closed;
  };
  return {
    work,
    boundPort: () => {
      const address = server.address();
      return address && typeof address === 'object' ? address.port : undefined;
    },
    mount(deps) {
      route = createRequestHandler(deps);
      raw = new Map((deps.routes ?? []).map((r) => [`${r.method} ${r.path}`, r.handler]));
    },
    answersAwaited: awaiting.awaited,
    async request(method, path, body, headers) {
      const bytes = Buffer.from(body ?? '');
      const answer = await route(method, path, async () => bytes, headers);
      if (answer.after) work.run('after answer', answer.after);
      return answer;
    },
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return { server, port: (server.address() as AddressInfo).port, work, close };
    },
    close,
  };
}
