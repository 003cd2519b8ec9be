import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../src/core/jobs/model.ts';
import { createOverdueCount, formatDuration, progressLine } from '../../../src/core/jobs/progress.ts';
import type { ChatPort } from '../../../src/core/ports.ts';
import { createMetrics } from '../../../src/infra/prom-metrics.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';

// The card's progress between the contract behaviours' lines: the pace past a card's edit window, the
// final card staying the last word, and the wording at minutes and hours.

let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const VIDEO = 'https://example.com/talk.mp4';
const fast = {
  infra: { sandbox: { jobMs: 400 } },
  tuning: { timings: { firstPollMs: 60_000, maxPollMs: 60_000, progressMs: 20 } },
};

describe('a card older than its platform lets edit (Discord: 1 h)', () => {
  it('gets one reply in the thread instead of edits, not one per refresh', async () => {
    h = await startTestBot(fast);
    const chat = h.chat;
    const old: ChatPort = { ...chat, platform: 'console', cardEditMs: 0 };
    h.useChat(old);
    await h.command(`/broll ${VIDEO}`);
    await chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    const replies = chat.seen.filter((s) => s.where === 'thread' && /Still working/.test(s.message.text));
    expect(replies).toHaveLength(1);
    expect(replies[0]?.message.text).toMatch(/elapsed/);
    // Only the start's edit of the brand-new card shows a clock; refreshes never edit it.
    const clocked = chat.seen.filter((s) => s.where === 'card-update' && /elapsed/.test(s.message.text));
    expect(clocked.length).toBeLessThanOrEqual(1);
  });
});

describe('a card refreshed while its job ends', () => {
  it('ends showing Done, never a clock after it', async () => {
    h = await startTestBot(fast);
    await h.command(`/broll ${VIDEO}`);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    await new Promise((r) => setTimeout(r, 150));
    const updates = h.chat.seen.filter((s) => s.where === 'card-update');
    expect(updates.filter((s) => /elapsed/.test(s.message.text)).length).toBeGreaterThan(2);
    expect(updates.at(-1)?.message.text).toMatch(/Done/);
  });
});

describe('the progress line', () => {
  const job = { kind: 'clip', createdAt: 0, projectIds: ['p_1'] } as Job;
  it('reads in seconds, minutes and hours', () => {
    expect([formatDuration(40_000), formatDuration(240_000), formatDuration(65 * 60_000)]).toEqual([
      '40 s',
      '4 min',
      '1 h 5 min',
    ]);
  });
  it('says the usual time, then that it is late and how to check', () => {
    expect(progressLine(job, 120_000, 240_000)).toBe('⏱ 2 min elapsed · usually ready in ~4 min');
    expect(progressLine(job, 9 * 60_000, 240_000)).toMatch(
      /more than twice as long as usual here \(~4 min\).*\/project p_1/,
    );
  });
});

describe('jobs past twice their usual time', () => {
  it('are counted once each on /metrics, by kind', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const overdue = createOverdueCount(metrics);
    const clip = { id: 'j1', kind: 'clip', createdAt: 0 } as Job;
    overdue.saw(clip, 8 * 60_000, 240_000);
    overdue.saw({ ...clip, id: 'j2' }, 9 * 60_000, undefined);
    expect(await metrics.render()).not.toMatch(/^reelbot_jobs_overdue_total\{/m);
    for (const minute of [9, 10, 11]) overdue.saw(clip, minute * 60_000, 240_000);
    overdue.saw({ ...clip, id: 'j3', kind: 'tts' }, 60 * 60_000, 240_000);
    const text = await metrics.render();
    expect(text).toMatch(/^reelbot_jobs_overdue_total\{kind="clip"\} 1$/m);
    expect(text).toMatch(/^reelbot_jobs_overdue_total\{kind="tts"\} 1$/m);
  });
});
