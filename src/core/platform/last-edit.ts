// What each card showed after its last edit, so an adapter never edits a card into what it already shows:
// a refresh whose line did not change would spend a platform's edit budget (Slack's Tier 3, Discord's
// per-route bucket) for nothing. In memory and bounded: forgetting only costs one redundant edit.

/**
 * How many times one change draws a card again when reading it back finds its record moved on: replicas
 * drawing over each other agree within a couple of rounds, and the bound keeps a disagreement from looping.
 */
export const MAX_CARD_REDRAWS = 5;

export interface LastEdit {
  /** Whether `content` is what `card` was last edited to (or posted with) by this process. */
  same(card: string, content: string): boolean;
  remember(card: string, content: string): void;
  forget(card: string): void;
}

export function createLastEdit(max = 5_000): LastEdit {
  const shown = new Map<string, string>();
  return {
    same: (card, content) => shown.get(card) === content,
    remember(card, content) {
      // Re-inserted so the map's order is least recently edited first, which is what is dropped.
      shown.delete(card);
      shown.set(card, content);
      if (shown.size > max) {
        const oldest = shown.keys().next();
        if (!oldest.done) shown.delete(oldest.value);
      }
    },
    forget: (card) => void shown.delete(card),
  };
}
