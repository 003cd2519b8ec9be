// A gateway event can be delivered again (resume replay, several replicas on one token): each
// interaction id is handled once. With a Store the claim holds across replicas and restarts.
import type { Logger, Store } from '../core/ports.ts';

/** Interaction tokens live 15 minutes: after that a replay could not be answered anyway. */
const CLAIM_MS = 15 * 60_000;
/** Bounds the in-memory fallback. */
const MEMORY_IDS = 10_000;

export type FirstTime = (interactionId: string) => Promise<boolean>;

export function createInteractionDedupe(store: Store | undefined, logger: Logger): FirstTime {
  const seen = new Set<string>();
  return async (id) => {
    if (store) {
      try {
        return await store.claim(`discord:interaction:${id}`, CLAIM_MS);
      } catch (err) {
        // Answering twice is better than never answering: fall back to this process's memory.
        logger.warn({ err, interactionId: id }, 'interaction dedupe: store unavailable, using memory');
      }
    }
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > MEMORY_IDS) seen.delete(seen.values().next().value as string);
    return true;
  };
}
