import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/core/platform/route.ts';
import { createWebEdge, type WebEdge } from '../../src/web/edge.ts';
import { silentLogger } from '../support/harness.ts';

// The web edge on a real socket: what only a socket shows (a body sent in chunks, the moment an answer has left).

let edge: WebEdge | undefined;
afterEach(async () => {
  await edge?.close();
  edge = undefined;
});

async function serve(routes: Route[]): Promise<string> {
  edge = createWebEdge({ logger: silentLogger });
  edge.mount(routes);
  const { port } = await edge.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

/** POSTs `chunks` without a declared length (chunked); resolves with the status. */
function chunked(url: string, chunks: Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('the web edge over a socket', () => {
  it('bounds a body sent without a declared length as it arrives', async () => {
    let read = 0;
    const small: Route = {
      method: 'POST',
      path: '/small',
      maxBodyBytes: 1024,
      async handle(request) {
        read = (await request.arrayBuffer()).byteLength;
        return new Response('ok');
      },
    };
    const base = await serve([small]);
    expect(await chunked(`${base}/small`, [Buffer.alloc(600), Buffer.alloc(600)])).toBe(413);
    expect(read).toBe(0);
    expect(await chunked(`${base}/small`, [Buffer.alloc(500), Buffer.alloc(500)])).toBe(200);
    expect(read).toBe(1000);
  });

  it('runs the work a route leaves for after its answer', async () => {
    const events: string[] = [];
    const later: Route = {
      method: 'POST',
      path: '/later',
      async handle(_request, ctx) {
        ctx.after(async () => {
          events.push('after');
        });
        events.push('handled');
        return new Response('accepted');
      },
    };
    const base = await serve([later]);
    const res = await fetch(`${base}/later`, { method: 'POST', body: '{}' });
    events.push(`answered ${res.status}`);
    await edge?.work.idle();
    expect(events[0]).toBe('handled');
    expect(events).toContain('after');
    expect(events).toContain('answered 200');
  });
});
