// "Only once" for Slack's retries (events are resent when not acked in time: at once, +1 min, +5 min)
// and for posts retried by the core, through the core's once module: the claim holds across replicas,
// and when the store cannot answer the claim fails (the event is not handled twice by a guess).
import { createOnce, type OnceKey, type OnceMetrics } from '../core/once.ts';
import type { Logger, Store } from '../core/ports.ts';

export interface Claims {
  /** True for exactly one caller per key until `ttlMs` passes or the key is released. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** For an adapter run without any store (tests of the adapter alone): this process only. */
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

/** The adapter's keys, typed: `slack:event:<event_id>` is an inbound event, `slack:post:<key>` a post. */
export function slackOnceKey(key: string): OnceKey {
  const event = /^slack:event:(.+)$/s.exec(key);
  if (event?.[1]) return { kind: 'inbound', platform: 'slack', id: event[1] };
  const post = /^slack:post:(.+)$/s.exec(key);
  return { kind: 'post', platform: 'slack', idempotencyKey: post?.[1] ?? key };
}

/** Store claims through the once module; without a store (an adapter tested alone), this process's memory. */
export function createClaims(options: { store?: Store; logger: Logger; metrics?: OnceMetrics }): Claims {
  const { store, logger } = options;
  if (!store) return createMemoryClaims();
  const once = createOnce({ store, logger, ...(options.metrics ? { metrics: options.metrics } : {}) });
  return {
    claim: (key, ttlMs) => once.first(slackOnceKey(key), ttlMs),
    release: (key) => once.release(slackOnceKey(key)),
  };
}
