import { describe, expect, it } from 'vitest';
import type { HealthPart } from '../../src/core/platform/health-part.ts';
import { openStore } from '../../src/infra/store/index.ts';
import { createHealthRoute, mediaApiPart } from '../../src/web/health.ts';

// /healthz put together from its parts: the store's, the connections, and what adapters and features bring.

const ctx = { params: {}, client: 'in-process', after: () => undefined };
const ask = async (route: ReturnType<typeof createHealthRoute>) => {
  const res = (await route.handle(new Request('http://x/healthz'), ctx)) as Response;
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('/healthz', () => {
  it('shows every part’s fields, and is 503 when a part says the bot cannot serve', async () => {
    const store = await openStore({ kind: 'memory' });
    let featureOk = true;
    const route = createHealthRoute({
      store,
      connections: () => ({ slack: { ok: true, state: 'http mode' } }),
      parts: [
        async (): Promise<HealthPart> => ({ fields: { slackInstallations: { count: 2, needReinstall: 1 } } }),
        async (): Promise<HealthPart> => ({ fields: { queue: featureOk ? 'ok' : 'stuck' }, ok: featureOk }),
        mediaApiPart(() => ({ status: 401, at: Date.UTC(2026, 11, 6) })),
      ],
      uptimeSeconds: () => 42,
    });
    const ok = await ask(route);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      ok: true,
      store: 'ok',
      storeSince: expect.any(String),
      platforms: { slack: { ok: true, state: 'http mode' } },
      slackInstallations: { count: 2, needReinstall: 1 },
      queue: 'ok',
      // A channel's rejected key is reported, and never makes the bot unhealthy.
      mediaApi: { lastStatus: 401, lastAnswerAt: '2026-12-06T00:00:00.000Z', ok: true },
      uptimeSeconds: 42,
    });
    featureOk = false;
    const down = await ask(route);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ok: false, queue: 'stuck' });
    await store.close();
  });

  it('is 503 when the store does not answer, or a platform connection is down', async () => {
    const store = await openStore({ kind: 'memory' });
    let slack = { ok: true, state: 'connected' };
    const route = createHealthRoute({ store, connections: () => ({ slack }), parts: [], uptimeSeconds: () => 1 });
    slack = { ok: false, state: 'reconnecting' };
    expect((await ask(route)).status).toBe(503);
    slack = { ok: true, state: 'connected' };
    await store.close();
    const closed = await ask(route);
    expect(closed.status).toBe(503);
    expect(closed.body).toMatchObject({ ok: false, store: 'down', storeSince: expect.any(String) });
  });
});
