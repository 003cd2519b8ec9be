import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/core/ports.ts';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { REDIS_URL, uniquePrefix } from './helpers.ts';

// Issue 43: /healthz and the log read Store.health(): ok, degraded (the primary answers but cannot confirm writes
// on a replica) or down, with since when. The local Redis has no replica: asked for none it is ok, asked for one
// it is degraded, and a confirmation asked then is refused at once, not after a WAIT that holds the connection.

const stores: Store[] = [];
afterEach(async () => {
  await Promise.allSettled(stores.splice(0).map((s) => s.close()));
});
const storeOn = (url: string, replicaAcks: number) => {
  const store = createRedisStore({ url, prefix: uniquePrefix(), replicaAcks, timeoutMs: 500 });
  stores.push(store);
  return store;
};

describe("a Redis store's health", () => {
  it('is ok on one Redis that needs no replica', async () => {
    const store = storeOn(REDIS_URL, 0);
    expect(await store.health()).toMatchObject({ state: 'ok' });
  });

  it('is degraded, since the first look that found it so, where no replica can confirm writes', async () => {
    const store = storeOn(REDIS_URL, 1);
    const first = await store.health();
    expect(first).toMatchObject({ state: 'degraded', reason: expect.stringMatching(/^no replica: none is in sync/) });
    await new Promise((r) => setTimeout(r, 30));
    const second = await store.health();
    expect(second.since).toBe(first.since);
    // Reads and writes still work; their confirmation is refused at once, as a command is told at once.
    await store.namespace('n').set('k', 1);
    expect(await store.namespace('n').get('k')).toBe(1);
    expect(await store.claim('publish:x', 60_000)).toBe(true);
    const started = Date.now();
    await expect(store.replicated()).rejects.toMatchObject({
      name: 'StoreUnavailableError',
      message: expect.stringMatching(/no replica/),
    });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('is down where nothing answers, and says why', async () => {
    const store = storeOn('redis://127.0.0.1:1', 0);
    const health = await store.health();
    expect(health).toMatchObject({ state: 'down', reason: expect.stringMatching(/ECONNREFUSED|no answer/) });
  });
});
