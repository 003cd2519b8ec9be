import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpTransport, TransportError } from '../../../src/core/media/http-transport.ts';

const TIMEOUTS = { connectTimeoutMs: 2_000, headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 };

describe('the HTTP transport over a mock dispatcher', () => {
  it('joins the base path, sends headers and body, and returns status, lower-case headers and text', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://media.test')
      .intercept({ path: '/api/v2/clip', method: 'POST', headers: { 'x-api-key': 'k' }, body: '{"a":1}' })
      .reply(201, 'made', { headers: { 'X-Thing': 'yes' } });
    const transport = createHttpTransport({ baseUrl: 'https://media.test/api/v2/', dispatcher: agent, ...TIMEOUTS });

    const res = await transport.request({
      method: 'POST',
      path: '/clip',
      headers: { 'x-api-key': 'k' },
      body: '{"a":1}',
    });
    expect(res).toEqual({ status: 201, headers: { 'x-thing': 'yes' }, bodyText: 'made' });

    await transport.close();
    // The injected dispatcher belongs to the caller: still usable after the transport closes.
    agent.get('https://media.test').intercept({ path: '/still-open', method: 'GET' }).reply(200, 'ok');
    await expect(
      agent.request({ origin: 'https://media.test', path: '/still-open', method: 'GET' }),
    ).resolves.toMatchObject({
      statusCode: 200,
    });
    await agent.close();
  });
});

describe('the HTTP transport over a real loopback socket', () => {
  let server: Server | undefined;
  afterEach(async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  });

  async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  }

  it('keeps connections alive: six requests in a row open at most two sockets', async () => {
    const sockets = new Set<unknown>();
    const baseUrl = await listen((req, res) => {
      sockets.add(req.socket);
      res.setHeader('content-type', 'application/json');
      res.end(`{"path":"${req.url}"}`);
    });
    const transport = createHttpTransport({ baseUrl, ...TIMEOUTS });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const res = await transport.request({ method: 'GET', path: `/projects/${id}`, headers: {} });
      expect(JSON.parse(res.bodyText)).toEqual({ path: `/api/v2/projects/${id}` });
    }
    // The pool may open a second socket while the first finishes its previous response.
    expect(sockets.size).toBeLessThanOrEqual(2);
    await transport.close();
  });

  it('gives up on a server that never answers, as a timeout', async () => {
    const baseUrl = await listen(() => {
      /* never answers */
    });
    const transport = createHttpTransport({ baseUrl, connectTimeoutMs: 200, headersTimeoutMs: 50, bodyTimeoutMs: 50 });
    const err = await transport.request({ method: 'GET', path: '/constants/voices', headers: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(err).toMatchObject({ timedOut: true });
    await transport.close();
  });

  it('gives up on a body that stops half-way, as a timeout', async () => {
    const baseUrl = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
    });
    const transport = createHttpTransport({
      baseUrl,
      connectTimeoutMs: 200,
      headersTimeoutMs: 1_000,
      bodyTimeoutMs: 50,
    });
    const err = await transport.request({ method: 'GET', path: '/constants/voices', headers: {} }).catch((e) => e);
    expect(err).toMatchObject({ name: 'TransportError', timedOut: true });
    await transport.close();
  });

  it('reports a refused connection as a network error, not a timeout', async () => {
    const baseUrl = await listen(() => {});
    const s = server;
    server = undefined;
    await new Promise((resolve) => s?.close(resolve));
    const transport = createHttpTransport({ baseUrl, ...TIMEOUTS });
    const err = await transport.request({ method: 'GET', path: '/x', headers: {} }).catch((e) => e);
    expect(err).toMatchObject({ name: 'TransportError', timedOut: false });
    await transport.close();
  });

  it('refuses a body larger than the limit', async () => {
    const baseUrl = await listen((_req, res) => res.end('x'.repeat(2_000)));
    const transport = createHttpTransport({ baseUrl, ...TIMEOUTS, maxBodyBytes: 1_000 });
    const err = await transport.request({ method: 'GET', path: '/x', headers: {} }).catch((e) => e);
    expect(err).toMatchObject({ name: 'TransportError', timedOut: false });
    expect(err.message).toContain('larger than 1000 bytes');
    await transport.close();
  });
});
