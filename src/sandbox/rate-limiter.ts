/** The answer to "may this key make one more request now?". */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): RateDecision;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per API key: `perMinute` requests in a burst, refilled continuously at `perMinute`
 * per minute. Idle full buckets are forgotten so a flood of distinct keys cannot grow memory forever.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;
  // Bound on remembered keys; far above what a test or a local bot uses.
  const maxKeys = 10_000;

  function refill(bucket: Bucket, at: number): void {
    bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.updatedAt) * perMs);
    bucket.updatedAt = at;
  }

  function forgetFullBuckets(at: number): void {
    for (const [key, bucket] of buckets) {
      refill(bucket, at);
      if (bucket.tokens >= perMinute) buckets.delete(key);
    }
  }

  return {
    take(key) {
      const at = now();
      if (buckets.size >= maxKeys) forgetFullBuckets(at);
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { tokens: perMinute, updatedAt: at };
        buckets.set(key, bucket);
      }
      refill(bucket, at);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      const waitMs = (1 - bucket.tokens) / perMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}
