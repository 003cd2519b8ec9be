import { describe, expect, it } from 'vitest';
import { createMemoryRateWindow } from '../../../src/core/platform/rate-window.ts';

// One process's count of a platform's budget: the same rules as the Redis one replicas share.
describe('the rate window in memory', () => {
  it('opens a window with its first call, refuses past the limit without counting, and says how long to wait', async () => {
    let now = 1_000;
    const w = createMemoryRateWindow(() => now);
    expect((await w.take('k', 2, 1_000)).taken).toBe(true);
    now = 1_400;
    expect((await w.take('k', 2, 1_000)).taken).toBe(true);
    expect(await w.take('k', 2, 1_000)).toEqual({ taken: false, waitMs: 600 });
    now = 2_000;
    expect((await w.take('k', 2, 1_000)).taken).toBe(true);
  });

  it('frees a place for the next caller when one is given back', async () => {
    const w = createMemoryRateWindow(() => 0);
    expect((await w.take('k', 1, 1_000)).taken).toBe(true);
    expect((await w.take('k', 1, 1_000)).taken).toBe(false);
    await w.giveBack('k', 1, 1_000);
    expect((await w.take('k', 1, 1_000)).taken).toBe(true);
    // A give-back never goes below nothing: the window still holds the call just taken.
    await w.giveBack('other', 1, 1_000);
    expect((await w.take('k', 1, 1_000)).taken).toBe(false);
  });

  it('refuses every call under a blocked key until the block ends, then takes them again', async () => {
    let now = 0;
    const w = createMemoryRateWindow(() => now);
    await w.block('k', 1_000);
    expect(await w.take('k', 45, 60_000)).toEqual({ taken: false, waitMs: 1_000 });
    // Only that key waits: the platform's Retry-After was about one method.
    expect((await w.take('other', 45, 60_000)).taken).toBe(true);
    now = 600;
    expect(await w.take('k', 45, 60_000)).toEqual({ taken: false, waitMs: 400 });
    now = 1_000;
    expect((await w.take('k', 45, 60_000)).taken).toBe(true);
  });

  it('keeps the longer of two blocks, and the calls counted before them', async () => {
    let now = 0;
    const w = createMemoryRateWindow(() => now);
    expect((await w.take('k', 2, 3_000)).taken).toBe(true);
    await w.block('k', 2_000);
    await w.block('k', 300);
    now = 1_999;
    expect(await w.take('k', 2, 3_000)).toEqual({ taken: false, waitMs: 1 });
    now = 2_000;
    expect((await w.take('k', 2, 3_000)).taken).toBe(true);
    // The window opened at 0 still holds its first call: two of two, until it closes at 3 s.
    expect(await w.take('k', 2, 3_000)).toEqual({ taken: false, waitMs: 1_000 });
  });
});
