// A client-side request budget per API key, so the bot stays under the plan's hourly limit (about 100
// requests/hour on the free plan, 1000 on pro) instead of finding it with 429s. Each request spends a
// token and each token comes back one window (an hour) after it was spent, so no sliding hour ever
// sees more than `perHour` requests from this process. Keys are held only as a hash.

import { createHash } from 'node:crypto';
import { MediaApiError } from '../errors.ts';
import { type Clock, systemClock } from '../ports.ts';

const HOUR_MS = 3_600_000;
/** Bounds the wait loop even if an injected sleep does not advance the clock. */
const MAX_WAIT_ROUNDS = 1_000;

/** The bot refused to send a request to keep within the budget; the API was not asked. */
export class RateBudgetError extends MediaApiError {
  constructor(perHour: number, retryAfterMs: number) {
    super(429, null, {
      retryAfterMs,
      detail:
        `The bot is holding back to stay under the media API plan's budget of ${perHour} requests per hour ` +
        `for this API key; the next request can go out in ${formatWait(retryAfterMs)}.`,
    });
  }
}

export interface RateLimiterOptions {
  /** Requests allowed per key per window. */
  perHour: number;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  /** Longest `take` waits for a token before refusing (default 20 s: long for a chat reply). */
  maxWaitMs?: number;
  /** The window length; one hour unless a test says otherwise. */
  windowMs?: number;
}

export interface RateLimiter {
  readonly perHour: number;
  /** Tokens free for this key right now. */
  available(apiKey: string): number;
  /** 0 when a token is free, otherwise how long until one is. */
  msUntilAvailable(apiKey: string): number;
  /** Spends a token if one is free; never waits. */
  tryTake(apiKey: string): boolean;
  /** Spends a token, waiting up to `maxWaitMs`; otherwise throws RateBudgetError (status 429). */
  take(apiKey: string, maxWaitMs?: number): Promise<void>;
}

/** A stable, non-reversible name for an API key, safe to use as a map key or in logs. */
export function keyId(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const windowMs = options.windowMs ?? HOUR_MS;
  const defaultMaxWait = options.maxWaitMs ?? 20_000;
  const perHour = Math.max(1, Math.floor(options.perHour));
  /** keyId -> times (ascending) of the requests still inside the window. */
  const spent = new Map<string, number[]>();
  let lastSweep = clock.now();

  function live(apiKey: string): { id: string; times: number[] } {
    const now = clock.now();
    if (now - lastSweep > windowMs) sweep(now);
    const id = keyId(apiKey);
    const times = spent.get(id) ?? [];
    while (times.length > 0 && (times[0] ?? 0) <= now - windowMs) times.shift();
    return { id, times };
  }

  /** Forgets keys idle for a whole window, so the map does not grow with every key ever seen. */
  function sweep(now: number) {
    lastSweep = now;
    for (const [id, times] of spent) if ((times.at(-1) ?? 0) <= now - windowMs) spent.delete(id);
  }

  const limiter: RateLimiter = {
    perHour,
    available: (apiKey) => Math.max(0, perHour - live(apiKey).times.length),
    msUntilAvailable(apiKey) {
      const { times } = live(apiKey);
      if (times.length < perHour) return 0;
      return Math.max(1, (times[times.length - perHour] ?? 0) + windowMs - clock.now());
    },
    tryTake(apiKey) {
      const { id, times } = live(apiKey);
      if (times.length >= perHour) return false;
      times.push(clock.now());
      spent.set(id, times);
      return true;
    },
    async take(apiKey, maxWaitMs = defaultMaxWait) {
      const deadline = clock.now() + maxWaitMs;
      for (let round = 0; round < MAX_WAIT_ROUNDS; round++) {
        if (limiter.tryTake(apiKey)) return;
        const wait = limiter.msUntilAvailable(apiKey);
        if (clock.now() + wait > deadline) throw new RateBudgetError(perHour, wait);
        await sleep(wait);
      }
      throw new RateBudgetError(perHour, limiter.msUntilAvailable(apiKey));
    },
  };
  return limiter;
}

function formatWait(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
}
