// Every Slack Web API call but chat.postMessage waits here for room in its method tier's budget, counted per
// workspace in a RateWindow shared by all replicas. Each tier has its own queue, so a 429 on chat.update
// waits its Retry-After in the Tier 3 queue, never in a channel's post lane (results keep flowing). Inside a
// queue, what someone waits for goes first (a card's final state, a command's answer); a card's progress
// refresh is coalesced with a newer one for the same card, may only spend what the reserve leaves, and is
// skipped when it could not go for a while: fifty running jobs refreshing once a minute spend a whole tier.

import type { RateWindow } from '../core/platform/rate-window.ts';
import type { CardEdit } from '../core/ports.ts';
import { PaceAbandonedError, realSleep, retryAfterMs, type Sleep } from './pace.ts';
import { budgetOf, tierOf } from './tiers.ts';

export interface SlackLimiterOptions {
  /** The workspace's budgets, shared by the replicas (Redis) or this process's own (memory). */
  window: RateWindow;
  /** Whose budgets: replicas with one bot token share them. */
  workspace: string;
  /** Slack's window (60 s); a test that compresses time shortens it. */
  windowMs?: number;
  /** A refresh still waiting after this long is dropped: the next one shows newer progress anyway (default half the window). */
  staleMs?: number;
  /** Each 429 Slack answered, by method (counted in /metrics). */
  onRateLimited?: (method: string) => void;
  now?: () => number;
  sleep?: Sleep;
}

export interface SlackLimiter {
  /** Runs one call of `method` within its tier's budget, waiting out 429s; never dropped. */
  call<T>(method: string, task: () => Promise<T>): Promise<T>;
  /**
   * Runs one edit of `card` within its tier's budget: a final state waits as long as it takes; a change or
   * a refresh may be replaced by a newer edit of the same card or skipped when the budget is short.
   * Resolves false when it was not sent.
   */
  edit(method: string, card: string, kind: CardEdit, task: () => Promise<unknown>): Promise<boolean>;
  /**
   * At shutdown: waits up to `withinMs` for the queues to empty, then refuses what has not started
   * (PaceAbandonedError, so a final state stays owed and is shown after the restart). Resolves how many.
   */
  drain(withinMs: number): Promise<number>;
}

interface Entry {
  method: string;
  priority: number;
  seq: number;
  card?: string;
  skippable: boolean;
  queuedAt: number;
  run(): Promise<unknown>;
  done(value: unknown): void;
  /** Not sent: replaced by a newer edit of its card, or stale. */
  skip(): void;
  fail(error: unknown): void;
}

interface Queue {
  key: string;
  limit: number;
  reserve: number;
  entries: Entry[];
  blockedUntil: number;
  pumping: boolean;
  wake: () => void;
}

const PRIORITY: Record<CardEdit, number> = { final: 0, change: 1, progress: 2 };
/** What a refresh may not spend: room kept in each window for final states and answers people wait for. */
const RESERVE_SHARE = 0.4;

