// When and how long to retry a media API call. GETs are safe to repeat; a creation or publish POST
// that reached the server may have started a job (or a post), so only a 429 — which the API answers
// before doing anything — is repeated.

import { MediaApiError } from '../errors.ts';
import { RateBudgetError } from './rate-limiter.ts';

export interface RetryPolicy {
  /** Total tries, the first included. */
  maxAttempts: number;
  /** First backoff; doubles each attempt (full jitter). */
  baseDelayMs: number;
  /** Cap on one computed backoff. */
  maxDelayMs: number;
  /**
   * Longest Retry-After we wait out in-process; longer asks are handed to the caller (the error keeps
   * retryAfterMs), so a user is not left waiting minutes on one command.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_GET_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export const DEFAULT_POST_POLICY: RetryPolicy = { ...DEFAULT_GET_POLICY, maxAttempts: 3 };

export type Method = 'GET' | 'POST';

/** 429 for every method; for GETs also 5xx and no answer at all (status 0). */
export function isRetryable(method: Method, err: unknown): err is MediaApiError {
  // The local budget already waited as long as it should; repeating would only wait again.
  if (!(err instanceof MediaApiError) || err instanceof RateBudgetError) return false;
  if (err.status === 429) return true;
  return method === 'GET' && (err.status === 0 || err.status >= 500);
}

/**
 * Wait before attempt `attempt + 1` (attempt counts from 1): the API's Retry-After when it sent one,
 * otherwise a random delay in [0, min(maxDelay, base * 2^(attempt-1))] (full jitter spreads replicas
 * that failed together).
 */
export function backoffMs(
  attempt: number,
  retryAfterMs: number | null,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null) return Math.max(0, retryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

export interface RetryOptions {
  method: Method;
  policy: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told before each wait (for a log line). */
  onRetry?: (e: { attempt: number; waitMs: number; error: MediaApiError }) => void;
}

/** Runs `attempt` until it succeeds, fails for good, or the policy's attempts are spent. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (n >= options.policy.maxAttempts || !isRetryable(options.method, err)) throw err;
      if (err.retryAfterMs !== null && err.retryAfterMs > options.policy.maxRetryAfterMs) throw err;
      const waitMs = backoffMs(n, err.retryAfterMs, options.policy, options.random);
      options.onRetry?.({ attempt: n, waitMs, error: err });
      await options.sleep(waitMs);
    }
  }
}

/**
 * Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3); `now` anchors the date form.
 * Returns null when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
