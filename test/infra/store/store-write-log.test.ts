import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store, StoreHealth } from '../../../src/core/ports.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { logStoreWrites } from '../../../src/infra/store/store-write-log.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';

// Issue 43: a failover in the log is one line when the store stops taking writes (and why), one when it takes
// them again (with the gap), both warnings so a terminal shows both, however long the gap and however many looks.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store whose health is what the test says it is now. */
function storeSaying(states: () => StoreHealth): Store {
  return { ...createMemoryStore(), health: async () => states() };
}

describe('the store write log', () => {
  it('says once that writes stopped and why, and once that they resumed, with the gap', async () => {
    let now = 0;
    let health: StoreHealth = { state: 'ok', since: 0 };
    const logger = createRecordingLogger();
    const log = logStoreWrites({
      store: storeSaying(() => health),
      logger,
      where: 'redis+sentinel://s1:26379/reelbot',
      now: () => now,
    });
    const second = async () => {
      now += 1_000;
      await vi.advanceTimersByTimeAsync(1_000);
    };
    await second();
    health = { state: 'down', since: now, reason: "Stream isn't writeable" };
    await second();
    await second();
    health = { state: 'degraded', since: now, reason: 'no replica: none is in sync with the primary 10.0.0.2:6379' };
    for (let i = 0; i < 10; i++) await second();
    health = { state: 'ok', since: now };
    await second();
    await second();
    log.close();

    expect(logger.lines.map((l) => [l.level, l.msg])).toEqual([
      [
        'warn',
        "Store at redis+sentinel://s1:26379/reelbot stopped taking writes: no primary answers (Stream isn't writeable)",
      ],
      [
        'warn',
        'Store at redis+sentinel://s1:26379/reelbot still takes no writes: no replica: none is in sync with the primary 10.0.0.2:6379',
      ],
      ['warn', 'Store at redis+sentinel://s1:26379/reelbot takes writes again, after 12.0 s without'],
    ]);
  });

  it('says nothing while the store takes writes', async () => {
    const logger = createRecordingLogger();
    const log = logStoreWrites({ store: storeSaying(() => ({ state: 'ok', since: 0 })), logger, where: 'w' });
    await vi.advanceTimersByTimeAsync(5_000);
    log.close();
    expect(logger.lines).toEqual([]);
  });
});
