import { describe, expect, it } from 'vitest';
import { createTierCounter } from './tier-models.ts';

// The Slack double's three ways of counting Tier 3 (50 a minute) are the ones the busy-workspace test names.
const MINUTE = 60_000;
const rule = { limit: 50, windowMs: MINUTE, burst: 5 };
const accepted = (take: (t: number) => number | undefined, times: number[]) =>
  times.filter((t) => take(t) === undefined).length;

describe('a fixed window', () => {
  it('resets on the minute’s boundary: 50 at its end and 50 more at the start of the next', () => {
    const c = createTierCounter('fixed', rule);
    const start = 10 * MINUTE;
    expect(
      accepted(
        c.take,
        Array.from({ length: 60 }, () => start + MINUTE - 100),
      ),
    ).toBe(50);
    expect(c.take(start + MINUTE - 100)).toBe(100);
    expect(
      accepted(
        c.take,
        Array.from({ length: 60 }, () => start + MINUTE),
      ),
    ).toBe(50);
  });
});

describe('a sliding window', () => {
  it('counts any 60 s: the 51st call waits until the first leaves the window', () => {
    const c = createTierCounter('sliding', rule);
    expect(
      accepted(
        c.take,
        Array.from({ length: 50 }, (_, i) => i * 100),
      ),
    ).toBe(50);
    expect(c.take(MINUTE - 100)).toBe(100);
    expect(c.take(30_000)).toBe(30_000);
    expect(c.take(MINUTE + 1)).toBeUndefined();
  });
});

describe('a token bucket', () => {
  it('lets a burst of 5 go, then one call every 1.2 s', () => {
    const c = createTierCounter('bucket', rule);
    expect(accepted(c.take, [0, 0, 0, 0, 0, 0, 0])).toBe(5);
    expect(c.take(600)).toBe(600);
    expect(c.take(1200)).toBeUndefined();
    expect(c.take(1300)).toBe(1100);
    expect(
      accepted(
        c.take,
        Array.from({ length: 50 }, (_, i) => 2400 + i * 1200),
      ),
    ).toBe(50);
  });
});
