// A client-side request budget per API key, so the bot stays under the plan's hourly limit (about 100
// requests/hour on the free plan, 1000 on pro) instead of finding it with 429s. Each request spends a
// token and each token comes back one window (an hour) after it was spent, so no sliding hour ever sees
// more than `perHour` requests. Part of the budget is kept for reading results back: with every token
// spent on new work, finished results would sit unposted for up to an hour. Keys are held only by their
// keyed name (key-name.ts).
//
// A key several workspaces share (MEDIA_API_KEY for every workspace that installed the bot, the sandbox's)
// also has a share per workspace (MEDIA_API_WORKSPACE_SHARE): each workspace spends at most its share, so
// one workspace spending its own cannot stop another, and the key's whole budget still bounds them all.

import { MediaApiError } from '../errors.ts';
import { type Clock, systemClock } from '../ports.ts';
import { type BudgetCounter, createMemoryBudgetCounter } from './budget-counter.ts';
import { createKeyNamer, type KeyNamer } from './key-name.ts';

const HOUR_MS = 3_600_000;
/** Bounds the wait loop even if an injected sleep does not advance the clock. */
const MAX_WAIT_ROUNDS = 1_000;
/** The share of each budget only reads of results (GET /projects/{id}) may spend. */
export const READ_RESERVE_SHARE = 0.2;

/** New work (creating projects, listing voices) or reading results back, which may spend the reserve. */
export type BudgetUse = 'command' | 'read';

/** Whose budget a refusal or a status is about: the key's whole budget, or one workspace's share of a shared key. */
export type BudgetScope = 'key' | 'workspace';

/**
 * Who spends: a key, and the workspace the request is for (`<platform>:<workspace id>`). The workspace counts only
 * for a key shared between workspaces; a bare key is spent from the key's budget alone.
 */
export type Spender = string | { apiKey: string; workspace?: string };

/** The bot refused to send a request to keep within its own budget; the API was not asked. */
export class RateBudgetError extends MediaApiError {
  /** When the next request of this kind may go out (epoch ms). */
  readonly nextFreeAt: number;
  readonly used: number;
  readonly perHour: number;
  readonly reserved: number;
  readonly use: BudgetUse;
  readonly scope: BudgetScope;
  constructor(b: {
    perHour: number;
    reserved: number;
    used: number;
    use: BudgetUse;
    now: number;
    waitMs: number;
    /** Default: the key's whole budget. */
    scope?: BudgetScope;
  }) {
    const limit = b.use === 'command' ? b.perHour - b.reserved : b.perHour;
    const whose =
      b.scope === 'workspace'
        ? "this workspace has used its share of the bot's shared key,"
        : "this channel's key has used its";
    super(429, null, {
      retryAfterMs: b.waitMs,
      detail:
        `reelbot's own budget: ${whose} ${limit} requests this hour` +
        `${b.use === 'command' && b.reserved > 0 ? ` for new work (${b.reserved} more are kept for reading results back)` : ''}; ` +
        `the next frees at ${clockTime(b.now + b.waitMs)} UTC.`,
    });
    this.nextFreeAt = b.now + b.waitMs;
    this.used = b.used;
    this.perHour = b.perHour;
    this.reserved = b.reserved;
    this.use = b.use;
    this.scope = b.scope ?? 'key';
  }
}

export interface RateLimiterOptions {
  /** Requests allowed per key per window. */
  perHour: number;
  /** Requests per window only reads may spend (default a fifth of perHour, rounded down). */
  readReserve?: number;
  /**
   * Keys several workspaces share (the team's MEDIA_API_KEY, the sandbox's) and what one workspace may spend of
   * each per window (its own read reserve a fifth of it). Absent: a workspace may spend a key's whole budget.
   */
  workspaceShare?: { keys: readonly string[]; perHour: number };
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
  /** The budget that binds this spender: the key's, or the workspace's share of a shared key. */
  scope: BudgetScope;
  perHour: number;
  /** Of perHour, kept for reading results back. */
  reserved: number;
  used: number;
  /** Requests left this window for new work (commands), the key's whole budget permitting. */
  leftForCommands: number;
  /** When the oldest spent request frees (epoch ms); undefined when none is spent. */
  nextFreeAt?: number;
}

export interface RateLimiter {
  readonly perHour: number;
  readonly reserved: number;
  /** Tokens free for this spender right now for this use (default 'read': the whole budget). */
  available(spender: Spender, use?: BudgetUse): Promise<number>;
  /** 0 when a token is free, otherwise how long until one is. */
  msUntilAvailable(spender: Spender, use?: BudgetUse): Promise<number>;
  /** Spends a token if one is free; never waits. */
  tryTake(spender: Spender, use?: BudgetUse): Promise<boolean>;
  /** Spends a token, waiting up to `maxWaitMs`; otherwise throws RateBudgetError (status 429). */
  take(spender: Spender, use?: BudgetUse, maxWaitMs?: number): Promise<void>;
  /** What /jobs and /setup show. */
  status(spender: Spender): Promise<BudgetStatus>;
}

/** One budget: a limit per window with a read reserve, counted under one id. */
interface Budget {
  id: string;
  scope: BudgetScope;
  perHour: number;
  reserved: number;
}

