import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { scrapeMetric } from '../../support/metric-sum.ts';
import { addAccount, allText, as, button, click, labels, lastCard, lastEphemeral } from './support.ts';

const VIDEO = 'https://cdn.example.com/reel-2.mp4';

describe('publishing outcomes', () => {
  let h: TestBot;
  afterEach(() => h.close());

  const start = () =>
    startTestBot({
      sandbox: { jobMs: 50, webhookRetryMs: 100, publishSlowMs: 3000 },
      tuning: { media: { headersTimeoutMs: 300, bodyTimeoutMs: 300 } },
    });

  it('a timeout is shown as outcome unknown, never as posted; Mark as posted is for people who may configure', async () => {
    h = await start();
    const key = 'slow-brand-key-0123456789';
    await addAccount(h, 'brand', 'x', key);
    await h.command('/setup approvals=0');
    await h.command(`/publish ${VIDEO} accounts=brand title=Slow`);
    const card = lastCard(h);
    expect(card.text).toMatch(/Outcome unknown/);
    expect(card.text).not.toMatch(/✅|Published/);
    expect(labels(card)).toEqual(expect.arrayContaining(['Mark as posted', 'Try again']));
    // What an operator's alert counts: one call whose outcome is unknown.
    expect(await scrapeMetric(h.app, 'reelbot_publish_total', { outcome: 'unknown' })).toBe(1);

    await click(h, button(card, 'Mark as posted') ?? '', as('bea'), false);
    expect(lastEphemeral(h)).toMatch(/Only people who may configure/);
    await click(h, button(card, 'Mark as posted') ?? '', as('ana'), true);
    expect(lastCard(h).text).toMatch(/Published/);

    // The key is in no message, no log line and no file of the data folder (the store's, the sandbox's projects).
    expect(allText(h.chat.seen)).not.toContain(key);
    expect(h.logger.text()).not.toContain(key);
    await h.app.inside.store.close().catch(() => undefined);
    const files = readdirSync(h.dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(join(f.parentPath, f.name)).includes(key)).toBe(false);
  });

  it('a 500 is unknown too; a refused key (400) posted nothing and can be tried again once, even when clicked twice', async () => {
    h = await start();
    await addAccount(h, 'broken', 'tiktok', 'fail-key-0123456789');
    await h.command('/setup approvals=0');
    await h.command(`/publish ${VIDEO} accounts=broken title=Boom`);
    expect(lastCard(h).text).toMatch(/Outcome unknown/);
    expect(h.posts()).toEqual([]);

    await addAccount(h, 'brand', 'tiktok', 'invalid-key-0123456789');
    await h.command(`/publish ${VIDEO} accounts=brand title=Refused`);
    const refused = lastCard(h);
    expect(refused.text).toMatch(/Not published/);
    expect(refused.cards?.[0]?.body).toMatch(/Nothing was posted/);

    await addAccount(h, 'brand', 'tiktok', 'good-key-0123456789');
    const retry = button(refused, 'Try again') ?? '';
    await Promise.all([click(h, retry, as('ana')), click(h, retry, as('ana'))]);
    expect(h.posts().map((p) => p.title)).toEqual(['Refused']);
    expect(lastCard(h).text).toMatch(/Published/);
    const bot = h;
    const outcomes = await Promise.all(
      ['unknown', 'failed', 'published'].map((o) => scrapeMetric(bot.app, 'reelbot_publish_total', { outcome: o })),
    );
    expect(outcomes).toEqual([1, 1, 1]);
  });
});
