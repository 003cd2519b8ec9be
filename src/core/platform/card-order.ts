// The order of one card's edits. Two edits of one message on their way at once may be carried out in
// either order, and an edit drawn from an earlier read may be asked for after the card's final state: either
// way "Working on it" would land over "Done" until a read-back drew it again. So an adapter sends one edit of
// a card at a time, a waiting change gives way to a newer edit of its card, and a change or a refresh asked
// for once the card was given its final state is not sent. Slack's limiter does this inside its queues
// (src/slack/limiter.ts), since a final state there also goes before other cards' edits; `createCardLanes`
// does it for an adapter whose client has no such queue.
import type { CardEdit } from './chat-port.ts';

/** Cards this process was asked to give a final state: nothing but a final state is sent to them after. */
export interface EndedCards {
  has(card: string): boolean;
  add(card: string): void;
}

/** In memory and bounded: forgetting a card only lets a late change through, which its read-back redraws. */
export function createEndedCards(max = 5_000): EndedCards {
  const ended = new Set<string>();
  return {
    has: (card) => ended.has(card),
    add(card) {
      // Re-inserted so the set's order is least recently ended first, which is what is dropped.
      ended.delete(card);
      ended.add(card);
      if (ended.size > max) {
        const oldest = ended.values().next();
        if (!oldest.done) ended.delete(oldest.value);
      }
    },
  };
}

export interface CardLanes {
  /**
   * Runs `send`, one edit of `card`, once the card's edit before it was answered. Resolves true once it was
   * made, false when it was not sent: a change or a refresh replaced by a newer edit of its card while it
   * waited, or asked for after a final state of its card. Final states are never replaced (each is owed).
   */
  edit(card: string, kind: CardEdit, send: () => Promise<unknown>): Promise<boolean>;
}

interface Waiting {
  final: boolean;
  /** Resolves false when, its turn come, it was not sent after all. */
  send: () => Promise<unknown>;
  resolve(shown: boolean): void;
  reject(error: unknown): void;
}

export function createCardLanes(ended: EndedCards = createEndedCards()): CardLanes {
  /** The edits waiting behind the one on its way, by card; a card is here while one of its edits is. */
  const lanes = new Map<string, Waiting[]>();

  async function run(card: string, edit: Waiting): Promise<void> {
    try {
      edit.resolve((await edit.send()) !== false);
    } catch (err) {
      edit.reject(err);
    }
    const next = lanes.get(card)?.shift();
    if (next) void run(card, next);
    else lanes.delete(card);
  }

  return {
    edit(card, kind, send) {
      const final = kind === 'final';
      if (!final && ended.has(card)) return Promise.resolve(false);
      if (final) ended.add(card);
      return new Promise<boolean>((resolve, reject) => {
        const edit: Waiting = { final, send, resolve, reject };
        const waiting = lanes.get(card);
        if (!waiting) {
          lanes.set(card, []);
          void run(card, edit);
          return;
        }
        for (const older of waiting.filter((w) => !w.final)) older.resolve(false);
        lanes.set(card, [...waiting.filter((w) => w.final), edit]);
      });
    },
  };
}
