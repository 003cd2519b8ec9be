// The calls of one Slack method waiting for their turn, in the order they go: what someone waits for first (a card's
// final state, a command's answer), then changes, then progress refreshes, each by arrival. One card's edits go one
// at a time, so two are never on their way at once for Slack to carry out in either order; a waiting change or
// refresh gives way to a newer edit of its card; and once a card was given its final state, no change or refresh of
// it is queued after (the rule of core/platform/card-order.ts). No timing and no I/O here: the limiter decides when.
import { createEndedCards } from '../core/platform/card-order.ts';
import type { CardEdit } from '../core/ports.ts';

export interface QueuedCall {
  method: string;
  /** 0 goes first: a final state or a call someone waits for; then changes, then refreshes. */
  priority: number;
  seq: number;
  card?: string;
  /** A change or a refresh: replaced by a newer edit of its card, skipped when stale or after the card's final state. */
  skippable: boolean;
  queuedAt: number;
  /** A refresh that was counted in the refreshes' share (given back if it is never sent). */
  counted: boolean;
  /** When it was last sent (a 429 cuts the rate once for the calls sent before the cut). */
  sentAt: number;
  run(): Promise<unknown>;
  done(value: unknown): void;
  /** Not sent: replaced by a newer edit of its card, stale, or no longer wanted. */
  skip(): void;
  fail(error: unknown): void;
}

export const EDIT_PRIORITY: Record<CardEdit, number> = { final: 0, change: 1, progress: 2 };

export interface CallQueue {
  readonly size: number;
  /**
   * Queues `call`. Returns the queued edits of the same card it replaces (to be dropped), or 'not queued' when it
   * is a change or a refresh of a card already given its final state (it is not wanted).
   */
  add(call: QueuedCall): QueuedCall[] | 'not queued';
  /** The most urgent call that may go: none of a card whose edit before it is still on its way. */
  next(): QueuedCall | undefined;
  has(call: QueuedCall): boolean;
  remove(call: QueuedCall): void;
  /** `call` is on its way: the next edit of its card waits for its answer. */
  sending(call: QueuedCall): void;
  /** Its answer came (or it will be sent again): true when an edit of its card waits and may now go. */
  answered(call: QueuedCall): boolean;
  /**
   * A call Slack refused (429) goes back to wait its turn again, unless it is a change or a refresh of a card with a
   * newer edit waiting: then it gives way (never sent after it) and true is answered, so it is dropped.
   */
  giveWay(call: QueuedCall): boolean;
  /** Empties the queue (at shutdown), answering what was in it. */
  takeAll(): QueuedCall[];
}

export function createCallQueue(): CallQueue {
  let calls: QueuedCall[] = [];
  const onTheirWay = new Set<string>();
  const ended = createEndedCards();
  const remove = (call: QueuedCall) => {
    calls = calls.filter((c) => c !== call);
  };
  const waitingFor = (card: string) => calls.some((c) => c.card === card);
  return {
    get size() {
      return calls.length;
    },
    add(call) {
      let replaced: QueuedCall[] = [];
      if (call.card !== undefined) {
        // A final state asked for before is the last word: a change or a refresh rendered before it (a read that
        // outlasted the final edit) has nothing to add, and sent after it would undo it.
        if (call.skippable && ended.has(call.card)) return 'not queued';
        if (!call.skippable) ended.add(call.card);
        replaced = calls.filter((c) => c.card === call.card && c.skippable);
        for (const c of replaced) remove(c);
      }
      calls.push(call);
      return replaced;
    },
    next() {
      let best: QueuedCall | undefined;
      for (const c of calls) {
        if (c.card !== undefined && onTheirWay.has(c.card)) continue;
        if (!best || c.priority < best.priority || (c.priority === best.priority && c.seq < best.seq)) best = c;
      }
      return best;
    },
    has: (call) => calls.includes(call),
    remove,
    sending(call) {
      if (call.card !== undefined) onTheirWay.add(call.card);
    },
    answered(call) {
      if (call.card === undefined) return false;
      onTheirWay.delete(call.card);
      return waitingFor(call.card);
    },
    giveWay(call) {
      if (call.card !== undefined) onTheirWay.delete(call.card);
      // A change gives way to a newer edit of its card; a final state keeps its turn before the edits that followed.
      if (call.card !== undefined && call.skippable && waitingFor(call.card)) return true;
      calls.push(call);
      return false;
    },
    takeAll() {
      const all = calls;
      calls = [];
      return all;
    },
  };
}
