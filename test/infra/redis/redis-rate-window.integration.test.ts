import { afterEach, describe, expect, it } from 'vitest';
import { createRedisRateWindow } from '../../../src/infra/redis/redis-rate-window.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix, withRedis } from '../store/helpers.ts';

// Replicas with one Slack bot token share its workspace's tiers: together they never take more than one budget.

type Window = ReturnType<typeof createRedisRateWindow>;
let windows: Window[] = [];
let prefix = '';
afterEach(async () => {
  for (const w of windows) await w.close();
  windows = [];
  await deleteRedisPrefix(prefix);
});

function replicas(n: number): Window[] {
  prefix = uniquePrefix();
  windows = Array.from({ length: n }, () => createRedisRateWindow({ url: REDIS_URL, prefix }));
  return windows;
}

describe('the Slack rate window shared in Redis', () => {
  it('lets 3 replicas asking 60 times at once take exactly the 45 calls of a Tier 3 minute', async () => {
    const all = replicas(3);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => all[i % 3]?.take('T1:tier3', 45, 60_000) ?? Promise.reject()),
    );
    expect(outcomes.filter((o) => o.taken)).toHaveLength(45);
    const refused = outcomes.find((o) => !o.taken);
    expect(refused?.waitMs).toBeGreaterThan(59_000);
  });

  it('counts only the calls that may go, and takes back one the platform refused', async () => {
    const [a, b] = replicas(2);
    for (let i = 0; i < 3; i++) expect((await a?.take('T1:chat.update', 3, 60_000))?.taken).toBe(true);
    // Refused attempts are not counted: the place a give-back frees is there for the next caller.
    for (let i = 0; i < 5; i++) expect((await b?.take('T1:chat.update', 3, 60_000))?.taken).toBe(false);
    await a?.giveBack('T1:chat.update', 3, 60_000);
    expect((await b?.take('T1:chat.update', 3, 60_000))?.taken).toBe(true);
    expect((await b?.take('T1:chat.update', 3, 60_000))?.taken).toBe(false);
  });

  it('spaces calls to the millisecond, shorter than a second as Slack’s 1.33 s compressed', async () => {
    const [a, b] = replicas(2);
    expect((await a?.take('T1:spacing', 1, 333))?.taken).toBe(true);
    const refused = await b?.take('T1:spacing', 1, 333);
    expect(refused?.taken).toBe(false);
    expect(refused?.waitMs).toBeGreaterThan(200);
    expect(refused?.waitMs).toBeLessThanOrEqual(333);
    await new Promise((resolve) => setTimeout(resolve, (refused?.waitMs ?? 0) + 20));
    expect((await b?.take('T1:spacing', 1, 333))?.taken).toBe(true);
  });

  it('spaces calls by their exact interval, not rounded down to a whole second', async () => {
    const [a] = replicas(1);
    expect((await a?.take('T1:spacing', 1, 1333))?.taken).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refused = await a?.take('T1:spacing', 1, 1333);
    expect(refused?.taken).toBe(false);
    expect(refused?.waitMs).toBeGreaterThan(150);
  });

  it('frees a slot once the window has passed', async () => {
    const [a] = replicas(1);
    expect((await a?.take('C1', 1, 200))?.taken).toBe(true);
    const refused = await a?.take('C1', 1, 200);
    expect(refused?.taken).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, (refused?.waitMs ?? 0) + 20));
    expect((await a?.take('C1', 1, 200))?.taken).toBe(true);
  });

  it('refuses every replica’s calls under a key another one blocked, until the block ends', async () => {
    const [a, b] = replicas(2);
    expect((await a?.take('T1:chat.update:spacing', 1, 100))?.taken).toBe(true);
    // A 429 with Retry-After: 1 on replica a.
    await a?.block('T1:chat.update:spacing', 1000);
    // A shorter block recorded later does not end it sooner.
    await b?.block('T1:chat.update:spacing', 200);
    const refused = await b?.take('T1:chat.update:spacing', 1, 100);
    expect(refused?.taken).toBe(false);
    expect(refused?.waitMs).toBeGreaterThan(900);
    expect(refused?.waitMs).toBeLessThanOrEqual(1000);
    // Only that key waits, and a refused call is not counted.
    expect((await b?.take('T1:conversations.info:spacing', 1, 100))?.taken).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, (refused?.waitMs ?? 0) + 20));
    expect((await b?.take('T1:chat.update:spacing', 1, 100))?.taken).toBe(true);
    expect((await a?.take('T1:chat.update:spacing', 1, 100))?.taken).toBe(false);
  });

  it('keeps the block under the bot’s prefix, expiring on its own', async () => {
    const [a] = replicas(1);
    await a?.block('T1:chat.update:spacing', 5000);
    const keys = await withRedis((client) => client.keys(`${prefix}*`));
    expect(keys).toEqual([`${prefix}rate:{T1:chat.update:spacing}:blocked`]);
    const ttl = await withRedis((client) => client.pTTL(keys[0] ?? ''));
    expect(ttl).toBeGreaterThan(4000);
    expect(ttl).toBeLessThanOrEqual(5000);
  });
});
