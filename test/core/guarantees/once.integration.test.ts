import { describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import { createOnce, onceKeyText } from '../../../src/core/guarantees/once.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { createFakeClock } from '../../infra/store/helpers.ts';
import { silentLogger } from '../../support/harness.ts';

describe('the once module', () => {
  it('lets one caller through per typed key, across replicas sharing the store', async () => {
    const store = createMemoryStore();
    const here = createOnce({ store, logger: silentLogger });
    const there = createOnce({ store, logger: silentLogger });
    const event = { kind: 'inbound', platform: 'slack', id: 'Ev1' } as const;
    expect(await here.first(event)).toBe(true);
    expect(await there.first(event)).toBe(false);
    expect(await there.first({ kind: 'inbound', platform: 'discord', id: 'Ev1' })).toBe(true);
    expect(onceKeyText(event)).toBe('slack:event:Ev1');
  });

  it('never lets a publish request through twice, however much time passes', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    const once = createOnce({ store, logger: silentLogger, clock });
    expect(await once.first({ kind: 'publish', requestId: 'r1' })).toBe(true);
    clock.advance(365 * 24 * 3600_000);
    expect(await once.first({ kind: 'publish', requestId: 'r1' })).toBe(false);
  });

  // A failover can lose a claim the old primary acknowledged: its replica, promoted, never got it. What
  // the promoted primary holds is played here by deleting the claim from the shared store.
  it('takes a publish claim a failover lost back when confirming it, so no other replica can take it after', async () => {
    const store = createMemoryStore();
    const here = createOnce({ store, logger: silentLogger });
    const there = createOnce({ store, logger: silentLogger });
    const key = { kind: 'publish', requestId: 'r2:1' } as const;
    expect(await here.first(key)).toBe(true);
    await store.namespace('once').delete(onceKeyText(key));
    expect(await here.replicated(key)).toBe(true);
    expect(await there.first(key)).toBe(false);
  });

  it('does not confirm a publish claim a failover lost and another replica took since: the call is theirs', async () => {
    const store = createMemoryStore();
    const here = createOnce({ store, logger: silentLogger });
    const there = createOnce({ store, logger: silentLogger });
    const key = { kind: 'publish', requestId: 'r3:1' } as const;
    expect(await here.first(key)).toBe(true);
    await store.namespace('once').delete(onceKeyText(key));
    expect(await there.first(key)).toBe(true);
    expect(await here.replicated(key)).toBe(false);
    expect(await there.replicated(key)).toBe(true);
  });

  it('lets no second caller of the same replica take a publish claim it is still confirming, even one a failover lost', async () => {
    const store = createMemoryStore();
    const here = createOnce({ store, logger: silentLogger });
    const there = createOnce({ store, logger: silentLogger });
    const key = { kind: 'publish', requestId: 'r4:1' } as const;
    expect(await here.first(key)).toBe(true);
    await store.namespace('once').delete(onceKeyText(key));
    // A second Approve handled by the same replica while the first caller still waits for a replica.
    expect(await here.first(key)).toBe(false);
    expect(await here.replicated(key)).toBe(true);
    expect(await there.first(key)).toBe(false);
    // Confirmed once: asking again vouches for nothing more.
    expect(await here.replicated(key)).toBe(false);
  });

  it('keeps a held delivery claim renewed while slow work runs, and frees it after', async () => {
    // Timers and the store's clock move together, only as the test moves them: a real 60 ms claim on a loaded
    // machine lapsed whenever the event loop stalled longer than that, which is the product telling the truth
    // (the lapse is logged), not what this test is about.
    vi.useFakeTimers();
    try {
      const store = createMemoryStore();
      const once = createOnce({ store, logger: silentLogger });
      const key = { kind: 'delivery', jobId: 'j1', part: 0 } as const;
      let during: boolean | undefined;
      const holding = once.hold(
        key,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 250));
          // Past three times the claim's life: only renewal keeps another replica out.
          during = (await once.hold(key, async () => 'stolen', 60)).held;
          return 'posted';
        },
        60,
      );
      await vi.advanceTimersByTimeAsync(300);
      expect(await holding).toEqual({ held: true, value: 'posted' });
      expect(during).toBe(false);
      expect((await once.hold(key, async () => 'next', 60)).held).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails when the store cannot be reached, rather than falling back to this process', async () => {
    const down = createRedisStore({ url: 'redis://127.0.0.1:1', timeoutMs: 300 });
    try {
      const once = createOnce({ store: down, logger: silentLogger });
      await expect(once.first({ kind: 'inbound', platform: 'slack', id: 'Ev1' })).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
    } finally {
      await down.close();
    }
  });
});
