import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/sandbox/rate-limiter.ts';

describe('the per-key rate limiter', () => {
  it('allows the per-minute budget at once, then asks to wait until a request is refilled', () => {
    let now = 0;
    const limiter = createRateLimiter(6, () => now);
    for (let i = 0; i < 6; i++) expect(limiter.take('k').allowed).toBe(true);
    expect(limiter.take('k')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now += 9_000;
    expect(limiter.take('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1_000;
    expect(limiter.take('k').allowed).toBe(true);
  });

  it('counts each key on its own', () => {
    const limiter = createRateLimiter(1, () => 0);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('never refills above the per-minute budget after a long idle time', () => {
    let now = 0;
    const limiter = createRateLimiter(2, () => now);
    now += 3_600_000;
    expect([limiter.take('k'), limiter.take('k'), limiter.take('k')].map((d) => d.allowed)).toEqual([
      true,
      true,
      false,
    ]);
  });
});
