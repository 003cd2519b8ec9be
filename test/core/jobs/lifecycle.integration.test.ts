import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { type Card, mention } from '../../../src/core/platform/message.ts';
import { jobsRepoOf, origin, REMOTE_MEDIA_API, startTestBot, type TestBot } from '../../support/bot.ts';
import { scrapeMetric } from '../../support/metric-sum.ts';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
let h: TestBot | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const results = (harness: TestBot) => harness.chat.seen.filter((s) => s.where === 'thread');
const cardsOf = (harness: TestBot): Card[] => results(harness).flatMap((s) => s.message.cards ?? []);

describe('a job started from chat', () => {
  it('ends with one message per reel in its thread: title, thumbnail and video link', async () => {
    h = await startTestBot();
    const prepared = await h.command(`/clip ${VIDEO} reels=2`);
    expect(prepared.kind).toBe('run');
    const card = h.chat.seen.find((s) => s.where === 'card');
    expect(card?.message.text).toMatch(/Clips/);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    const reels = cardsOf(h);
    expect(reels).toHaveLength(2);
    for (const reel of reels) {
      expect(reel.title).toMatch(/^Reel \d\/2: \S/);
      expect(reel.imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
      expect(reel.controls?.some((c) => c.kind === 'link' && /^http/.test(c.url))).toBe(true);
      expect(reel.fields?.map((f) => f.name)).toEqual(expect.arrayContaining(['Virality score', 'Tags']));
    }
    expect(results(h)[0]?.threadId).toBe(card?.threadId);
    expect(results(h)[0]?.message.text).toContain(mention('ana'));
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
  });

  it.each([
    ['/ttv "Three tips for better sleep." music', 'Watch'],
    [`/subtitles ${VIDEO} language=spanish template=pulse`, 'Watch'],
    [`/broll ${VIDEO}`, 'Watch'],
    ['/tts AIGenerate1 Welcome to the show!', 'Listen'],
  ])('%s posts its result with a %s link', async (line, label) => {
    h = await startTestBot();
    await h.command(line);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    const [card] = cardsOf(h);
    expect(card?.controls?.find((c) => c.kind === 'link')?.label).toContain(label);
  });

  it('posts a duplicated webhook delivery once', async () => {
    h = await startTestBot({ sandbox: { jobMs: 50, webhookRetryMs: 100, webhookDuplicates: true } });
    await h.command(`/broll ${VIDEO}`);
    const bot = h;
    await vi.waitFor(
      async () =>
        expect(
          await scrapeMetric(bot.app, 'reelbot_webhook_deliveries_total', { outcome: 'accepted' }),
        ).toBeGreaterThanOrEqual(2),
      { timeout: 10_000, interval: 25 },
    );
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    expect(results(h)).toHaveLength(1);
  });

  it('reaches the thread through polling when webhooks cannot arrive', async () => {
    h = await startTestBot({
      env: { PUBLIC_URL: 'http://127.0.0.1:9' },
      tuning: { timings: { firstPollMs: 20, maxPollMs: 100 } },
    });
    await h.command(`/clip ${VIDEO} reels=1`);
    const bot = h;
    await vi.waitFor(
      async () =>
        expect(await scrapeMetric(bot.app, 'reelbot_polls_total', { outcome: 'settled' })).toBeGreaterThanOrEqual(1),
      { timeout: 10_000, interval: 25 },
    );
    expect(cardsOf(h)).toHaveLength(1);
    expect(await scrapeMetric(h.app, 'reelbot_webhook_deliveries_total', { outcome: 'accepted' })).toBe(0);
  });

  it('ends a failed project with the error and a Retry button in the thread, and Retry starts it again', async () => {
    h = await startTestBot();
    await h.command('/clip https://example.com/fail-this.mp4');
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    const failure = results(h)[0]?.message;
    expect(failure?.text).toMatch(/failed/i);
    const retry = failure?.controls?.find((c) => c.kind === 'action');
    expect(retry?.kind === 'action' && retry.id).toMatch(/^retry:/);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Failed/.test(s.message.text)));

    const cardsBefore = h.chat.seen.filter((s) => s.where === 'card').length;
    const prepared = h.bot.prepareAction({
      actionId: retry?.kind === 'action' ? retry.id : '',
      origin,
      canConfigure: false,
    });
    expect(prepared.kind).toBe('run');
    if (prepared.kind === 'run') await prepared.run(h.chat.reply(origin));
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(cardsBefore + 1);
  });
});

