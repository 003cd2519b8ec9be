import { afterEach, describe, expect, it } from 'vitest';
import { channelKeyOf, type Job } from '../../../src/core/jobs/model.ts';
import { POLL_QUEUE } from '../../../src/core/jobs/poller.ts';
import type { ChatPort } from '../../../src/core/ports.ts';
import { jobsRepoOf, origin, REMOTE_MEDIA_API, startTestBot, type TestBot } from '../../support/bot.ts';

// What happens when something between the media API and the thread goes wrong: the result still
// arrives once, or the thread is told why it will not.

const VIDEO = 'https://example.com/talk.mp4';
/** How long after a webhook the bot looks at the job again (src/core/jobs/receive.ts). */
const POLL_AFTER_WEBHOOK_MS = 5_000;
let h: TestBot | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

/**
 * A bot whose webhooks reach nobody (an unroutable PUBLIC_URL), on the sandbox over HTTP with projects taking
 * `jobMs`: results arrive by its quick polls alone.
 */
const pollingBot = (jobMs: number) =>
  startTestBot({
    env: { MEDIA_API_URL: REMOTE_MEDIA_API, PUBLIC_URL: 'http://127.0.0.1:9' },
    sandbox: { jobMs },
    tuning: { timings: { firstPollMs: 20, maxPollMs: 50 } },
  });

/** A B-roll job of the console's channel, its project created and running, as a crash would leave it. */
const runningJob = (id: string, now: number): Job => ({
  id,
  kind: 'broll',
  state: 'running',
  channelKey: channelKeyOf(origin),
  origin,
  thread: { platform: 'console', workspaceId: 'local', channelId: 'local', threadId: 't0', cardMessageId: 't0' },
  summary: 'example.com/talk.mp4',
  requests: [{ videoUrl: VIDEO }],
  projectIds: ['0123456789abcdef01234567'],
  createdAt: now,
  updatedAt: now,
});

const threadPosts = (harness: TestBot) => harness.chat.seen.filter((s) => s.where === 'thread');

describe('a result whose first post fails', () => {
  it('is posted once by a later poll', async () => {
    h = await startTestBot({ tuning: { timings: { firstPollMs: 20, maxPollMs: 50 } } });
    const chat = h.chat;
    let failures = 1;
    const flaky: ChatPort = {
      platform: 'console',
      async send(thread, message, key) {
        if (failures-- > 0) throw new Error('platform answered 503');
        return chat.send(thread, message, key);
      },
      updateCard: (thread, message) => chat.updateCard(thread, message),
    };
    h.useChat(flaky);
    await h.command(`/broll ${VIDEO}`);
    // The failed post has happened (a later poll may already have posted it again when this looks).
    await h.chat.waitFor(() => failures <= 0);
    // The look after the webhook is seconds away: the bot's clock moves there instead of the test waiting.
    h.clock.advance(POLL_AFTER_WEBHOOK_MS);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    expect(threadPosts(h)).toHaveLength(1);
    expect(failures).toBe(-1);
  });
});

describe('speech in parts that finish out of order', () => {
  it('still posts part 1, 2, 3 in that order, each once', async () => {
    h = await startTestBot({ sandbox: { jobMs: 30 }, tuning: { timings: { firstPollMs: 20, maxPollMs: 50 } } });
    const sentence = 'This sentence has exactly ten words in it, you see. ';
    // "slow" makes the sandbox take ten times longer: part 1 finishes last.
    const script = `This part is slow to make, as you can hear. ${sentence.repeat(24)}`.trim();
    await h.command(`/tts Jenny ${script}`);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    const parts = threadPosts(h).map((s) => /part (\d)\/3/.exec(s.message.text)?.[1]);
    expect(parts).toEqual(['1', '2', '3']);
  });
});

describe('a job whose channel key changes while it runs', () => {
  it('still posts its result, read back with the key that created it', async () => {
    h = await pollingBot(400);
    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-first-key-000000' });
    await h.command(`/broll ${VIDEO}`);
    // The sandbox shows a project only to the key that made it, as the real API does.
    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-other-key-111111' });
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    expect(threadPosts(h)[0]?.message.text).not.toMatch(/no longer knows/);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
  });
});

