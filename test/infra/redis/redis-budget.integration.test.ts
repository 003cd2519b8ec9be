import { afterEach, describe, expect, it } from 'vitest';
import type { BudgetCounter } from '../../../src/core/media/budget-counter.ts';
import { createRedisBudgetCounter } from '../../../src/infra/redis/redis-budget.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../store/helpers.ts';

// Three replicas share one key's budget through Redis: together they never spend more than the plan allows.

type Counter = BudgetCounter & { close(): Promise<void> };
let counters: Counter[] = [];
let prefix = '';
afterEach(async () => {
  for (const c of counters) await c.close();
  counters = [];
  await deleteRedisPrefix(prefix);
});

function replicas(n: number, windowMs = 3_600_000): Counter[] {
  prefix = uniquePrefix();
  counters = Array.from({ length: n }, () => createRedisBudgetCounter({ url: REDIS_URL, prefix, windowMs }));
  return counters;
}

const HOUR = 3_600_000;

describe('the request budget shared in Redis', () => {
  it('lets 3 replicas asking 30 times at once spend exactly the 10 requests allowed', async () => {
    const all = replicas(3);
    const now = Date.now();
    const outcomes = await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) => all[i % 3]?.trySpend('key-a', now + i, now - HOUR, 10) ?? Promise.reject(new Error('no replica')),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(10);
    expect(await all[1]?.spent('key-a', now - HOUR)).toHaveLength(10);
    // Another key has its own budget.
    expect(await all[2]?.trySpend('key-b', now, now - HOUR, 10)).toBe(true);
  });

  it('gives requests back once they are older than the window, and forgets the key after it', async () => {
    const [a, b] = replicas(2, 400);
    const start = Date.now();
    for (let i = 0; i < 3; i++) expect(await a?.trySpend('k', start + i, start - 400, 3)).toBe(true);
    expect(await b?.trySpend('k', start + 3, start - 400, 3)).toBe(false);
    expect(await b?.spent('k', start - 400)).toEqual([start, start + 1, start + 2]);
    // A window later the same spends no longer count.
    expect(await b?.trySpend('k', start + 401, start + 2, 3)).toBe(true);
    expect(await a?.spent('k', start + 2)).toEqual([start + 401]);
    await new Promise((r) => setTimeout(r, 450));
    expect(await a?.spent('k', 0)).toEqual([]);
  });
});
