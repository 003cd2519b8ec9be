// Opens the store STORE_URL names: SQLite (one file, the default), Redis (several replicas) or memory
// (tests, the console). Every operation on an unreachable store rejects with StoreUnavailableError.

import type { Clock, Store } from '../../core/ports.ts';
import { createMemoryStore } from './memory-store.ts';

export type StoreOptions =
  | { kind: 'sqlite'; path: string; operationTimeoutMs?: number }
  | {
      kind: 'redis';
      url: string;
      /** Put in front of every key so several bots can share one Redis; default KEY_PREFIX (redis-keys.ts). */
      prefix?: string;
      /** Where an earlier version kept the keys (no hash tag); the bot moves them to `prefix` at start. */
      legacyPrefix?: string;
      /** Bound on connecting; default 5000 ms. */
      timeoutMs?: number;
      /** Bound on each operation; default 2000 ms. */
      operationTimeoutMs?: number;
    }
  | { kind: 'memory' };

/** SQLite and memory are ready on return; Redis connects on first use, so call `ping()` at start-up. */
export async function openStore(options: StoreOptions, deps?: { clock?: Clock }): Promise<Store> {
  const clock = deps?.clock;
  switch (options.kind) {
    // Each driver is loaded only by the store that uses it, so no bot pays the memory and start-up of a
    // driver it never uses: a SQLite bot never loads the Redis client, a Redis one never loads sqlite3.
    case 'sqlite': {
      const { createSqliteStore } = await import('./sqlite-store.ts');
      return createSqliteStore({ ...options, ...(clock ? { clock } : {}) });
    }
    case 'redis': {
      const { createRedisStore } = await import('./redis-store.ts');
      return createRedisStore({ ...options, ...(clock ? { clock } : {}) });
    }
    case 'memory':
      return createMemoryStore(clock ? { clock } : {});
  }
}
