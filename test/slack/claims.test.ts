import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/core/errors.ts';
import { createMemoryStore } from '../../src/core/store/memory-store.ts';
import { createRedisStore } from '../../src/core/store/redis-store.ts';
import { createClaims } from '../../src/slack/claims.ts';
import { silentLogger } from '../support/harness.ts';

describe('Slack claims', () => {
  it('hold across replicas sharing a store', async () => {
    const store = createMemoryStore();
    const here = createClaims({ store, logger: silentLogger });
    const there = createClaims({ store, logger: silentLogger });
    expect(await here.claim('slack:event:Ev1', 60_000)).toBe(true);
    expect(await there.claim('slack:event:Ev1', 60_000)).toBe(false);
    expect(await here.claim('slack:post:job1:0', 60_000)).toBe(true);
    await here.release('slack:post:job1:0');
    expect(await there.claim('slack:post:job1:0', 60_000)).toBe(true);
  });

  it('fail when the store cannot be reached, rather than falling back to this process', async () => {
    const down = createRedisStore({ url: 'redis://127.0.0.1:1', timeoutMs: 300 });
    try {
      const claims = createClaims({ store: down, logger: silentLogger });
      await expect(claims.claim('slack:event:Ev1', 60_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await down.close();
    }
  });
});
