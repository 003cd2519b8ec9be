import { afterEach, describe, expect, it } from 'vitest';
import type { JobEnded } from '../../../src/core/jobs/service.ts';
import { origin, startTestBot, type TestBot } from '../../support/bot.ts';

// A job may name a continuation: whoever started it (a feature the jobs feature does not know) is told once when
// it ends, completed or failed, with what it made; after a restart too, and never twice.

let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function listen(bot: TestBot, name = 'test-ended'): JobEnded[] {
  const told: JobEnded[] = [];
  bot.app.inside.jobs.whenEnded(name, async (ended) => {
    told.push(ended);
  });
  return told;
}

const start = (bot: TestBot, videoUrl: string, name = 'test-ended') =>
  bot.app.inside.jobs.start(
    {
      kind: 'broll',
      requests: [{ videoUrl }],
      summary: 'a job someone waits for',
      origin,
      continuation: { name, data: { request: 'r1', n: 2 } },
    },
    bot.chat.reply(),
  );

describe('a job’s continuation', () => {
  it('is told once when the job completes, with what it made and the data it was started with', async () => {
    h = await startTestBot({ tuning: { timings: { firstPollMs: 20, maxPollMs: 50 } } });
    const told = listen(h);
    const job = await start(h, 'https://example.com/talk.mp4');
    await h.chat.waitFor(() => told.length === 1);
    expect(told[0]?.state).toBe('settled');
    expect(told[0]?.job.id).toBe(job.id);
    expect(told[0]?.job.continuation?.data).toEqual({ request: 'r1', n: 2 });
    expect(told[0]?.outputs[0]?.[0]?.videoUrl).toMatch(/^http/);
    // Polls and webhooks that come after change nothing.
    h.clock.advance(60_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(told).toHaveLength(1);
    expect((await h.app.inside.jobs.get(job.id))?.told).toBe(true);
  });

  it('is told when the job fails, with the reason', async () => {
    h = await startTestBot({ tuning: { timings: { firstPollMs: 20, maxPollMs: 50 } } });
    const told = listen(h);
    await start(h, 'https://example.com/fail-talk.mp4');
    await h.chat.waitFor(() => told.length === 1);
    expect(told[0]?.state).toBe('failed');
    expect(told[0]?.error).toMatch(/could not be downloaded/);
    expect(told[0]?.outputs).toEqual([[]]);
  });

  it('of a job that ends while the bot is down is told after the restart, once', async () => {
    h = await startTestBot({ sandbox: { jobMs: 300 }, tuning: { timings: { firstPollMs: 20, maxPollMs: 50 } } });
    listen(h);
    const job = await start(h, 'https://example.com/talk.mp4');
    await h.stop();
    // Ended at the media API while nothing was up: the restarted bot finds it at its first poll.
    await new Promise((r) => setTimeout(r, 400));
    h = await h.restart();
    const told = listen(h);
    // A feature registers its continuation while it mounts; here the test does it after, so the telling that found
    // no one waits its minute (as on a replica of an earlier version during a rolling deploy).
    h.clock.advance(60_000);
    await h.chat.waitFor(() => told.length === 1, 15_000);
    expect(told[0]?.job.id).toBe(job.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(told).toHaveLength(1);
  });
});