describe('a job whose project the API no longer knows', () => {
  it('ends with a message saying so, instead of polling until the horizon', async () => {
    h = await pollingBot(60_000);
    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-first-key-000000' });
    const now = Date.now();
    const repo = jobsRepoOf(h.app);
    await repo.save(runningJob('forgotten1', now));
    await repo.setPending({ jobId: 'forgotten1', channelKey: channelKeyOf(origin), nextPollAt: now, polls: 0 });
    // As a restart's catch-up would: the record was left by a crash, so its poll is due now.
    await h.app.inside.scheduler.schedule(POLL_QUEUE, 'forgotten1', now, {});
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    expect(threadPosts(h)[0]?.message.text).toMatch(/no longer knows project [0-9a-f]{24} \(404\)/);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Failed/.test(s.message.text)));
  });
});

describe('a job whose channel key is removed while it runs', () => {
  it('tells the thread once how to get the result, and stops polling', async () => {
    h = await pollingBot(60_000);
    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-only-key-222222' });
    await h.command(`/broll ${VIDEO}`);
    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: null });
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    expect(threadPosts(h)[0]?.message.text).toMatch(/No media API key[\s\S]*\/project [0-9a-f]{24}/);
    const pending = [];
    for await (const p of jobsRepoOf(h.app).pending()) pending.push(p);
    expect(pending).toHaveLength(0);
    expect(threadPosts(h)).toHaveLength(1);
  });
});

describe('a job cut off by a restart while it was being submitted', () => {
  it('can be retried once it is clearly stuck, but not while it may still be submitting', async () => {
    h = await startTestBot();
    const long = Date.now() - 11 * 60_000;
    const base = {
      kind: 'broll' as const,
      channelKey: channelKeyOf(origin),
      origin,
      thread: {
        platform: 'console' as const,
        workspaceId: 'local',
        channelId: 'local',
        threadId: 't0',
        cardMessageId: 't0',
      },
      summary: 'example.com/talk.mp4',
      requests: [{ videoUrl: VIDEO }],
      projectIds: [null],
      state: 'submitting' as const,
    };
    await jobsRepoOf(h.app).save({ ...base, id: 'stuckjob01', createdAt: long, updatedAt: long });
    await jobsRepoOf(h.app).save({ ...base, id: 'freshjob01', createdAt: Date.now(), updatedAt: Date.now() });

    const fresh = h.bot.prepareAction({ actionId: 'retry:freshjob01', origin, canConfigure: false });
    if (fresh.kind === 'run') await fresh.run(h.chat.reply(origin));
    expect(h.chat.ephemerals().at(-1)?.message.text).toMatch(/still running/);

    const stuck = h.bot.prepareAction({ actionId: 'retry:stuckjob01', origin, canConfigure: false });
    if (stuck.kind === 'run') await stuck.run(h.chat.reply(origin));
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(1);
  });
});

describe('Retry clicked the moment the failure appears', () => {
  it('starts the job again even before the failed job is closed', async () => {
    h = await startTestBot();
    const now = Date.now();
    await jobsRepoOf(h.app).save(runningJob('justfailed', now));
    await jobsRepoOf(h.app).savePart('justfailed', 0, {
      state: 'failed',
      projectId: '0123456789abcdef01234567',
      error: 'could not be decoded',
      outputs: [],
      delivered: true,
      settledAt: now,
    });
    const retry = h.bot.prepareAction({ actionId: 'retry:justfailed', origin, canConfigure: false });
    if (retry.kind === 'run') await retry.run(h.chat.reply(origin));
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(1);
    expect(h.chat.ephemerals()).toHaveLength(0);
  });
});

describe('a card whose final edit keeps failing', () => {
  it('ends in its final state: the edit is tried again until it lands, not dropped after a few tries', async () => {
    h = await startTestBot({ tuning: { timings: { firstPollMs: 20, maxPollMs: 50, cardRetryMs: 30 } } });
    const chat = h.chat;
    let refusals = 6;
    const flaky: ChatPort = {
      platform: 'console',
      send: (thread, message, key) => chat.send(thread, message, key),
      async updateCard(thread, message) {
        if (/Done/.test(message.text) && refusals-- > 0) throw new Error('platform answered 503');
        return chat.updateCard(thread, message);
      },
    };
    h.useChat(flaky);
    await h.command(`/broll ${VIDEO}`);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    expect(refusals).toBe(-1);
    expect(threadPosts(h)).toHaveLength(1);
  });
});
