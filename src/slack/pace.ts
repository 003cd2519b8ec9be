// Slack accepts about 1 chat.postMessage per second per channel (short bursts tolerated) and answers
// 429 with Retry-After when a method's tier is exceeded. Posts are queued per channel and spaced; a 429
// waits the asked time and tries again (only on 429: a 5xx or a timeout may have posted already).
import { webApi } from '@slack/bolt';

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
}

export interface Pacer {
  /** Runs `task` after the ones queued for `key`, at most one start per interval. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Runs `task`, waiting out 429 answers. */
  retryAfter<T>(task: () => Promise<T>): Promise<T>;
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

export function createPacer(options: PaceOptions = {}): Pacer {
  const interval = options.intervalMs ?? 1000;
  const maxQueued = options.maxQueued ?? 50;
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const lanes = new Map<string, Lane>();

  async function retryAfter<T>(task: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await task();
      } catch (error) {
        const wait = retryAfterMs(error);
        if (wait === undefined || attempt >= maxRetries) throw error;
        await sleep(wait);
      }
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
    if (lane.queued >= maxQueued) return Promise.reject(new PaceQueueFullError(key));
    lanes.set(key, lane);
    lane.queued++;
    const result = lane.tail.then(async () => {
      const wait = lane.lastStart + interval - now();
      if (wait > 0) await sleep(wait);
      lane.lastStart = now();
      return retryAfter(task);
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

  return { run, retryAfter };
}

/** The wait a 429 asked for, from @slack/web-api's rate-limited error (rejectRateLimitedCalls). */
export function retryAfterMs(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; retryAfter?: unknown };
  if (e.code !== webApi.ErrorCode.RateLimitedError || typeof e.retryAfter !== 'number') return undefined;
  return Math.max(0, e.retryAfter) * 1000;
}
