// The media API request budget counted in Redis, so replicas together stay under a key's hourly plan limit
// (each replica counting alone would let three replicas spend three budgets). A sliding log per key in a
// sorted set, trimmed and checked in one Lua script, so two replicas can never both take the last request;
// times come from Redis's clock, so replicas with skewed clocks still agree.
// The rate limiter counts through createRedisBudgetCounter (its BudgetCounter interface); start-bot.ts wires it
// when the store is Redis.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BudgetCounter } from './budget-counter.ts';

export interface SharedBudget {
  readonly perHour: number;
  /**
   * Spends one request for `keyId` (a hash of the API key, never the key) if more than `reserve` are left
   * (the reserve keeps room for reading results). Never waits; says when to try again when refused.
   */
  tryTake(keyId: string, reserve?: number): Promise<{ ok: boolean; retryAfterMs: number }>;
  /** Requests left for `keyId` in the current window. */
  available(keyId: string): Promise<number>;
  close(): Promise<void>;
}

// KEYS[1] the key's log; ARGV: window ms, limit, reserve, member. Returns {taken (0/1), retry after ms, left}.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[2])
if used < limit - tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, 0, limit - used - 1}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local retry = window
if oldest[2] then retry = tonumber(oldest[2]) + window - now end
return {0, retry, limit - used}
`;

const LEFT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return tonumber(ARGV[2]) - redis.call('ZCARD', KEYS[1])
`;

export function createRedisBudget(options: {
  url: string;
  perHour: number;
  /** Key prefix shared by the replicas; default `reelbot:`. */
  prefix?: string;
  /** One hour unless a test says otherwise. */
  windowMs?: number;
}): SharedBudget {
  const windowMs = options.windowMs ?? 3_600_000;
  const perHour = Math.max(1, Math.floor(options.perHour));
  // On the request path: fail fast rather than queue while Redis is away.
  const redis = new Redis(options.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', () => undefined);
  const keyOf = (keyId: string) => `${options.prefix ?? 'reelbot:'}budget:{${keyId}}`;
  let connecting: Promise<void> | undefined;
  const ready = async () => {
    if (redis.status === 'ready') return;
    if (redis.status === 'wait') connecting = redis.connect();
    await connecting;
  };
  return {
    perHour,
    async tryTake(keyId, reserve = 0) {
      await ready();
      const reply = (await redis.eval(TAKE, 1, keyOf(keyId), windowMs, perHour, reserve, randomUUID())) as number[];
      return { ok: reply[0] === 1, retryAfterMs: Math.max(0, Number(reply[1] ?? 0)) };
    },
    async available(keyId) {
      await ready();
      return Math.max(0, Number(await redis.eval(LEFT, 1, keyOf(keyId), windowMs, perHour)));
    },
    async close() {
      redis.disconnect();
    },
  };
}

// KEYS[1] the key's log; ARGV: since, now, limit, member, window ms. Trim, check and record in one step.
const SPEND = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

/**
 * The rate limiter's BudgetCounter in Redis: every replica spends from one sorted set per key. Times are
 * the limiter's clock (replicas' clocks agree within seconds; the window is an hour).
 */
export function createRedisBudgetCounter(options: {
  url: string;
  prefix?: string;
  windowMs?: number;
}): BudgetCounter & { close(): Promise<void> } {
  const windowMs = options.windowMs ?? 3_600_000;
  // On the request path: fail fast rather than queue while Redis is away.
  const redis = new Redis(options.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => undefined);
  const keyOf = (id: string) => `${options.prefix ?? 'reelbot:'}budget:{${id}}`;
  return {
    async spent(id, since) {
      const flat = await redis.zrangebyscore(keyOf(id), `(${since}`, '+inf', 'WITHSCORES');
      const times: number[] = [];
      for (let i = 1; i < flat.length; i += 2) times.push(Number(flat[i]));
      return times;
    },
    async trySpend(id, now, since, limit) {
      const taken = await redis.eval(SPEND, 1, keyOf(id), since, now, limit, `${now}:${randomUUID()}`, windowMs);
      return taken === 1;
    },
    async close() {
      redis.disconnect();
    },
  };
}
