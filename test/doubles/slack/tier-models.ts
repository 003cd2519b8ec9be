// How a Slack double may count a method's tier. Slack documents Tier 3 as "50+ per minute, short bursts
// tolerated" and not the algorithm behind it, so the double can count it three ways; a bot that holds
// against all three does not depend on which one slack.com uses:
// - fixed: 50 calls in each minute of the clock, the count reset on the minute's boundary;
// - sliding: 50 calls in any 60 s;
// - bucket: a token bucket of 5 (bursts of 5) refilled at 50 a minute.
// A refused call is not counted; it is told how long until it would be accepted (the double rounds that up
// to whole seconds, at least 1, for Slack's Retry-After header).

export type TierModel = 'fixed' | 'sliding' | 'bucket';
export const TIER_MODELS: readonly TierModel[] = ['fixed', 'sliding', 'bucket'];

export interface TierCounter {
  /** Counts the call and answers undefined when it may go; else how long until one would (ms), uncounted. */
  take(now: number): number | undefined;
}

export interface TierRule {
  /** Calls a window (the bucket's refill a window). */
  limit: number;
  windowMs: number;
  /** The bucket's size: how many calls may go at once after a quiet spell. */
  burst?: number;
}

export function createTierCounter(model: TierModel, rule: TierRule): TierCounter {
  switch (model) {
    case 'fixed': {
      let start = Number.NEGATIVE_INFINITY;
      let count = 0;
      return {
        take(now) {
          const boundary = now - (now % rule.windowMs);
          if (boundary !== start) {
            start = boundary;
            count = 0;
          }
          if (count >= rule.limit) return start + rule.windowMs - now;
          count++;
          return undefined;
        },
      };
    }
    case 'sliding': {
      let times: number[] = [];
      return {
        take(now) {
          times = times.filter((t) => t > now - rule.windowMs);
          if (times.length >= rule.limit) return (times[0] ?? now) + rule.windowMs - now;
          times.push(now);
          return undefined;
        },
      };
    }
    case 'bucket': {
      const size = rule.burst ?? 5;
      const perMs = rule.limit / rule.windowMs;
      let tokens = size;
      let at = Number.NEGATIVE_INFINITY;
      return {
        take(now) {
          tokens = Math.min(size, tokens + (now - at) * perMs);
          at = now;
          if (tokens < 1) return Math.ceil((1 - tokens) / perMs);
          tokens -= 1;
          return undefined;
        },
      };
    }
  }
}
