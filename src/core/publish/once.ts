// The one place a publish attempt is claimed. The API has no idempotency key, so a second call would be
// a second post: the claim never expires on its own (a restart mid-call leaves it taken, and the request
// is shown as "outcome unknown" rather than posted again). Meant to move onto the store's `once` module.
import type { Store } from '../ports.ts';

/** Longer than any request lives: in effect, never. */
const FOREVER_MS = 100 * 365 * 24 * 3600_000;

/** True for exactly one caller, ever, across every process sharing the store. */
export function claimOnce(store: Store, key: string): Promise<boolean> {
  return store.claim(`once:${key}`, FOREVER_MS);
}

/**
 * Runs `fn` holding a short lock on `key` (read-modify-write of one request by two clicks, two
 * replicas). The lock expires by itself after `ttlMs` should its holder die.
 */
export async function withLock<T>(store: Store, key: string, fn: () => Promise<T>, ttlMs = 10_000): Promise<T> {
  const deadline = Date.now() + ttlMs + 2_000;
  while (!(await store.claim(`lock:${key}`, ttlMs))) {
    if (Date.now() > deadline) throw new Error(`lock ${key} stayed taken`);
    await new Promise((r) => setTimeout(r, 15 + Math.random() * 30));
  }
  try {
    return await fn();
  } finally {
    await store.release(`lock:${key}`);
  }
}
