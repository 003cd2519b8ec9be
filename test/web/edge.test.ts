import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/platform/page.ts';
import type { Route } from '../../src/core/platform/route.ts';
import { createWebEdge, type WebEdge } from '../../src/web/edge.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';

// The web edge answered in process (no socket): what it guarantees around every route, whatever the route is.

const page = (status: number, text: string, headers?: Record<string, string>): Page => ({
  status,
  lang: 'en',
  title: text,
  blocks: [{ kind: 'heading', text }],
  ...(headers ? { headers } : {}),
});

let edge: WebEdge;
const logger = createRecordingLogger();
afterEach(async () => {
  await edge.close();
  logger.lines.length = 0;
});

function start(routes: Route[]): WebEdge {
  edge = createWebEdge({ logger, drainMs: 2_000 });
  edge.mount(routes);
  return edge;
}

const echo: Route = {
  method: 'POST',
  path: '/echo/:name',
  async handle(request, ctx) {
    return new Response(`${ctx.params.name}:${await request.text()}`);
  },
};

describe('the web edge', () => {
  it('answers 503 until the bot is built, then serves its routes', async () => {
    edge = createWebEdge({ logger });
    expect(await edge.request('POST', '/echo/a', 'x')).toMatchObject({ status: 503, body: 'starting' });
    edge.mount([echo]);
    expect(await edge.request('POST', '/echo/a', 'x')).toMatchObject({ status: 200, body: 'a:x' });
    expect((await edge.request('GET', '/nowhere')).status).toBe(404);
  });

  it('answers a method the path does not serve with 405 naming those it does; HEAD is served by GET', async () => {
    const get: Route = { method: 'GET', path: '/thing', handle: async () => new Response('thing') };
    start([get, echo]);
    const wrong = await edge.request('PUT', '/thing');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    expect((await edge.request('GET', '/echo/a')).status).toBe(405);
    expect((await edge.request('HEAD', '/thing')).status).toBe(200);
  });

  it('renders a page with a fresh nonce and the one set of security headers', async () => {
    start([{ method: 'GET', path: '/p', handle: async () => page(200, 'Hello', { 'retry-after': '5' }) }]);
    const a = await edge.request('GET', '/p');
    const b = await edge.request('GET', '/p');
    expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(a.headers['referrer-policy']).toBe('no-referrer');
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['x-frame-options']).toBe('DENY');
    expect(a.headers['retry-after']).toBe('5');
    const csp = a.headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|\*/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(a.body.match(/<(script|style)( [^>]*)?>/g)?.every((t) => t.includes(`nonce="${nonce}"`))).toBe(true);
    expect(b.headers['content-security-policy']).not.toBe(csp);
  });

  it('refuses a body over the route’s limit before the route runs, with the route’s own page when it has one', async () => {
    let ran = 0;
    const small: Route = {
      method: 'POST',
      path: '/small',
      maxBodyBytes: 10,
      refusals: { tooLarge: () => page(413, 'Too long'), failed: () => page(500, 'Not now') },
      handle: async () => {
        ran++;
        return new Response('ok');
      },
    };
    start([small, echo]);
    const refused = await edge.request('POST', '/small', 'x'.repeat(11));
    expect(refused.status).toBe(413);
    expect(refused.body).toContain('Too long');
    expect(refused.headers['x-frame-options']).toBe('DENY');
    expect(ran).toBe(0);
    expect((await edge.request('POST', '/small', 'x'.repeat(10))).status).toBe(200);
    // The default bound: 256 KB.
    expect((await edge.request('POST', '/echo/a', Buffer.alloc(256 * 1024 + 1))).status).toBe(413);
  });

  it('counts requests per client for routes that ask, shared by routes sharing one perClient', async () => {
    const perClient = {
      rate: { points: 3, windowSeconds: 60 },
      tooMany: () => page(429, 'Too many', { 'retry-after': '60' }),
    };
    const show: Route = { method: 'GET', path: '/r/:t', perClient, handle: async () => new Response('shown') };
    const decide: Route = { method: 'POST', path: '/r/:t', perClient, handle: async () => new Response('decided') };
    const free: Route = { method: 'GET', path: '/free', handle: async () => new Response('free') };
    start([show, decide, free]);
    expect((await edge.request('GET', '/r/a')).status).toBe(200);
    expect((await edge.request('POST', '/r/a', 'x')).status).toBe(200);
    expect((await edge.request('GET', '/r/b')).status).toBe(200);
    const limited = await edge.request('POST', '/r/a', 'x');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect((await edge.request('GET', '/free')).status).toBe(200);
  });

  it('logs a failed capability route by its pattern, never its token, and answers with the route’s page', async () => {
    const token = 'Secret-token-0123456789abcdefghij';
    const failing: Route = {
      method: 'GET',
      path: '/cap/:token',
      capability: true,
      refusals: { tooLarge: () => page(413, 'Too long'), failed: () => page(500, 'Not available just now') },
      handle: async () => {
        throw new Error('the store is away');
      },
    };
    start([failing]);
    const answer = await edge.request('GET', `/cap/${token}`);
    expect(answer.status).toBe(500);
    expect(answer.body).toContain('Not available just now');
    expect(logger.lines.some((l) => l.msg === 'http handler failed')).toBe(true);
    expect(logger.text()).toContain('/cap/[redacted]');
    expect(logger.text()).not.toContain(token);
  });

  it('runs work after the answer, and close() waits for it', async () => {
    let done = false;
    const later: Route = {
      method: 'POST',
      path: '/later',
      async handle(_request, ctx) {
        ctx.after(async () => {
          await new Promise((r) => setTimeout(r, 100));
          done = true;
        });
        return new Response('accepted');
      },
    };
    start([later]);
    expect((await edge.request('POST', '/later', '{}')).status).toBe(200);
    expect(done).toBe(false);
    await edge.close();
    expect(done).toBe(true);
  });

  it('runs work a route leaves after it answered (a late call) too, and close() waits for it', async () => {
    let done = false;
    let leave: (() => void) | undefined;
    const late: Route = {
      method: 'POST',
      path: '/late',
      async handle(_request, ctx) {
        leave = () =>
          ctx.after(async () => {
            await new Promise((r) => setTimeout(r, 50));
            done = true;
          });
        return new Response('accepted');
      },
    };
    start([late]);
    expect((await edge.request('POST', '/late', '{}')).status).toBe(200);
    leave?.();
    await edge.close();
    expect(done).toBe(true);
  });
});
