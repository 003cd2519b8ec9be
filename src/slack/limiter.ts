// Every Slack Web API call but chat.postMessage waits here for its turn in its method's budget, counted per
// workspace in a RateWindow shared by all replicas. Slack does not say how it counts a tier (fixed minutes,
// a sliding minute or a bucket tolerating short bursts), so calls go one at a time, evenly spaced through
// the window, never in a burst as a window opens: every one of those algorithms accepts that. A 429 lowers
// the method's rate and each run of successes raises it back by one call a window, so a server stricter
// than documented is met too. Each method has its own queue, so a 429 on chat.update waits its Retry-After
// there, never in a channel's post lane (results keep flowing); the wait is recorded in the shared window too,
// so the other replicas wait it out as well instead of each drawing a 429 of its own. Inside a queue, what
// someone waits for goes first (a card's final state, a command's answer); a card's progress refresh is
// coalesced with a newer one for the same card, may only spend what the reserve leaves, and is skipped when it
// could not go for a while: fifty running jobs refreshing once a minute spend a whole tier. One card's edits go
// one at a time, so two are never on their way at once for Slack to carry out in either order, and a change
// never follows its card's final state, not even sent again after a 429 (core/platform/card-order.ts).

import { createEndedCards } from '../core/platform/card-order.ts';
import { createMemoryRateWindow, type RateWindow } from '../core/platform/rate-window.ts';
import type { CardEdit, Logger } from '../core/ports.ts';
import { PaceAbandonedError, realSleep, retryAfterMs, type Sleep } from './pace.ts';
import { budgetOf, tierOf } from './tiers.ts';

/** What an edit's task answers when, its turn come, it was not sent after all: the edit resolves false. */
export const NOT_SENT: unique symbol = Symbol('not sent');

export interface SlackLimiterOptions {
  /** The workspace's budgets, shared by the replicas (Redis) or this process's own (memory). */
  window: RateWindow;
  /** Whose budgets: replicas with one bot token share them (a call may add a team to it). */
  workspace: string;
  /** Slack's window (60 s); a test that compresses time shortens it. */
  windowMs?: number;
  /** A refresh still waiting after this long is dropped: the next one shows newer progress anyway (default half the window). */
  staleMs?: number;
  /** Each 429 Slack answered, by method (counted in /metrics). */
  onRateLimited?: (method: string) => void;
  /** Where a Retry-After that could not be shared is noted (debug: this process waits it out anyway). */
  logger?: Logger;
  now?: () => number;
  sleep?: Sleep;
}

export interface SlackLimiter {
  /**
   * Runs one call of `method` within its budget, waiting out 429s; never dropped. `team` names the
   * workspace inside the bot token's budget when one token serves several (counted apart).
   */
  call<T>(method: string, task: () => Promise<T>, team?: string): Promise<T>;
  /**
   * Runs one edit of `card` within its method's budget, once the card's edit before it was answered: a final
   * state waits as long as it takes; a change or a refresh may be replaced by a newer edit of the same card
   * or skipped when the budget is short, and is not sent after a final state of its card. Resolves false
   * when it was not sent.
   */
  edit(method: string, card: string, kind: CardEdit, task: () => Promise<unknown>, team?: string): Promise<boolean>;
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
  /** A refresh that was counted in the refreshes' share (given back if it is never sent). */
  counted: boolean;
  /** When it was last sent (a 429 lowers the rate once for the calls sent before the cut). */
  sentAt: number;
  run(): Promise<unknown>;
  done(value: unknown): void;
  /** Not sent: replaced by a newer edit of its card, or stale. */
  skip(): void;
  fail(error: unknown): void;
}

interface Queue {
  key: string;
  /** The bot's budget for the method a window (90 % of Slack's tier). */
  limit: number;
  /** What refreshes may not spend. */
  reserve: number;
  /** Calls a window the method goes at now: the limit, lowered by 429s and raised back by successes. */
  rate: number;
  successes: number;
  cutAt: number;
  entries: Entry[];
  /** Cards with an edit on its way: their next edit waits for its answer. */
  sending: Set<string>;
  blockedUntil: number;
  pumping: boolean;
  wake: () => void;
}

