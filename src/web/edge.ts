// The bot's one web edge: every route it serves (media webhooks, /healthz, /metrics, the pages for people outside
// the chat, the platforms' HTTP requests) has the one shape of core/platform/route.ts, brought by the features and
// adapters that own it; the edge names none of them. It is Hono on @hono/node-server: `request()` answers without a
// socket through Hono's own `app.request()`, the socket path goes through node-server's listener. Around every route
// the edge keeps what the listener guarantees: 503 until the bot is built, bodies bounded (413), per-client limits,
// capability paths never logged, pages rendered one way with one set of headers, work after an answer drained at
// shutdown, and the count of answers still awaited, which the work queue steers by.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { isPage, type Route, type RouteAnswer } from '../core/platform/route.ts';
import { createWorkTracker, DRAIN_MS, type WorkTracker } from '../core/platform/work-tracker.ts';
import type { Logger } from '../core/ports.ts';
import { createAnswersAwaited } from './answers-awaited.ts';
import { BodyTooLarge, boundBody } from './bounded-body.ts';
import { type ClientLimits, createClientLimits } from './client-limit.ts';
import { createLoggablePath, type LoggablePath } from './loggable-path.ts';
import { newNonce, pageHeaders } from './page-headers.ts';
import { renderPage } from './render-page.ts';

/** A body far larger than a webhook's project JSON (a few KB for ten reels) or a review form is not one. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/** An answer given in this process, without a socket: what tests and the in-process sandbox read. */
export interface WebAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Where the listener took its port: the address as bound (`0.0.0.0`, `::`, `127.0.0.1`) and the port. */
export interface BoundAddress {
  address: string;
  port: number;
}

export interface WebEdge {
  /** Owns work after an answer (settling after a webhook); close() drains it. */
  readonly work: WorkTracker;
  /** Where it listens; undefined until it does. */
  bound(): BoundAddress | undefined;
  /** Serves these routes; until then every request is answered 503 (the bot is still starting). */
  mount(routes: readonly Route[]): void;
  /** Requests received and not yet answered: the work queue holds back new work while people wait. */
  answersAwaited(): number;
  /** Answers one request in this process, without a socket. */
  request(method: string, path: string, body?: string | Buffer, headers?: Record<string, string>): Promise<WebAnswer>;
  listen(port: number, host: string): Promise<BoundAddress>;
  /** Stops taking requests, waits (bounded) for work after answers already sent, then drops connections. */
  close(): Promise<void>;
}

export interface WebEdgeOptions {
  logger: Logger;
  /** How long close() waits for work after answers; default 10 s. */
  drainMs?: number;
}

type Env = { Bindings: Partial<HttpBindings> };

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

/** A route's answer as a response: a page rendered with a fresh nonce and the one set of page headers. */
function toResponse(answer: RouteAnswer): Response {
  if (!isPage(answer)) return answer;
  const nonce = newNonce();
  return new Response(renderPage(answer, nonce), {
    status: answer.status,
    headers: { ...pageHeaders(nonce), ...answer.headers },
  });
}

/** Resolves once node has handed the answer to the socket (or the socket closed); at once without one. */
function whenSent(env: Partial<HttpBindings> | undefined): Promise<void> {
  const outgoing = env?.outgoing;
  if (!outgoing || outgoing.writableFinished || outgoing.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    outgoing.once('finish', resolve);
    outgoing.once('close', resolve);
  });
}

export function createWebEdge(options: WebEdgeOptions): WebEdge {
  const { logger } = options;
  const work = createWorkTracker(logger);
  const awaiting = createAnswersAwaited();
  let app: Hono<Env> | undefined;

  /** The routes of one path, by method; a method none serves is a 405 naming those that are. */
  function servePath(routes: readonly Route[], loggable: LoggablePath, limits: ClientLimits) {
    const allow = [...new Set(routes.map((r) => r.method))].join(', ');
    return (c: Context<Env>) => {
      const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
      const route = routes.find((r) => r.method === method);
      if (!route) return text(405, `use ${allow}`, { allow });
      return answer(route, c, loggable, limits);
    };
  }

  async function answer(
    route: Route,
    c: Context<Env>,
    loggable: LoggablePath,
    limits: ClientLimits,
  ): Promise<Response> {
    const client = c.env?.incoming?.socket.remoteAddress ?? 'in-process';
    try {
      if (route.perClient && !(await limits.of(route.perClient)(client)))
        return toResponse(route.perClient.tooMany(c.req.raw));
      const request = await boundBody(c.req.raw, route.maxBodyBytes ?? DEFAULT_BODY_LIMIT);
      // Work left for after the answer is tracked from when it is left, so a shutdown meanwhile still waits for
      // it, and starts once node has handed the answer to the socket.
      let out: Promise<void> | undefined;
      const later = (w: () => Promise<void>) =>
        work.run('after answer', () => {
          out ??= whenSent(c.env);
          return out.then(w);
        });
      const afterwards: (() => Promise<void>)[] = [];
      let answered = false;
      const result = await route.handle(request, {
        params: c.req.param(),
        client,
        after: (w) => (answered ? later(w) : afterwards.push(w)),
      });
      answered = true;
      for (const w of afterwards) later(w);
      return toResponse(result);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        // Unread bytes may follow on the connection: it is closed after this answer rather than read.
        const refusal = route.refusals
          ? toResponse(route.refusals.tooLarge(c.req.raw))
          : text(413, 'payload too large');
        refusal.headers.set('connection', 'close');
        return refusal;
      }
      logger.error({ err, path: loggable(c.req.path) }, 'http handler failed');
      return route.refusals ? toResponse(route.refusals.failed(c.req.raw)) : text(500, 'internal error');
    }
  }

  const fetch = (request: Request, env?: Partial<HttpBindings>): Response | Promise<Response> =>
    app ? app.fetch(request, env) : text(503, 'starting');

  // Only node:http's server is created here, so the bindings are always HTTP/1's.
  const listener = getRequestListener((request, env) => fetch(request, env as HttpBindings));
  const server: Server = createServer((req, res) => {
    awaiting.count(res);
    void listener(req, res);
  });

  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive sockets with no request in flight would hold close() open; requests in flight finish.
    server.closeIdleConnections();
    await work.drain(options.drainMs ?? DRAIN_MS);
    server.closeAllConnections();
    await closed;
  };

  const bound = (): BoundAddress | undefined => {
    const a = server.address() as AddressInfo | string | null;
    return a && typeof a === 'object' ? { address: a.address, port: a.port } : undefined;
  };

  return {
    work,
    bound,
    mount(routes) {
      const mounted = new Hono<Env>({ strict: false });
      const loggable = createLoggablePath(routes);
      const limits = createClientLimits();
      const byPath = new Map<string, Route[]>();
      for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
      for (const [path, group] of byPath) mounted.all(path, servePath(group, loggable, limits));
      mounted.notFound(() => text(404, 'not found'));
      mounted.onError((err, c) => {
        logger.error({ err, path: loggable(c.req.path) }, 'http handler failed');
        return text(500, 'internal error');
      });
      app = mounted;
    },
    answersAwaited: awaiting.awaited,
    async request(method, path, body, headers = {}) {
      const bytes = body === undefined ? undefined : Buffer.from(body);
      const init: RequestInit = {
        method,
        headers: { ...(bytes ? { 'content-length': String(bytes.byteLength) } : {}), ...headers },
        ...(bytes && method !== 'GET' && method !== 'HEAD' ? { body: bytes } : {}),
      };
      const res = app ? await app.request(path, init) : text(503, 'starting');
      return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
    },
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return bound() as BoundAddress;
    },
    close,
  };
}
