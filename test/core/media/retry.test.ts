import { describe, expect, it } from 'vitest';
import { MediaApiError } from '../../../src/core/errors.ts';
import { RateBudgetError } from '../../../src/core/media/rate-limiter.ts';
import { backoffMs, DEFAULT_GET_POLICY, isRetryable, parseRetryAfter } from '../../../src/core/media/retry.ts';

const NOW = Date.UTC(2025, 0, 1, 12);

describe('Retry-After', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 1.5 ', NOW)).toBe(1_500);
  });
  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter(new Date(NOW + 45_000).toUTCString(), NOW)).toBe(45_000);
    expect(parseRetryAfter(new Date(NOW - 45_000).toUTCString(), NOW)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
  });
});

describe('backoff', () => {
  it('honours the server when it names a wait', () => {
    expect(backoffMs(1, 7_000, DEFAULT_GET_POLICY, () => 0.99)).toBe(7_000);
  });
  it('doubles its ceiling each attempt, up to the cap, with full jitter', () => {
    const top = (attempt: number) => backoffMs(attempt, null, DEFAULT_GET_POLICY, () => 1);
    expect([1, 2, 3, 4, 5, 6].map(top)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(backoffMs(3, null, DEFAULT_GET_POLICY, () => 0)).toBe(0);
  });
});

describe('what is retried', () => {
  const err = (status: number) => new MediaApiError(status, null);
  it('GETs: 429, 5xx and no answer', () => {
    expect([0, 429, 500, 502, 503].map((s) => isRetryable('GET', err(s)))).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404].map((s) => isRetryable('GET', err(s)))).toEqual([false, false, false, false]);
  });
  it('POSTs: only 429', () => {
    expect([0, 429, 500, 503].map((s) => isRetryable('POST', err(s)))).toEqual([false, true, false, false]);
  });
  it('never the local budget refusal, nor errors that are not from the API', () => {
    expect(
      isRetryable(
        'GET',
        new RateBudgetError({ perHour: 100, reserved: 20, used: 80, use: 'command', now: 0, waitMs: 1_000 }),
      ),
    ).toBe(false);
    expect(isRetryable('GET', new Error('bug'))).toBe(false);
  });
});
