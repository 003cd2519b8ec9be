import { afterEach, describe, expect, it } from 'vitest';
import { createRedisBudget, type SharedBudget } from '../../../src/core/media/redis-budget.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../store/helpers.ts';

// Three replicas share one key's budget through Redis: together they never spend more than the plan allows.

let budgets: SharedBudget[] = [];
let prefix = '';
afterEach(async () => {
  for (const b of budgets) await b.close();
  budgets = [];
  await deleteRedisPrefix(prefix);
});

function replicas(n: number, perHour: number, windowMs = 3_600_000) {
  prefix = uniquePrefix();
  budgets = Array.from({ length: n }, () => createRedisBudget({ url: REDIS_URL, perHour, prefix, windowMs }));
  return budgets;
}

describe('the request budget shared in Redis', () => {
  it('lets 3 replicas asking 30 times at once spend exactly the 10 requests allowed', async () => {
    const all = replicas(3, 10);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => all[i % 3]?.tryTake('key-a') ?? Promise.reject(new Error('no replica'))),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    const refused = outcomes.find((o) => !o.ok);
    expect(refused?.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(await all[1]?.available('key-a')).toBe(0);
    // Another key has its own budget.
    expect((await all[2]?.tryTake('key-b'))?.ok).toBe(true);
  });

  it('keeps the reserve for result reads, and gives requests back one window after they were spent', async () => {
    const [a, b] = replicas(2, 5, 400);
    for (let i = 0; i < 3; i++) expect((await a?.tryTake('k', 2))?.ok).toBe(true);
    expect((await b?.tryTake('k', 2))?.ok).toBe(false);
    expect((await b?.tryTake('k'))?.ok).toBe(true);
    expect(await a?.available('k')).toBe(1);
    await new Promise((r) => setTimeout(r, 450));
    expect(await b?.available('k')).toBe(5);
  });
});
