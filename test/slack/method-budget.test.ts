// What one Slack method spends in the shared window, without a bot or Redis: one turn per spacing, a Retry-After
// that holds every turn, refreshes kept to what the reserve leaves, and this process counting alone while the shared
// window is out of reach.
import { describe, expect, it } from 'vitest';
import { createMemoryRateWindow, type RateWindow } from '../../src/core/platform/rate-window.ts';
import { createMethodBudget } from '../../src/slack/method-budget.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';

function clock() {
  let t = 1_000_000;
  return { now: () => t, tick: (ms: number) => (t += ms) };
}

const unreachable: RateWindow = {
  take: () => Promise.reject(new Error('Redis is away')),
  giveBack: () => Promise.reject(new Error('Redis is away')),
  block: () => Promise.reject(new Error('Redis is away')),
};

describe('a method’s budget in the shared window', () => {
  it('gives one turn per spacing, and none while a Retry-After holds the method', async () => {
    const c = clock();
    const window = createMemoryRateWindow(c.now);
    const budget = createMethodBudget({
      window,
      local: createMemoryRateWindow(c.now),
      key: 'w:chat.update',
      limit: 45,
      windowMs: 60_000,
    });
    expect((await budget.takeTurn(1000)).taken).toBe(true);
    expect(await budget.takeTurn(1000)).toEqual({ taken: false, waitMs: 1000 });
    c.tick(1000);
    budget.block(5000);
    await Promise.resolve();
    const held = await budget.takeTurn(1000);
    expect(held.taken).toBe(false);
    expect(held.waitMs).toBeGreaterThan(4000);
  });

  it('lets refreshes spend 60 % of the budget, the rest kept for final states and answers', async () => {
    const c = clock();
    const budget = createMethodBudget({
      window: createMemoryRateWindow(c.now),
      local: createMemoryRateWindow(c.now),
      key: 'w:chat.update',
      limit: 45,
      windowMs: 60_000,
    });
    let taken = 0;
    while ((await budget.takeRefresh()).taken) taken++;
    expect(taken).toBe(27);
    budget.giveBackRefresh();
    await Promise.resolve();
    expect((await budget.takeRefresh()).taken).toBe(true);
  });

  it('counts alone while the shared window is out of reach, and says at debug that a Retry-After was not shared', async () => {
    const c = clock();
    const logger = createRecordingLogger();
    const budget = createMethodBudget({
      window: unreachable,
      local: createMemoryRateWindow(c.now),
      key: 'w:views.publish',
      limit: 90,
      windowMs: 60_000,
      logger,
    });
    expect((await budget.takeTurn(700)).taken).toBe(true);
    expect((await budget.takeTurn(700)).taken).toBe(false);
    budget.block(3000);
    await new Promise((r) => setTimeout(r, 0));
    expect(logger.lines.map((l) => [l.level, l.msg])).toEqual([
      ['debug', 'slack: Retry-After not shared with the replicas'],
    ]);
  });
});
