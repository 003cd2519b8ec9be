// Slack's per-workspace call budgets counted in Redis, so replicas together stay inside one tier instead of
// each spending it. A sliding log per key in a sorted set, trimmed, checked and counted in one Lua script
// on Redis's own clock (replicas' clocks may differ by more than a tier's one-second spacing).
import { randomUUID } from 'node:crypto';
import type { RateWindow } from '../../core/platform/rate-window.ts';
import { createRedisConnection } from './redis-connection.ts';
import { redisKey } from './redis-keys.ts';

// KEYS[1] the log; ARGV: limit, window ms, reserve, member. Answers 0 when counted, else ms to wait.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local room = math.max(1, tonumber(ARGV[1]) - tonumber(ARGV[3]))
local count = redis.call('ZCARD', KEYS[1])
if count >= room then
  local oldest = redis.call('ZRANGE', KEYS[1], count - room, count - room, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

export function createRedisRateWindow(options: { url: string; prefix?: string }): RateWindow & {
  close(): Promise<void>;
} {
  // A failed count reaches the caller through the call it was for (the limiter then waits and tries again).
  const redis = createRedisConnection(options.url).client;
  // The prefix's hash tag decides the slot ({key} is inert after it, and kept so the names stay as they were).
  const keyOf = (key: string) => redisKey(options.prefix, 'rate', `{${key}}`);
  return {
    async take(key, limit, windowMs, reserve = 0) {
      const wait = Number(await redis.eval(TAKE, 1, keyOf(key), limit, windowMs, reserve, randomUUID()));
      return wait === 0 ? { taken: true, waitMs: 0 } : { taken: false, waitMs: wait };
    },
    async close() {
      redis.disconnect();
    },
  };
}
