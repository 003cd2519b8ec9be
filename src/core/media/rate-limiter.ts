// A client-side request budget per API key, so the bot stays under the plan's hourly limit (about 100
// requests/hour on the free plan, 1000 on pro) instead of finding it with 429s. Each request spends a
// token and each token comes back one window (an hour) after it was spent, so no sliding hour ever sees
// more than `perHour` requests. Part of the budget is kept for reading results back: with every token
// spent on new work, finished results would sit unposted for up to an hour. Keys are held only by their
// keyed name (key-name.ts).

import { MediaApiError } from '../errors.ts';
import { type Clock, systemClock } from '../ports.ts';
import { type BudgetCounter, createMemoryBudgetCounter } from './budget-counter.ts';
import { createKeyNamer, type KeyNamer } from './key-name.ts';

const HOUR_MS = 3_600_000;
/** Bounds the wait loop even if an injected sleep does not advance the clock. */
const MAX_WAIT_ROUNDS = 1_000;
/** The share of each key's budget only reads of results (GET /projects/{id}) may spend. */
export const READ_RESERVE_SHARE = 0.2;

/** New work (creating projects, listing voices) or reading results back, which may spend the reserve. */
export type BudgetUse = 'command' | 'read';

/** The bot refused to send a request to keep within its own budget; the API was not asked. */
export class RateBudgetError extends MediaApiError {
  /** When the next request of this kind may go out (epoch ms). */
  readonly nextFreeAt: number;
  readonly used: number;
  readonly perHour: number;
  readonly reserved: number;
  readonly use: BudgetUse;
  constructor(b: { perHour: number; reserved: number; used: number; use: BudgetUse; now: number; waitMs: number }) {
    const limit = b.use === 'command' ? b.perHour - b.reserved : b.perHour;
    super(429, null, {
      retryAfterMs: b.waitMs,
      detail:
        `reelbot's own budget: this channel's key has used its ${limit} requests this hour` +
        `${b.use === 'command' && b.reserved > 0 ? ` for new work (${b.reserved} more are kept for reading results back)` : ''}; ` +
        `the next frees at ${clockTime(b.now + b.waitMs)} UTC.`,
    });
    this.nextFreeAt = b.now + b.waitMs;
    this.used = b.used;
    this.perHour = b.perHour;
    this.reserved = b.reserved;
    this.use = b.use;
  }
}

export interface RateLimiterOptions {
  /** Requests allowed per key per window. */
  perHour: number;
  /** Requests per window only reads may spend (default a fifth of perHour, rounded down). */
  readReserve?: number;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  /** Longest `take` waits for a token before refusing (default 20 s: long for a chat reply). */
  maxWaitMs?: number;
  /** The window length; one hour unless a test says otherwise. */
  windowMs?: number;
  /** Where spending is counted (default in memory; a shared counter for several replicas). */
  counter?: BudgetCounter;
  /** How keys are named in counters and metrics (default: a namer with a secret of this process's own). */
  name?: KeyNamer;
  /** Told of every token asked for (`key` is the key's name, never the key), for metrics. */
  onTake?: (e: { key: string; use: BudgetUse; taken: boolean }) => void;
}

export interface BudgetStatus {
  perHour: number;
  /** Of perHour, kept for reading results back. */
  reserved: number;
  used: number;
  /** Requests left this window for new work (commands). */
  leftForCommands: number;
  /** When the oldest spent request frees (epoch ms); undefined when none is spent. */
  nextFreeAt?: number;
}

export interface RateLimiter {
  readonly perHour: number;
  readonly reserved: number;
  /** Tokens free for this key right now for this use (default 'read': the whole budget). */
  available(apiKey: string, use?: BudgetUse): Promise<number>;
  /** 0 when a token is free, otherwise how long until one is. */
  msUntilAvailable(apiKey: string, use?: BudgetUse): Promise<number>;
  /** Spends a token if one is free; never waits. */
  tryTake(apiKey: string, use?: BudgetUse): Promise<boolean>;
  /** Spends a token, waiting up to `maxWaitMs`; otherwise throws RateBudgetError (status 429). */
  take(apiKey: string, use?: BudgetUse, maxWaitMs?: number): Promise<void>;
  /** What /jobs and /setup show. */
  status(apiKey: string): Promise<BudgetStatus>;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const windowMs = options.windowMs ?? HOUR_MS;
  const defaultMaxWait = options.maxWaitMs ?? 20_000;
  const perHour = Math.max(1, Math.floor(options.perHour));
  const reserved = Math.min(perHour - 1, Math.max(0, Math.floor(options.readReserve ?? perHour * READ_RESERVE_SHARE)));
  const counter = options.counter ?? createMemoryBudgetCounter();
  const keyId = options.name ?? createKeyNamer();
  const limitOf = (use: BudgetUse) => (use === 'command' ? perHour - reserved : perHour);
  const spent = (apiKey: string) => counter.spent(keyId(apiKey), clock.now() - windowMs);

  async function msUntilAvailable(apiKey: string, use: BudgetUse = 'read') {
    const times = await spent(apiKey);
    const limit = limitOf(use);
    if (times.length < limit) return 0;
    return Math.max(1, (times[times.length - limit] ?? 0) + windowMs - clock.now());
  }

  const limiter: RateLimiter = {
    perHour,
    reserved,
    available: async (apiKey, use = 'read') => Math.max(0, limitOf(use) - (await spent(apiKey)).length),
    msUntilAvailable,
    async tryTake(apiKey, use = 'read') {
      const now = clock.now();
      const key = keyId(apiKey);
      const taken = await counter.trySpend(key, now, now - windowMs, limitOf(use));
      options.onTake?.({ key, use, taken });
      return taken;
    },
    async take(apiKey, use = 'read', maxWaitMs = defaultMaxWait) {
      const deadline = clock.now() + maxWaitMs;
      for (let round = 0; round < MAX_WAIT_ROUNDS; round++) {
        if (await limiter.tryTake(apiKey, use)) return;
        const wait = await msUntilAvailable(apiKey, use);
        if (clock.now() + wait > deadline) throw await refusal(apiKey, use, wait);
        await sleep(wait);
      }
      throw await refusal(apiKey, use, await msUntilAvailable(apiKey, use));
    },
    async status(apiKey) {
      const times = await spent(apiKey);
      return {
        perHour,
        reserved,
        used: times.length,
        leftForCommands: Math.max(0, perHour - reserved - times.length),
        ...(times[0] === undefined ? {} : { nextFreeAt: times[0] + windowMs }),
      };
    },
  };

  async function refusal(apiKey: string, use: BudgetUse, waitMs: number) {
    const used = (await spent(apiKey)).length;
    return new RateBudgetError({ perHour, reserved, used, use, now: clock.now(), waitMs });
  }
  return limiter;
}

/** 14:05 in UTC: the bot knows no channel's time zone. */
export function clockTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 16);
}
