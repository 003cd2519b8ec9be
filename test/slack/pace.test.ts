import { webApi } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createMemoryRateWindow } from '../../src/core/platform/rate-window.ts';
import { createPacer, PaceQueueFullError } from '../../src/slack/pace.ts';

function fakeTime() {
  let t = 0;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

describe('pacing of posts', () => {
  it('spaces posts in one channel about a second apart, and leaves other channels alone', async () => {
    const time = fakeTime();
    const pacer = createPacer({ now: time.now, sleep: time.sleep });
    const starts: Array<[string, number]> = [];
    const post = (channel: string) => pacer.run(channel, async () => void starts.push([channel, time.now()]));
    await Promise.all([post('C1'), post('C1'), post('C2'), post('C1')]);
    expect(starts.filter(([c]) => c === 'C1').map(([, at]) => at)).toEqual([0, 1000, 2000]);
    expect(starts.find(([c]) => c === 'C2')?.[1]).toBeLessThan(1000);
  });

  it('waits as long as a 429 asks, then tries again', async () => {
    const time = fakeTime();
    const pacer = createPacer({ now: time.now, sleep: time.sleep });
    let calls = 0;
    const result = await pacer.run('C1', async () => {
      calls++;
      if (calls === 1)
        throw Object.assign(new Error('rate limited'), { code: webApi.ErrorCode.RateLimitedError, retryAfter: 7 });
      return 'posted';
    });
    expect(result).toBe('posted');
    expect(time.sleeps).toContain(7000);
  });

  it('has the other replicas wait out a 429 drawn in a channel, not only the one that drew it', async () => {
    const time = fakeTime();
    // Two replicas counting one channel's posts together (Redis in production).
    const window = createMemoryRateWindow(time.now);
    const one = createPacer({ now: time.now, sleep: time.sleep, window, maxRateLimitRetries: 0 });
    const other = createPacer({ now: time.now, sleep: time.sleep, window });
    const limited = Object.assign(new Error('rate limited'), {
      code: webApi.ErrorCode.RateLimitedError,
      retryAfter: 7,
    });
    await expect(
      one.run('C1', async () => {
        throw limited;
      }),
    ).rejects.toBe(limited);
    let postedAt: number | undefined;
    await other.run('C1', async () => {
      postedAt = time.now();
    });
    // Not after the shared one-second spacing: after the seven seconds Slack asked for.
    expect(postedAt).toBeGreaterThanOrEqual(7000);
  });

  it('does not retry anything but a 429 (a 5xx may have posted already)', async () => {
    const pacer = createPacer({ sleep: async () => undefined });
    let calls = 0;
    const failing = pacer.run('C1', async () => {
      calls++;
      throw Object.assign(new Error('500'), { code: webApi.ErrorCode.HTTPError });
    });
    await expect(failing).rejects.toThrow('500');
    expect(calls).toBe(1);
  });

  it('refuses new posts when a channel’s queue is full', async () => {
    const pacer = createPacer({ maxQueued: 2, sleep: () => new Promise(() => undefined) });
    void pacer.run('C1', async () => undefined);
    void pacer.run('C1', async () => undefined);
    await expect(pacer.run('C1', async () => undefined)).rejects.toBeInstanceOf(PaceQueueFullError);
  });
});
