// The SQLite store's atomic operations, each one SQL statement on @keyv/sqlite's own connection (its
// `query`), so two processes on the same file can never both win. keyv's API has get, set and delete but
// nothing conditional: a compare-and-set (write only while the row is still what was read), a claim (write
// unless a live claim is there), and renewing or releasing a claim only while this holder's token is in it.
//
// Rows are keyv's: table `keyv` (key, value TEXT), each value `{"value":…,"expires":…}` in keyv's JSON. A
// claim's row is the holder's token with its expiry by the store's clock, which keyv reads like any entry.

import type { Clock } from '../../core/ports.ts';
import type { AtomicOps } from './keyv-backend.ts';
import type { Query } from './sqlite-sweep.ts';

/** keyv's table, as @keyv/sqlite names it. */
export const TABLE = 'keyv';

// Each statement returns the key it wrote, so the caller knows whether it won.
const SQL = {
  read: `SELECT value FROM ${TABLE} WHERE key = ?`,
  insertIfAbsent: `INSERT INTO ${TABLE} (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING RETURNING key`,
  updateIfSame: `UPDATE ${TABLE} SET value = ? WHERE key = ? AND value = ? RETURNING key`,
  // The upsert only overwrites a claim whose expiry has passed.
  claim: `INSERT INTO ${TABLE} (key, value) VALUES (?, ?)
    ON CONFLICT(key) DO UPDATE SET value = excluded.value
    WHERE NOT json_valid(${TABLE}.value) OR coalesce(json_extract(${TABLE}.value, '$.expires'), 0) <= ?
    RETURNING key`,
  renew: `UPDATE ${TABLE} SET value = ?
    WHERE key = ? AND json_valid(value) AND json_extract(value, '$.value') = ?
      AND coalesce(json_extract(value, '$.expires'), 0) > ?
    RETURNING key`,
  release: `DELETE FROM ${TABLE} WHERE key = ? AND json_valid(value) AND json_extract(value, '$.value') = ?`,
  ping: 'SELECT 1',
} as const;

/** A claim row in keyv's format: the holder's token and its expiry by the store's clock. */
const claimRow = (token: string, expires: number) => JSON.stringify({ value: token, expires });

export function createSqliteAtomic(query: Query, clock: Clock): AtomicOps {
  const wrote = async (sql: string, ...params: unknown[]) => (await query(sql, ...params)).length === 1;
  return {
    async read(key) {
      const [row] = (await query(SQL.read, key)) as Array<{ value: unknown }>;
      return typeof row?.value === 'string' ? row.value : undefined;
    },
    writeIf: (key, stamp, row) =>
      stamp === undefined ? wrote(SQL.insertIfAbsent, key, row) : wrote(SQL.updateIfSame, row, key, stamp),
    claim(key, token, ttlMs) {
      const now = clock.now();
      return wrote(SQL.claim, key, claimRow(token, now + ttlMs), now);
    },
    renew(key, token, ttlMs) {
      const now = clock.now();
      return wrote(SQL.renew, claimRow(token, now + ttlMs), key, token, now);
    },
    async release(key, token) {
      await query(SQL.release, key, token);
    },
    ping: async () => void (await query(SQL.ping)),
  };
}