describe('a job that never finishes', () => {
  it('is given up after the horizon, with a message in its thread saying how to check later', async () => {
    h = await startTestBot({
      env: { PUBLIC_URL: 'http://127.0.0.1:9' },
      sandbox: { jobMs: 60_000 },
      tuning: { timings: { horizonMs: 200, firstPollMs: 10, maxPollMs: 20 } },
    });
    await h.command(`/broll ${VIDEO}`);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    const message = results(h)[0]?.message;
    expect(message?.text).toMatch(/stopped waiting[\s\S]*\/project [0-9a-f]{24}/);
    expect(message?.controls?.[0]).toMatchObject({ kind: 'action', id: expect.stringMatching(/^retry:/) });
    await h.chat.waitFor((seen) =>
      seen.some((s) => s.where === 'card-update' && /stopped waiting/.test(s.message.text)),
    );
    expect(results(h)).toHaveLength(1);
  });
});

describe('a job the media API refuses', () => {
  it('says the key was rejected (401) and how to fix it, and leaves nothing pending', async () => {
    h = await startTestBot();
    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'invalid-key-123' });
    await h.command(`/clip ${VIDEO}`);
    const failure = results(h)[0]?.message.text ?? '';
    expect(failure).toContain('401');
    expect(failure).toContain('/setup key');
    expect(failure).not.toContain('invalid-key-123');
    const pending = [];
    for await (const p of jobsRepoOf(h.app).pending()) pending.push(p);
    expect(pending).toHaveLength(0);
  });

  it('explains a server fault (500) and offers Retry', async () => {
    h = await startTestBot();
    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'error500-key' });
    await h.command(`/broll ${VIDEO}`);
    const failure = results(h)[0]?.message;
    expect(failure?.text).toMatch(/had a problem \(500\)/);
    expect(failure?.controls?.[0]).toMatchObject({ kind: 'action', label: expect.stringContaining('Retry') });
  });

  it('explains a rate limit (429) with when to try again', async () => {
    h = await startTestBot({
      env: { MEDIA_API_URL: REMOTE_MEDIA_API, MEDIA_API_KEY: 'team-key' },
      sandbox: { jobMs: 50, rateLimitPerMinute: 1 },
      tuning: { media: { sleep: async () => {}, maxPostAttempts: 2 } },
    });
    for (let i = 0; i < 2; i++) {
      await h.sandbox?.transport.request({
        method: 'GET',
        path: '/constants/voices',
        headers: { 'x-api-key': 'team-key' },
      });
    }
    await h.command(`/broll ${VIDEO}`);
    expect(results(h)[0]?.message.text).toMatch(/429[\s\S]*Try again in/);
  });

  it('asks for a key before doing anything when the channel has none', async () => {
    h = await startTestBot({ env: { MEDIA_API_URL: 'http://127.0.0.1:9/api/v2' } });
    await h.command(`/clip ${VIDEO}`);
    expect(h.chat.ephemerals()[0]?.message.text).toMatch(/No media API key[\s\S]*\/setup key/);
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(0);
  });
});

describe('a restart between creation and completion', () => {
  it('still posts the result once, from the stored job', async () => {
    // The sandbox keeps its projects in the bot's folder: the one after the restart answers for them.
    const first = await startTestBot({
      env: { MEDIA_API_URL: REMOTE_MEDIA_API, MEDIA_API_KEY: 'team-key', PUBLIC_URL: 'http://127.0.0.1:9' },
      sandbox: { jobMs: 300, webhookRetryMs: 60_000 },
      tuning: { timings: { firstPollMs: 60_000 } },
    });
    h = first;
    await first.command(`/clip ${VIDEO} reels=1`);
    expect(first.chat.seen.some((s) => s.where === 'card-update' && /Working/.test(s.message.text))).toBe(true);
    await first.stop();

    h = await first.restart({ tuning: { timings: { firstPollMs: 10, maxPollMs: 50 } } });
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    expect(results(h)).toHaveLength(1);
    expect(cardsOf(h)).toHaveLength(1);
  });
});
