// The media API request budget counted in Redis, so replicas together stay under a key's hourly plan limit
// (each replica counting alone would let three replicas spend three budgets). A sliding log per key in a
// sorted set, trimmed and checked in one Lua script, so two replicas can never both take the last request;
// times come from Redis's clock, so replicas with skewed clocks still agree.
// The rate limiter counts through createRedisBudgetCounter (its BudgetCounter interface); start-bot.ts wires it
// when the store is Redis.
import { randomUUID } from 'node:crypto';
import { StoreUnavailableError } from '../../core/errors.ts';
import type { BudgetCounter } from '../../core/media/budget-counter.ts';
import { createRedisConnection, redisAddress } from './redis-connection.ts';
import { redisKey } from './redis-keys.ts';
import { isConnectionError } from './redis-outage.ts';

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
  // A failed count reaches the limiter through the command that failed, as the store's failures do: while
  // Redis is away or moving, StoreUnavailableError (nothing was sent; "storage is unavailable, send it again").
  const redis = createRedisConnection(options.url).client;
  const where = redisAddress(options.url);
  const counted = async <R>(count: () => Promise<R>): Promise<R> => {
    try {
      return await count();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`cannot count the media API budget in the Redis at ${where}: ${reason}`, {
        cause: error,
      });
    }
  };
  // The prefix's hash tag decides the slot ({id} is inert after it, and kept so the names stay as they were).
  const keyOf = (id: string) => redisKey(options.prefix, 'budget', `{${id}}`);
  return {
    async spent(id, since) {
      const flat = await counted(() => redis.zrangebyscore(keyOf(id), `(${since}`, '+inf', 'WITHSCORES'));
      const times: number[] = [];
      for (let i = 1; i < flat.length; i += 2) times.push(Number(flat[i]));
      return times;
    },
    async trySpend(id, now, since, limit) {
      const taken = await counted(() =>
        redis.eval(SPEND, 1, keyOf(id), since, now, limit, `${now}:${randomUUID()}`, windowMs),
      );
      return taken === 1;
    },
    async close() {
      redis.disconnect();
    },
  };
}
