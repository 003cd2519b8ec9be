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
// This file composes three parts, each tested alone: the order of a method's waiting calls (call-queue.ts), what it
// spends in the shared window (method-budget.ts) and how fast it goes (method-rate.ts); here is the pump that sends
// each call when its turn comes and what follows Slack's answer.

import { createMemoryRateWindow, type RateWindow } from '../core/platform/rate-window.ts';
import type { CardEdit, Logger } from '../core/ports.ts';
import { type CallQueue, createCallQueue, EDIT_PRIORITY, type QueuedCall } from './call-queue.ts';
import { createMethodBudget, type MethodBudget } from './method-budget.ts';
import { createMethodRate, type MethodRate } from './method-rate.ts';
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

/** One method's lane in one workspace: its waiting calls, its rate, and the pump that sends them. */
interface Lane {
  budget: MethodBudget;
  rate: MethodRate;
  calls: CallQueue;
  blockedUntil: number;
  pumping: boolean;
  wake: () => void;
}

export function createSlackLimiter(options: SlackLimiterOptions): SlackLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const staleMs = options.staleMs ?? windowMs / 2;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const { window } = options;
  const lanes = new Map<string, Lane>();
  // Where a lane counts while the shared window is out of reach.
  const local = createMemoryRateWindow(now);
  let seq = 0;
  let abandoning = false;

  function laneOf(method: string, team: string | undefined): Lane {
    // Slack counts each method apart (per method, per workspace, per app); its tier says how many.
    const key = [options.workspace, ...(team ? [team] : []), method].join(':');
    let lane = lanes.get(key);
    if (!lane) {
      const limit = budgetOf(tierOf(method));
      lane = {
        budget: createMethodBudget({
          window,
          local,
          key,
          limit,
          windowMs,
          ...(options.logger ? { logger: options.logger } : {}),
        }),
        rate: createMethodRate(limit),
        calls: createCallQueue(),
        blockedUntil: 0,
        pumping: false,
        wake: () => {},
      };
      lanes.set(key, lane);
    }
    return lane;
  }

  const spacing = (lane: Lane) => lane.rate.spacingMs(windowMs);

  /** Sleeps up to `ms`, or less when a call joins the lane (it may be one that can go now). */
  function nap(lane: Lane, ms: number): Promise<void> {
    return Promise.race([
      sleep(ms),
      new Promise<void>((resolve) => {
        lane.wake = resolve;
      }),
    ]);
  }

  /** Drops a refresh that will not be sent, giving back its place in the refreshes' share. */
  function drop(lane: Lane, call: QueuedCall): void {
    lane.calls.remove(call);
    call.skip();
    if (!call.counted) return;
    call.counted = false;
    lane.budget.giveBackRefresh();
  }

  async function pump(lane: Lane): Promise<void> {
    if (lane.pumping) return;
    lane.pumping = true;
    try {
      while (lane.calls.size > 0 && !abandoning) {
        const blocked = lane.blockedUntil - now();
        if (blocked > 0) {
          await nap(lane, blocked);
          continue;
        }
        const call = lane.calls.next();
        if (!call) break;
        if (call.skippable && now() - call.queuedAt > staleMs) {
          drop(lane, call);
          continue;
        }
        if (call.skippable && !call.counted) {
          const got = await lane.budget.takeRefresh();
          if (!got.taken) {
            // A refresh waits no longer than until it goes stale, then gives way.
            await nap(lane, Math.max(1, Math.min(got.waitMs, call.queuedAt + staleMs - now() + 1)));
            continue;
          }
          call.counted = true;
          // Replaced by a newer edit of its card while it was being counted.
          if (!lane.calls.has(call)) {
            drop(lane, call);
            continue;
          }
        }
        const turn = await lane.budget.takeTurn(spacing(lane));
        if (!turn.taken) {
          await nap(lane, turn.waitMs);
          continue;
        }
        // The turn goes to the most urgent call now: one may have joined while the turn was being taken.
        const chosen = lane.calls.next();
        if (!chosen) break;
        if (chosen !== call && chosen.skippable && !chosen.counted) {
          // Not counted yet: it waits for a turn of its own, and this one goes to `call` if still queued.
          if (!lane.calls.has(call)) continue;
          lane.calls.remove(call);
          void start(lane, call);
          continue;
        }
        lane.calls.remove(chosen);
        void start(lane, chosen);
      }
    } finally {
      lane.pumping = false;
    }
  }

  /** The call was answered (or gave up): the next edit of its card may go. */
  function answered(lane: Lane, call: QueuedCall): void {
    if (!lane.calls.answered(call)) return;
    lane.wake();
    void pump(lane);
  }

  async function start(lane: Lane, call: QueuedCall): Promise<void> {
    call.sentAt = now();
    lane.calls.sending(call);
    try {
      const value = await call.run();
      if (value === NOT_SENT) {
        // Its turn came and the edit was no longer wanted (its card moved on): the turn is given back.
        lane.budget.giveBackTurn(spacing(lane));
        if (call.counted) lane.budget.giveBackRefresh();
        call.skip();
        answered(lane, call);
        return;
      }
      lane.rate.succeeded();
      call.done(value);
      answered(lane, call);
    } catch (error) {
      const wait = retryAfterMs(error);
      if (wait === undefined || abandoning) {
        call.fail(error);
        answered(lane, call);
        return;
      }
      options.onRateLimited?.(call.method);
      lane.rate.refused(call.sentAt, now());
      // The method waits, not the channel: Slack counts it per workspace. The call keeps its place in the
      // refreshes' share and its turn in the lane: sent again, it does not count twice.
      lane.blockedUntil = Math.max(lane.blockedUntil, now() + wait);
      // Slack refuses every replica until then.
      lane.budget.block(wait);
      if (lane.calls.giveWay(call)) drop(lane, call);
      lane.wake();
      void pump(lane);
    }
  }

  function enqueue(call: QueuedCall, team: string | undefined): void {
    if (abandoning) {
      call.fail(new PaceAbandonedError(call.method));
      return;
    }
    const lane = laneOf(call.method, team);
    const replaced = lane.calls.add(call);
    if (replaced === 'not queued') {
      call.skip();
      return;
    }
    for (const older of replaced) drop(lane, older);
    lane.wake();
    void pump(lane);
  }

  const queued = (method: string, task: () => Promise<unknown>, priority: number, card?: string) => ({
    method,
    priority,
    seq: seq++,
    ...(card !== undefined ? { card } : {}),
    queuedAt: now(),
    counted: false,
    sentAt: 0,
    run: task,
  });

  return {
    call<T>(method: string, task: () => Promise<T>, team?: string) {
      return new Promise<T>((resolve, reject) => {
        enqueue(
          {
            ...queued(method, task, 0),
            skippable: false,
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
            ...queued(method, task, EDIT_PRIORITY[kind], card),
            skippable: kind !== 'final',
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
      const busy = () => [...lanes.values()].some((lane) => lane.calls.size > 0);
      while (busy() && Date.now() < deadline) await realSleep(Math.min(25, Math.max(1, deadline - Date.now())));
      abandoning = true;
      let refused = 0;
      for (const lane of lanes.values()) {
        for (const call of lane.calls.takeAll()) {
          refused++;
          call.fail(new PaceAbandonedError(call.method));
        }
        lane.wake();
      }
      return refused;
    },
  };
}
