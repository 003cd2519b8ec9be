// Expired rows in the SQLite store are otherwise removed only when read, and claim rows are never
// read again: every Discord interaction and Slack event leaves one behind. This deletes them (and
// expired entries) now and then, in short batches, so the file stops growing with traffic.
import type { Clock } from '../../core/ports.ts';

/** At most one sweep per 10 minutes: a full-table scan is cheap at that rate, wasteful per request. */
export const SWEEP_EVERY_MS = 10 * 60_000;
/** Rows per DELETE, so another process waiting for SQLite's write lock waits only briefly. */
const BATCH = 500;
/** Bounds one sweep to 50,000 rows; whatever is left waits for the next one. */
const MAX_BATCHES = 100;

export type Query = (sql: string, ...params: unknown[]) => Promise<unknown[]>;

export interface Sweeper {
  /** Starts a sweep in the background unless one ran (or runs) within the last 10 minutes. */
  poke(): void;
  /** Waits for a sweep in progress and starts no more. */
  stop(): Promise<void>;
}

/**
 * Rows are keyv's `{"value":…,"expires":…}`: a claim's expiry is `expires`, an entry's is the
 * envelope's `value.exp` (both by the store's clock, as backend.ts and the claim upsert judge them).
 */
export function createSqliteSweeper(query: Query, table: string, clock: Clock): Sweeper {
  let last = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  let stopped = false;
  const expiredBatch = `DELETE FROM ${table} WHERE key IN (
      SELECT key FROM ${table}
      WHERE CASE WHEN json_valid(value)
        THEN coalesce(json_extract(value, '$.value.exp'), json_extract(value, '$.expires')) END <= ?
      LIMIT ${BATCH}
    ) RETURNING key`;
  const sweep = async (now: number) => {
    for (let i = 0; i < MAX_BATCHES && !stopped; i++) {
      const deleted = await query(expiredBatch, now);
      if (deleted.length < BATCH) return;
    }
  };
  return {
    poke() {
      const now = clock.now();
      if (stopped || running || now - last < SWEEP_EVERY_MS) return;
      last = now;
      // A failed sweep (the file busy past its timeout) is retried by the next one; the rows wait.
      running = sweep(now)
        .catch(() => undefined)
        .finally(() => {
          running = undefined;
        });
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
