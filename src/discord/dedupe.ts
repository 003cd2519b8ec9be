// A gateway event can be delivered again (resume replay, several replicas on one token): each
// interaction id is handled once. With a Store the claim holds across replicas and restarts.
import type { Logger, Store } from '../core/ports.ts';

/** Interaction tokens live 15 minutes: after that a replay could not be answered anyway. */
const CLAIM_MS = 15 * 60_000;
/** Bounds the in-memory fallback. */
const MEMORY_IDS = 10_000;
/**
 * Discord wants the first answer within 3 s, and a store may take its full 5 s timeout (Redis, SQLite
 * busy) before failing: past this wait the claim is not awaited and this process's memory decides.
 * Answering twice is impossible anyway — Discord refuses a second acknowledgement (40060).
 */
const STORE_WAIT_MS = 300;

export type FirstTime = (interactionId: string) => Promise<boolean>;

export interface DedupeOptions {
  /** How long the store's claim may take before memory decides; default 300 ms. */
  storeWaitMs?: number;
}

type Claimed = { won: boolean } | { slow: true } | { failed: unknown };

export function createInteractionDedupe(
  store: Store | undefined,
  logger: Logger,
  options: DedupeOptions = {},
): FirstTime {
  const waitMs = options.storeWaitMs ?? STORE_WAIT_MS;
  const seen = new Set<string>();
  let warned = false;
  const firstInMemory = (id: string): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > MEMORY_IDS) seen.delete(seen.values().next().value as string);
    return true;
  };
  return async (id) => {
    // Every id is remembered here too, so a replay while the store is slow is still caught.
    const first = firstInMemory(id);
    if (!store) return first;
    const claimed = await claimWithin(store, `discord:interaction:${id}`, waitMs);
    if ('won' in claimed) {
      warned = false;
      return claimed.won && first;
    }
    // Once per outage: every interaction would otherwise repeat it.
    if (!warned) {
      warned = true;
      const why = 'slow' in claimed ? { reason: `no answer within ${waitMs} ms` } : { err: claimed.failed };
      logger.warn({ ...why, interactionId: id }, 'interaction dedupe: store unavailable, using memory');
    }
    return first;
  };
}

/** The claim's answer, or why there is none in time. Never rejects. */
async function claimWithin(store: Store, key: string, waitMs: number): Promise<Claimed> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Claimed>((resolve) => {
    timer = setTimeout(() => resolve({ slow: true }), waitMs);
  });
  try {
    // A claim still pending when the wait ends lands later (or fails) unobserved; race keeps it handled.
    return await Promise.race([store.claim(key, CLAIM_MS).then((won) => ({ won })), late]);
  } catch (failed) {
    return { failed };
  } finally {
    clearTimeout(timer);
  }
}
