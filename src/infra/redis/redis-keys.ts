// The names of the bot's Redis keys. Every key starts with one prefix (REDIS_KEY_PREFIX, so several bots share
// one Redis) whose {hash tag} puts all of a bot's keys in one Redis Cluster slot: multi-key commands and
// scripts (keyv's MGET, BullMQ's Lua) are refused with CROSSSLOT when their keys span slots.

/** The prefix when REDIS_KEY_PREFIX is unset. */
export const KEY_PREFIX = '{reelbot}:';

/** What earlier versions put before every key (no hash tag); their keys are moved under KEY_PREFIX at start. */
export const LEGACY_KEY_PREFIX = 'reelbot:';

/** A key under `prefix` (default KEY_PREFIX): `redisKey(p, 'budget', id)` is `<p>budget:<id>`. */
export function redisKey(prefix: string | undefined, ...parts: string[]): string {
  return (prefix ?? KEY_PREFIX) + parts.join(':');
}

/** Where BullMQ keeps its queues, under the bot's prefix so they share the store's slot. */
export function bullmqPrefix(prefix?: string): string {
  return redisKey(prefix, 'bull');
}