export function createSlackLimiter(options: SlackLimiterOptions): SlackLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const staleMs = options.staleMs ?? windowMs / 2;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const queues = new Map<string, Queue>();
  let seq = 0;
  let abandoning = false;

  function queueOf(method: string): Queue {
    const tier = tierOf(method);
    const key = `${options.workspace}:tier${tier}`;
    let q = queues.get(key);
    if (!q) {
      const limit = budgetOf(tier);
      q = {
        key,
        limit,
        reserve: Math.floor(limit * RESERVE_SHARE),
        entries: [],
        blockedUntil: 0,
        pumping: false,
        wake: () => {},
      };
      queues.set(key, q);
    }
    return q;
  }

  /** Sleeps up to `ms`, or less when a call joins the queue (it may be one that can go now). */
  function nap(q: Queue, ms: number): Promise<void> {
    return Promise.race([
      sleep(ms),
      new Promise<void>((resolve) => {
        q.wake = resolve;
      }),
    ]);
  }

  function next(q: Queue): Entry | undefined {
    let best: Entry | undefined;
    for (const e of q.entries)
      if (!best || e.priority < best.priority || (e.priority === best.priority && e.seq < best.seq)) best = e;
    return best;
  }

  const remove = (q: Queue, e: Entry) => {
    q.entries = q.entries.filter((x) => x !== e);
  };

  async function pump(q: Queue): Promise<void> {
    if (q.pumping) return;
    q.pumping = true;
    try {
      while (q.entries.length > 0 && !abandoning) {
        const blocked = q.blockedUntil - now();
        if (blocked > 0) {
          await nap(q, blocked);
          continue;
        }
        const entry = next(q);
        if (!entry) break;
        if (entry.skippable && now() - entry.queuedAt > staleMs) {
          remove(q, entry);
          entry.skip();
          continue;
        }
        const got = await options.window
          .take(q.key, q.limit, windowMs, entry.skippable ? q.reserve : 0)
          // The shared count is out of reach (Redis down): send anyway; Slack's own 429s still pace us.
          .catch(() => ({ taken: true, waitMs: 0 }));
        if (!got.taken) {
          // A refresh waits no longer than until it goes stale, then gives way.
          const stale = entry.queuedAt + staleMs - now() + 1;
          await nap(q, entry.skippable ? Math.max(1, Math.min(got.waitMs, stale)) : got.waitMs);
          continue;
        }
        remove(q, entry);
        void start(q, entry);
      }
    } finally {
      q.pumping = false;
    }
  }

  async function start(q: Queue, entry: Entry): Promise<void> {
    try {
      entry.done(await entry.run());
    } catch (error) {
      const wait = retryAfterMs(error);
      if (wait === undefined || abandoning) {
        entry.fail(error);
        return;
      }
      options.onRateLimited?.(entry.method);
      // The whole tier waits, not the channel: Slack counts the tier per workspace.
      q.blockedUntil = Math.max(q.blockedUntil, now() + wait);
      q.entries.push(entry);
      void pump(q);
    }
  }

  function enqueue(entry: Entry): void {
    if (abandoning) {
      entry.fail(new PaceAbandonedError(entry.method));
      return;
    }
    const q = queueOf(entry.method);
    if (entry.card !== undefined) {
      for (const queued of q.entries.filter((e) => e.card === entry.card)) {
        // A final state already waiting is the last word: a refresh rendered before it has nothing to add.
        if (!queued.skippable && entry.skippable) {
          entry.skip();
          return;
        }
        if (queued.skippable) {
          remove(q, queued);
          queued.skip();
        }
      }
    }
    q.entries.push(entry);
    q.wake();
    void pump(q);
  }

  return {
    call<T>(method: string, task: () => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        enqueue({
          method,
          priority: 0,
          seq: seq++,
          skippable: false,
          queuedAt: now(),
          run: task,
          done: (v) => resolve(v as T),
          skip: () => reject(new Error(`${method} was dropped`)),
          fail: reject,
        });
      });
    },
    edit(method, card, kind, task) {
      return new Promise<boolean>((resolve, reject) => {
        enqueue({
          method,
          priority: PRIORITY[kind],
          seq: seq++,
          card,
          skippable: kind !== 'final',
          queuedAt: now(),
          run: task,
          done: () => resolve(true),
          skip: () => resolve(false),
          fail: reject,
        });
      });
    },
    async drain(withinMs) {
      // Real time on purpose: a stop deadline is about the container's kill timer, not an injected clock.
      const deadline = Date.now() + withinMs;
      const busy = () => [...queues.values()].some((q) => q.entries.length > 0);
      while (busy() && Date.now() < deadline) await realSleep(Math.min(25, Math.max(1, deadline - Date.now())));
      abandoning = true;
      let refused = 0;
      for (const q of queues.values()) {
        for (const e of q.entries) {
          refused++;
          e.fail(new PaceAbandonedError(e.method));
        }
        q.entries = [];
        q.wake();
      }
      return refused;
    },
  };
}