const PRIORITY: Record<CardEdit, number> = { final: 0, change: 1, progress: 2 };
/** What a refresh may not spend: room kept in each window for final states and answers people wait for. */
const RESERVE_SHARE = 0.4;
/** A 429 cuts the rate to this share of itself (multiplicative decrease: the server is stricter than we thought). */
const CUT = 0.7;
/** The rate never goes below this share of the budget: the server's limit is a tier, not a trickle. */
const FLOOR_SHARE = 0.25;
/** Successes in a row that raise the rate by one call a window (slow additive increase after a cut). */
const RAISE_AFTER = 5;

export function createSlackLimiter(options: SlackLimiterOptions): SlackLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const staleMs = options.staleMs ?? windowMs / 2;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const { window } = options;
  const queues = new Map<string, Queue>();
  const ended = createEndedCards();
  let seq = 0;
  let abandoning = false;

  function queueOf(method: string, team: string | undefined): Queue {
    // Slack counts each method apart (per method, per workspace, per app); its tier says how many.
    const key = [options.workspace, ...(team ? [team] : []), method].join(':');
    let q = queues.get(key);
    if (!q) {
      const limit = budgetOf(tierOf(method));
      q = {
        key,
        limit,
        reserve: Math.floor(limit * RESERVE_SHARE),
        rate: limit,
        successes: 0,
        cutAt: 0,
        entries: [],
        sending: new Set(),
        blockedUntil: 0,
        pumping: false,
        wake: () => {},
      };
      queues.set(key, q);
    }
    return q;
  }

  /** One call per interval: the rate's calls spread evenly over the window. */
  const spacingOf = (q: Queue) => Math.max(1, Math.ceil(windowMs / q.rate));
  /** Every call of the method takes its turn here, so a Retry-After recorded here holds all of them. */
  const turnOf = (q: Queue) => `${q.key}:spacing`;
  const refreshes = (q: Queue) => ({ key: `${q.key}:refresh`, limit: q.limit - q.reserve });

  /** Sleeps up to `ms`, or less when a call joins the queue (it may be one that can go now). */
  function nap(q: Queue, ms: number): Promise<void> {
    return Promise.race([
      sleep(ms),
      new Promise<void>((resolve) => {
        q.wake = resolve;
      }),
    ]);
  }

  /** The most urgent call that may go: none of a card whose edit before it is still on its way. */
  function next(q: Queue): Entry | undefined {
    let best: Entry | undefined;
    for (const e of q.entries) {
      if (e.card !== undefined && q.sending.has(e.card)) continue;
      if (!best || e.priority < best.priority || (e.priority === best.priority && e.seq < best.seq)) best = e;
    }
    return best;
  }

  const remove = (q: Queue, e: Entry) => {
    q.entries = q.entries.filter((x) => x !== e);
  };

  /** Drops a refresh that will not be sent, giving back its place in the refreshes' share. */
  function drop(q: Queue, e: Entry): void {
    remove(q, e);
    e.skip();
    if (!e.counted) return;
    e.counted = false;
    const r = refreshes(q);
    void window.giveBack(r.key, r.limit, windowMs).catch(() => undefined);
  }

  // The shared count out of reach (Redis down): this process counts alone meanwhile, so its own calls keep
  // their spacing (the replicas together may then draw 429s, which lower each one's rate).
  const local = createMemoryRateWindow(now);
  const take = (key: string, limit: number, ms: number) =>
    window.take(key, limit, ms).catch(() => local.take(key, limit, ms));

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
          drop(q, entry);
          continue;
        }
        if (entry.skippable && !entry.counted) {
          const r = refreshes(q);
          const got = await take(r.key, r.limit, windowMs);
          if (!got.taken) {
            // A refresh waits no longer than until it goes stale, then gives way.
            await nap(q, Math.max(1, Math.min(got.waitMs, entry.queuedAt + staleMs - now() + 1)));
            continue;
          }
          entry.counted = true;
          // Replaced by a newer edit of its card while it was being counted.
          if (!q.entries.includes(entry)) {
            drop(q, entry);
            continue;
          }
        }
        const turn = await take(turnOf(q), 1, spacingOf(q));
        if (!turn.taken) {
          await nap(q, turn.waitMs);
          continue;
        }
        // The turn goes to the most urgent call now: one may have joined while the turn was being taken.
        const chosen = next(q);
        if (!chosen) break;
        if (chosen !== entry && chosen.skippable && !chosen.counted) {
          // Not counted yet: it waits for a turn of its own, and this one goes to `entry` if still queued.
          if (!q.entries.includes(entry)) continue;
          remove(q, entry);
          void start(q, entry);
          continue;
        }
        remove(q, chosen);
        void start(q, chosen);
      }
    } finally {
      q.pumping = false;
    }
  }

  /** The card's edit was answered: the next edit of it may go. */
  function answered(q: Queue, entry: Entry): void {
    if (entry.card === undefined) return;
    q.sending.delete(entry.card);
    if (q.entries.some((e) => e.card === entry.card)) {
      q.wake();
      void pump(q);
    }
  }

  async function start(q: Queue, entry: Entry): Promise<void> {
    entry.sentAt = now();
    if (entry.card !== undefined) q.sending.add(entry.card);
    try {
      const value = await entry.run();
      if (value === NOT_SENT) {
        // Its turn came and the edit was no longer wanted (its card moved on): the turn is given back.
        void window.giveBack(turnOf(q), 1, spacingOf(q)).catch(() => undefined);
        if (entry.counted) {
          const r = refreshes(q);
          void window.giveBack(r.key, r.limit, windowMs).catch(() => undefined);
        }
        entry.skip();
        answered(q, entry);
        return;
      }
      if (q.rate < q.limit && ++q.successes >= RAISE_AFTER) {
        q.rate++;
        q.successes = 0;
      }
      entry.done(value);
      answered(q, entry);
    } catch (error) {
      const wait = retryAfterMs(error);
      if (wait === undefined || abandoning) {
        entry.fail(error);
        answered(q, entry);
        return;
      }
      options.onRateLimited?.(entry.method);
      // Once for the calls sent before the cut: they met the old rate, not the new one.
      if (entry.sentAt >= q.cutAt) {
        q.rate = Math.max(Math.ceil(q.limit * FLOOR_SHARE), Math.floor(q.rate * CUT));
        q.cutAt = now();
        q.successes = 0;
      }
      // The method waits, not the channel: Slack counts it per workspace. The call keeps its place in the
      // refreshes' share and its turn in the queue: sent again, it does not count twice.
      q.blockedUntil = Math.max(q.blockedUntil, now() + wait);
      // Slack refuses every replica until then; out of reach (Redis down), the others draw their own 429s.
      void window
        .block(turnOf(q), wait)
        .catch((error: unknown) =>
          options.logger?.debug(
            { err: error, method: entry.method },
            'slack: Retry-After not shared with the replicas',
          ),
        );
      if (entry.card !== undefined) q.sending.delete(entry.card);
      // A newer edit of its card joined while it was on its way: a change gives way to it, never sent after it
      // (a final state keeps its turn before the edits that followed it).
      if (entry.card !== undefined && entry.skippable && q.entries.some((e) => e.card === entry.card)) drop(q, entry);
      else q.entries.push(entry);
      q.wake();
      void pump(q);
    }
  }

  function enqueue(entry: Entry, team: string | undefined): void {
    if (abandoning) {
      entry.fail(new PaceAbandonedError(entry.method));
      return;
    }
    const q = queueOf(entry.method, team);
    if (entry.card !== undefined) {
      const card = `${q.key}:${entry.card}`;
      // A final state asked for before is the last word: a change or a refresh rendered before it (a read
      // that outlasted the final edit) has nothing to add, and sent after it would undo it.
      if (entry.skippable && ended.has(card)) {
        entry.skip();
        return;
      }
      if (!entry.skippable) ended.add(card);
      for (const queued of q.entries.filter((e) => e.card === entry.card && e.skippable)) drop(q, queued);
    }
    q.entries.push(entry);
    q.wake();
    void pump(q);
  }

  return {
    call<T>(method: string, task: () => Promise<T>, team?: string) {
      return new Promise<T>((resolve, reject) => {
        enqueue(
          {
            method,
            priority: 0,
            seq: seq++,
            skippable: false,
            queuedAt: now(),
            counted: false,
            sentAt: 0,
            run: task,
            done: (v) => resolve(v as T),
            skip: () => reject(new Error(`${method} was dropped`)),
            fail: reject,
          },
          team,
        );
      });
    },
    edit(method, card, kind, task, team) {
      return new Promise<boolean>((resolve, reject) => {
        enqueue(
          {
            method,
            priority: PRIORITY[kind],
            seq: seq++,
            card,
            skippable: kind !== 'final',
            queuedAt: now(),
            counted: false,
            sentAt: 0,
            run: task,
            done: () => resolve(true),
            skip: () => resolve(false),
            fail: reject,
          },
          team,
        );
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
