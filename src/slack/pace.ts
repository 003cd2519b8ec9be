// Slack accepts about 1 chat.postMessage per second per channel (short bursts tolerated) and answers
// 429 with Retry-After when a method's tier is exceeded. Posts are queued per channel and spaced; a 429
// waits the asked time and tries again (only on 429: a 5xx or a timeout may have posted already).
import { webApi } from '@slack/bolt';
import type { RateWindow } from '../core/platform/rate-window.ts';

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PaceOptions {
  /** Minimum time between two posts in one channel (default 1000 ms). */
  intervalMs?: number;
  /** Posts waiting per channel before new ones are refused (default 50). */
  maxQueued?: number;
  /** 429 answers tolerated for one call before giving up (default 3). */
  maxRateLimitRetries?: number;
  now?: () => number;
  sleep?: Sleep;
  /** Where replicas count each channel's posts together (Redis); absent, each lane counts alone. */
  window?: RateWindow;
  /** Each 429 Slack answered a paced call (counted in /metrics). */
  onRateLimited?: () => void;
}

export interface Pacer {
  /** Runs `task` after the ones queued for `key`, at most one start per interval. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Runs `task`, waiting out 429 answers. */
  retryAfter<T>(task: () => Promise<T>): Promise<T>;
  /**
   * At shutdown: waits up to `withinMs` for every queued post (new ones still join), then refuses the
   * ones not started (PaceAbandonedError, so nothing records them as posted). Resolves how many it refused.
   */
  drain(withinMs: number): Promise<number>;
}

interface Lane {
  tail: Promise<void>;
  queued: number;
  lastStart: number;
}

export class PaceQueueFullError extends Error {
  constructor(key: string) {
    super(`too many messages waiting for ${key}`);
    this.name = 'PaceQueueFullError';
  }
}

/** How long the queues must stay empty before a drain counts them done. */
const DRAIN_QUIET_MS = 150;

/** The process is stopping and this post never started: it was not posted. */
export class PaceAbandonedError extends Error {
  constructor(key: string) {
    super(`shutting down before the message for ${key} was sent`);
    this.name = 'PaceAbandonedError';
  }
}

export function createPacer(options: PaceOptions = {}): Pacer {
  const interval = options.intervalMs ?? 1000;
  const maxQueued = options.maxQueued ?? 50;
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const lanes = new Map<string, Lane>();
  let abandoning = false;
  let refused = 0;
  let wake: () => void = () => undefined;
  // Resolves when the drain gives up, so posts sleeping out their interval stop waiting at once.
  const abandoned = new Promise<void>((resolve) => {
    wake = resolve;
  });

  async function retryAfter<T>(task: () => Promise<T>, onLimited?: (waitMs: number) => void): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await task();
      } catch (error) {
        const wait = retryAfterMs(error);
        if (wait === undefined) throw error;
        options.onRateLimited?.();
        onLimited?.(wait);
        if (attempt >= maxRetries) throw error;
        await sleep(wait);
      }
    }
  }

  /** Another replica may have posted in this channel within the interval: wait for the shared count too. */
  async function sharedTurn(key: string): Promise<void> {
    if (!options.window || interval <= 0) return;
    for (;;) {
      // The shared count out of reach (Redis down) leaves the local spacing; Slack's 429s still pace us.
      const got = await options.window.take(`post:${key}`, 1, interval).catch(() => ({ taken: true, waitMs: 0 }));
      if (got.taken || abandoning) return;
      await Promise.race([sleep(got.waitMs), abandoned]);
    }
  }

  function sweep(): void {
    // Bounded memory: idle lanes whose interval has passed carry no information.
    if (lanes.size < 1000) return;
    for (const [key, lane] of lanes) if (lane.queued === 0 && now() - lane.lastStart >= interval) lanes.delete(key);
  }

  function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    sweep();
    const lane = lanes.get(key) ?? { tail: Promise.resolve(), queued: 0, lastStart: -Infinity };
    if (abandoning) {
      refused++;
      return Promise.reject(new PaceAbandonedError(key));
    }
    if (lane.queued >= maxQueued) return Promise.reject(new PaceQueueFullError(key));
    lanes.set(key, lane);
    lane.queued++;
    const result = lane.tail.then(async () => {
      const wait = lane.lastStart + interval - now();
      if (wait > 0 && !abandoning) await Promise.race([sleep(wait), abandoned]);
      if (abandoning) {
        refused++;
        throw new PaceAbandonedError(key);
      }
      await sharedTurn(key);
      if (abandoning) {
        refused++;
        throw new PaceAbandonedError(key);
      }
      lane.lastStart = now();
      // Slack refuses every replica's posts here until then: the others wait it out too (the shared count's
      // block), instead of each drawing a 429 of its own. Out of reach (Redis down), they draw their own.
      return retryAfter(task, (wait) => {
        void options.window?.block(`post:${key}`, wait).catch(() => undefined);
      });
    });
    lane.tail = result.then(
      () => undefined,
      () => undefined,
    );
    void lane.tail.then(() => {
      lane.queued--;
    });
    return result;
  }

  async function drain(withinMs: number): Promise<number> {
    // Real time on purpose: a stop deadline is about the container's kill timer, not an injected clock.
    const deadline = Date.now() + withinMs;
    const busy = () => [...lanes.values()].some((l) => l.queued > 0);
    // Idle for a moment, not just now: a settle that is recording its claim is about to queue a post.
    let idleSince = busy() ? undefined : Date.now();
    while (Date.now() < deadline && (idleSince === undefined || Date.now() - idleSince < DRAIN_QUIET_MS)) {
      await realSleep(Math.min(25, Math.max(1, deadline - Date.now())));
      if (busy()) idleSince = undefined;
      else idleSince ??= Date.now();
    }
    abandoning = true;
    wake();
    // Queued posts wake up, see `abandoning` and reject; give them a moment to do so.
    const settled = Promise.all([...lanes.values()].map((l) => l.tail));
    await Promise.race([settled, realSleep(Math.min(1000, interval + 50))]);
    return refused;
  }

  return { run, retryAfter, drain };
}

/** The wait a 429 asked for, from @slack/web-api's rate-limited error (rejectRateLimitedCalls). */
export function retryAfterMs(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; retryAfter?: unknown };
  if (e.code !== webApi.ErrorCode.RateLimitedError || typeof e.retryAfter !== 'number') return undefined;
  return Math.max(0, e.retryAfter) * 1000;
}
