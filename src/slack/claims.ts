// "Only once" for Slack's retries (events are resent when not acked in time: at once, +1 min, +5 min)
// and for posts retried by the core. With a Store the claim holds across replicas; without one it holds
// in this process.
import type { Logger, Store } from '../core/ports.ts';

export interface Claims {
  /** True for exactly one caller per key until `ttlMs` passes or the key is released. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

export function createMemoryClaims(now: () => number = Date.now, maxKeys = 10_000): Claims {
  const until = new Map<string, number>();
  // Bounded memory: expired keys go first, then the oldest ones (Map keeps insertion order).
  const evict = (t: number): void => {
    for (const [k, exp] of until) if (exp <= t) until.delete(k);
    for (const k of until.keys()) {
      if (until.size < maxKeys) break;
      until.delete(k);
    }
  };
  return {
    async claim(key, ttlMs) {
      const t = now();
      const held = until.get(key);
      if (held !== undefined && held > t) return false;
      if (until.size >= maxKeys) evict(t);
      until.set(key, t + ttlMs);
      return true;
    },
    async release(key) {
      until.delete(key);
    },
  };
}

/** Store claims; when the store is down, falls back to this process's memory (better than dropping work). */
export function createClaims(options: { store?: Store; logger: Logger; now?: () => number }): Claims {
  const memory = createMemoryClaims(options.now);
  const { store, logger } = options;
  if (!store) return memory;
  return {
    async claim(key, ttlMs) {
      try {
        return await store.claim(key, ttlMs);
      } catch (error) {
        logger.warn({ err: error, key }, 'store unavailable for a claim; deduplicating in memory');
        return memory.claim(key, ttlMs);
      }
    },
    async release(key) {
      await Promise.allSettled([store.release(key), memory.release(key)]);
    },
  };
}
