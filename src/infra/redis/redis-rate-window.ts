// Slack's per-workspace call budgets counted in Redis by rate-limiter-flexible, so replicas together stay
// inside one budget instead of each spending it. A window opens at its first call and closes on Redis's own
// expiry (replicas' clocks may differ by more than Tier 3's 1.33 s spacing). The library's stock script sets
// that expiry in whole seconds (a 1.33 s spacing would become 1 s: 60 calls a minute, past Slack's 50) and
// counts refused attempts too; ours sets it to the millisecond and counts only calls that may go. A block (a
// 429's Retry-After, shared so the other replicas do not each draw one) is its own key beside the count, set
// with PX: the library's block() sets the count itself, in whole seconds rounded down (a block under a second
// would never expire) and lost to a give-back, so it does not fit; the take script checks ours.
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateWindow } from '../../core/platform/rate-window.ts';
import { createRedisConnection } from './redis-connection.ts';
import { redisKey } from './redis-keys.ts';

/** A key's block lives beside its count: a suffix keeps the count's hash tag, so both are in one slot. */
const BLOCKED = ':blocked';

// rate-limiter-flexible's ARGV: change (+1 take, -1 give back), whole seconds (unused), limit, window in seconds.
// The library passes only the count's key; the block's is named from it (same slot, see BLOCKED).
const INCR_TTL = `
local change = tonumber(ARGV[1])
if change < 0 then
  local count = tonumber(redis.call('get', KEYS[1]) or '0')
  if count <= 0 then return {0, 0} end
  return {redis.call('incrby', KEYS[1], math.max(change, -count)), redis.call('pttl', KEYS[1])}
end
local blocked = redis.call('pttl', KEYS[1] .. '${BLOCKED}')
if blocked > 0 then return {tonumber(ARGV[3]) + change, blocked} end
redis.call('set', KEYS[1], 0, 'PX', math.max(1, math.floor(tonumber(ARGV[4]) * 1000 + 0.5)), 'NX')
local count = tonumber(redis.call('get', KEYS[1]))
local ttl = redis.call('pttl', KEYS[1])
if count + change > tonumber(ARGV[3]) then return {count + change, ttl} end
return {redis.call('incrby', KEYS[1], change), ttl}
`;

// The library runs a custom script only when the window lasts a whole second or more; this asks it to always
// (the script reads the exact window from the limiter's own duration).
const ALWAYS_SCRIPTED = { customDuration: 1 };

// A block never shortens one already recorded (two replicas' 429s: the longer Retry-After stands).
const BLOCK = `
if redis.call('pttl', KEYS[1]) < tonumber(ARGV[1]) then redis.call('set', KEYS[1], 1, 'PX', ARGV[1]) end
`;

export function createRedisRateWindow(options: { url: string; prefix?: string }): RateWindow & {
  close(): Promise<void>;
} {
  // A failed count reaches the caller through the call it was for (the limiter then sends on Slack's own 429s).
  const redis = createRedisConnection(options.url).client;
  // One limiter per budget (limit and window); a method's budget changes only when a 429 lowers its rate.
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterOf = (limit: number, windowMs: number) => {
    const id = `${limit}/${windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        // The prefix's hash tag decides the slot ({key} is inert after it, and kept so the names stay as they were).
        keyPrefix: redisKey(options.prefix, 'rate'),
        points: limit,
        duration: windowMs / 1000,
        customIncrTtlLuaScript: INCR_TTL,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const keyOf = (key: string) => `{${key}}`;
  return {
    async take(key, limit, windowMs) {
      try {
        await limiterOf(limit, windowMs).consume(keyOf(key), 1, ALWAYS_SCRIPTED);
        return { taken: true, waitMs: 0 };
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        return { taken: false, waitMs: Math.max(1, refused.msBeforeNext) };
      }
    },
    async giveBack(key, limit, windowMs) {
      await limiterOf(limit, windowMs).reward(keyOf(key), 1, ALWAYS_SCRIPTED);
    },
    async block(key, forMs) {
      // The count's key as the library names it (its keyPrefix, ':', the key), then the block's suffix.
      const blocked = `${redisKey(options.prefix, 'rate', keyOf(key))}${BLOCKED}`;
      await redis.eval(BLOCK, 1, blocked, Math.max(1, Math.ceil(forMs)));
    },
    async close() {
      redis.disconnect();
    },
  };
}
