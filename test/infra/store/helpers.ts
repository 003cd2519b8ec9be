import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import type { Clock } from '../../../src/core/ports.ts';
import { REDIS_URL } from '../../support/redis-url.ts';

export interface FakeClock extends Clock {
  advance(ms: number): void;
}

/** A clock that only moves when told; starts at the real time so it agrees with wall-clock expiry. */
export function createFakeClock(start = Date.now()): FakeClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

/** Polls `check` until it returns true; fails after `boundMs` (generous, so slow machines pass). */
export async function waitFor(check: () => Promise<boolean>, boundMs = 10_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Settles with `promise`, or rejects if it has not settled within `boundMs`: a hang is a failure. */
export async function within<T>(boundMs: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${boundMs} ms`)), boundMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function createTempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'reelbot-store-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export { REDIS_URL };

/** A key prefix of one test's own, with a hash tag as the bot's default (`{reelbot}:`) has. */
export function uniquePrefix(): string {
  return `{test-${process.pid}-${Math.random().toString(36).slice(2, 10)}}:`;
}

const plainRedisClient = () => createClient({ url: REDIS_URL });
type RedisClient = ReturnType<typeof plainRedisClient>;

/** Runs `use` with a plain client of the local Redis, to look at or clean up what a store wrote. */
export async function withRedis<T>(use: (client: RedisClient) => Promise<T>): Promise<T> {
  const client = plainRedisClient();
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/**
 * Deletes every key under `prefix` from the local Redis, and under the prefix a bot configured with it
 * writes (REDIS_KEY_PREFIX `p:` gives keys under `{p}:`).
 */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const prefixes = prefix.includes('{') ? [prefix] : [prefix, `{${prefix.replace(/:$/, '')}}:`];
  await withRedis(async (client) => {
    for (const p of prefixes) {
      for await (const keys of client.scanIterator({ MATCH: `${p}*`, COUNT: 500 })) {
        if (keys.length > 0) await client.del(keys);
      }
    }
  });
}