const reserveOf = (perHour: number, asked?: number) =>
  Math.min(perHour - 1, Math.max(0, Math.floor(asked ?? perHour * READ_RESERVE_SHARE)));

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const windowMs = options.windowMs ?? HOUR_MS;
  const defaultMaxWait = options.maxWaitMs ?? 20_000;
  const perHour = Math.max(1, Math.floor(options.perHour));
  const reserved = reserveOf(perHour, options.readReserve);
  const counter = options.counter ?? createMemoryBudgetCounter();
  const keyId = options.name ?? createKeyNamer();
  const shared = new Set(options.workspaceShare?.keys ?? []);
  const sharePerHour = Math.max(1, Math.min(perHour, Math.floor(options.workspaceShare?.perHour ?? perHour)));
  const shareReserved = reserveOf(sharePerHour);

  const limitOf = (b: Budget, use: BudgetUse) => (use === 'command' ? b.perHour - b.reserved : b.perHour);
  const spent = (b: Budget) => counter.spent(b.id, clock.now() - windowMs);
  const parse = (s: Spender) => (typeof s === 'string' ? { apiKey: s } : s);
  const keyBudget = (apiKey: string): Budget => ({ id: keyId(apiKey), scope: 'key', perHour, reserved });
  /** The budgets a spender spends from: the key's, then (a shared key) its workspace's share, which binds first. */
  function budgetsOf(spender: Spender): { key: Budget; share?: Budget } {
    const { apiKey, workspace } = parse(spender);
    const key = keyBudget(apiKey);
    if (workspace === undefined || !shared.has(apiKey)) return { key };
    // The workspace id is no secret; the key's part of the counter's id is its keyed name, as everywhere.
    const share: Budget = {
      id: `${key.id}/${workspace}`,
      scope: 'workspace',
      perHour: sharePerHour,
      reserved: shareReserved,
    };
    return { key, share };
  }

  /** Tokens left in one budget, and how long until the next frees when none is. */
  async function room(b: Budget, use: BudgetUse): Promise<{ left: number; waitMs: number; used: number }> {
    const times = await spent(b);
    const limit = limitOf(b, use);
    const left = Math.max(0, limit - times.length);
    const waitMs = left > 0 ? 0 : Math.max(1, (times[times.length - limit] ?? 0) + windowMs - clock.now());
    return { left, waitMs, used: times.length };
  }

  async function msUntilAvailable(spender: Spender, use: BudgetUse = 'read') {
    const { key, share } = budgetsOf(spender);
    const waits = [(await room(key, use)).waitMs, share ? (await room(share, use)).waitMs : 0];
    return Math.max(...waits);
  }

  const limiter: RateLimiter = {
    perHour,
    reserved,
    async available(spender, use = 'read') {
      const { key, share } = budgetsOf(spender);
      const left = (await room(key, use)).left;
      return share ? Math.min(left, (await room(share, use)).left) : left;
    },
    msUntilAvailable,
    async tryTake(spender, use = 'read') {
      const { key, share } = budgetsOf(spender);
      const now = clock.now();
      let taken = true;
      if (share) {
        // The key is looked at first, so a share's token is not spent for a key that has none left; a race with
        // another workspace between the look and the spend costs this workspace one of its own tokens, never
        // another workspace's.
        taken =
          (await room(key, use)).left > 0 &&
          (await counter.trySpend(share.id, now, now - windowMs, limitOf(share, use)));
      }
      if (taken) taken = await counter.trySpend(key.id, now, now - windowMs, limitOf(key, use));
      options.onTake?.({ key: key.id, use, taken });
      return taken;
    },
    async take(spender, use = 'read', maxWaitMs = defaultMaxWait) {
      const deadline = clock.now() + maxWaitMs;
      for (let round = 0; round < MAX_WAIT_ROUNDS; round++) {
        if (await limiter.tryTake(spender, use)) return;
        const wait = await msUntilAvailable(spender, use);
        if (clock.now() + wait > deadline) throw await refusal(spender, use);
        await sleep(wait);
      }
      throw await refusal(spender, use);
    },
    async status(spender) {
      const { key, share } = budgetsOf(spender);
      const keyRoom = await room(key, 'command');
      const binding = share ?? key;
      const times = await spent(binding);
      const own = Math.max(0, limitOf(binding, 'command') - times.length);
      return {
        scope: binding.scope,
        perHour: binding.perHour,
        reserved: binding.reserved,
        used: times.length,
        leftForCommands: Math.min(own, keyRoom.left),
        ...(times[0] === undefined ? {} : { nextFreeAt: times[0] + windowMs }),
      };
    },
  };

  /** The refusal names the budget that is spent: the workspace's share when it is, else the key's. */
  async function refusal(spender: Spender, use: BudgetUse) {
    const { key, share } = budgetsOf(spender);
    const shareRoom = share ? await room(share, use) : undefined;
    const [b, r] = share && shareRoom && shareRoom.left === 0 ? [share, shareRoom] : [key, await room(key, use)];
    const { perHour: limit, reserved: kept, scope } = b;
    return new RateBudgetError({
      perHour: limit,
      reserved: kept,
      scope,
      used: r.used,
      use,
      now: clock.now(),
      waitMs: r.waitMs,
    });
  }
  return limiter;
}

/** 14:05 in UTC: the bot knows no channel's time zone. */
export function clockTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 16);
}
