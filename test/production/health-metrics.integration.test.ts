import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, UNREACHABLE_WEBHOOK_BASE } from '../../src/config.ts';
import { createHttpTransport, type HttpRequest } from '../../src/core/media/http-transport.ts';
import { startupNotes } from '../../src/runtime/startup-notes.ts';
import { startSandbox } from '../../src/sandbox/server.ts';
import { type Harness, startHarness } from '../support/harness.ts';

// What an operator's monitoring sees: /healthz as JSON that turns 503 when the bot cannot serve, and
// /metrics kept off the public webhook port (METRICS_PORT) or behind a token (METRICS_TOKEN).

let h: Harness | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const c of closers.splice(0)) await c();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

describe('/healthz', () => {
  it('reports the store, each platform connection and the media API’s last answer as JSON', async () => {
    h = await startHarness();
    let slack = { ok: true, state: 'connected' };
    h.app.inside.watchConnection('slack', () => slack);
    await h.command('/voices');
    const healthy = await get(`http://127.0.0.1:${h.port}/healthz`);
    expect(healthy.status).toBe(200);
    const body = (await healthy.json()) as { mediaApi: { lastAnswerAt: string } };
    expect(body).toMatchObject({
      ok: true,
      store: 'ok',
      platforms: { slack: { ok: true, state: 'connected' } },
      mediaApi: { lastStatus: 200, ok: true },
    });
    expect(Date.parse(body.mediaApi.lastAnswerAt)).not.toBeNaN();

    // Socket Mode failing in a loop: the bot cannot hear anyone, so it is not healthy.
    slack = { ok: false, state: 'reconnecting' };
    const down = await get(`http://127.0.0.1:${h.port}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ ok: false, platforms: { slack: { state: 'reconnecting' } } });
  });
});

describe('/metrics', () => {
  it('with METRICS_TOKEN answers 401 without the bearer token and the metrics with it', async () => {
    const token = 'metrics-token-0123456789abcdef';
    h = await startHarness({ METRICS_TOKEN: token });
    const url = `http://127.0.0.1:${h.port}/metrics`;
    expect((await get(url)).status).toBe(401);
    expect((await get(url, { authorization: 'Bearer wrong-token-0123456789abcd' })).status).toBe(401);
    const ok = await get(url, { authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('reelbot_uptime_seconds');
  });

  it('with METRICS_PORT is served on that port only, not on the public one', async () => {
    h = await startHarness({ METRICS_PORT: '0' });
    expect((await get(`http://127.0.0.1:${h.port}/metrics`)).status).toBe(404);
    const port = h.app.metricsPort;
    expect(port).toBeGreaterThan(0);
    const res = await get(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('reelbot_uptime_seconds');
    expect((await get(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
  });
});

describe('a bot the media API cannot reach (no PUBLIC_URL)', () => {
  it('sends a webhook address that never resolves, and its start-up line names that address', async () => {
    const api = await startSandbox({ port: 0, host: '127.0.0.1', jobMs: 50 });
    closers.push(() => api.close());
    const real = createHttpTransport({
      baseUrl: api.baseUrl,
      connectTimeoutMs: 5_000,
      headersTimeoutMs: 5_000,
      bodyTimeoutMs: 5_000,
    });
    const sent: string[] = [];
    const transport = {
      request: (r: HttpRequest) => {
        sent.push(r.body ?? '');
        return real.request(r);
      },
      close: real.close,
    };
    h = await startHarness(
      { MEDIA_API_URL: api.baseUrl, MEDIA_API_KEY: 'team-key-0123456789' },
      { infra: { mediaTransport: transport } },
    );
    await h.command('/broll https://example.com/talk.mp4');
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card'));
    const created = sent.map((b) => (b ? JSON.parse(b) : {})).find((b) => b.videoUrl);
    expect(created?.webhookUrl).toMatch(/^https:\/\/no-public-url\.invalid\/webhooks\/media\/[\w-]{16,}$/);
    expect(h.app.webhookBase()).toBe(UNREACHABLE_WEBHOOK_BASE);

    const notes = startupNotes(loadConfig({ MEDIA_API_KEY: 'k', DISCORD_TOKEN: 't' }), false);
    expect(notes.map((n) => n.msg).join('\n')).toContain(`webhook address ${UNREACHABLE_WEBHOOK_BASE}/…`);
  });
});
