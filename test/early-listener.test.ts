import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { HOLD_MS, listenEarly } from '../src/early-listener.ts';
import { silentLogger } from './support/harness.ts';

// main.ts binds the port before the app loads (most of a start). While it starts, /healthz must not claim
// the bot is ready, and a request that arrives must be answered by the app once it is, not refused.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-early-'));
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function startApp(): Promise<App> {
  const config = loadConfig({ MEDIA_API_URL: 'sandbox', STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`, PORT: '0' });
  return createApp({ config, logger: silentLogger, host: '127.0.0.1' });
}

const unknownHook = '/webhooks/media/0123456789abcdefXYZ';

describe('the port bound before the app has loaded', () => {
  it('says "starting" on /healthz, holds other requests, and the app answers them once it takes over', async () => {
    const early = await listenEarly(0, '127.0.0.1');
    const origin = `http://127.0.0.1:${early.port}`;
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false, starting: true });

    const sentWhileStarting = fetch(`${origin}${unknownHook}`, { method: 'POST', body: '{}' });
    app = await startApp();
    await app.listen([], early);
    const answered = await sentWhileStarting;
    // The app's own answer to a token it never issued, the same as once it is up.
    const after = await fetch(`${origin}${unknownHook}`, { method: 'POST', body: '{}' });
    expect(answered.status).toBe(after.status);
    expect(await answered.text()).toBe(await after.text());
    expect(answered.status).not.toBe(503);

    const ready = await fetch(`${origin}/healthz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true });
  });

  it('refuses with 503 and Retry-After a request the app did not take within the bound', async () => {
    const early = await listenEarly(0, '127.0.0.1');
    const t0 = Date.now();
    const res = await fetch(`http://127.0.0.1:${early.port}${unknownHook}`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(HOLD_MS - 50);
    await new Promise<void>((resolve) => early.server.close(() => resolve()));
  });
});
