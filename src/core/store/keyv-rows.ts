// keyv's row format, shared by the SQLite and Redis stores so every row (plain values, claims, compare-and-set
// writes) reads the same and files and databases that keyv (@keyv/sqlite, @keyv/redis) wrote stay readable:
// `{"value":…,"expires":…}` in keyv's JSON (keyv-json.ts). keyv itself is no longer on any store's path; the
// tests write and read rows through it to prove the format.

import { deserializeKeyv, serializeKeyv } from './keyv-json.ts';

/** What a row holds: its value and, with a time to live, when it expires by the wall clock. */
export interface Row {
  value?: unknown;
  expires?: unknown;
}

/** The row keyv stored, or undefined when there is none. */
export function parseRow(raw: unknown): Row | undefined {
  if (typeof raw !== 'string') return undefined;
  return (deserializeKeyv(raw) as Row | null) || undefined;
}

/** keyv's own expiry (by wall clock) has passed. */
export const hasExpired = (row: Row): boolean => typeof row.expires === 'number' && row.expires <= Date.now();

/** The value keyv stored, unless keyv's own expiry (by wall clock) has passed. */
export function decode(raw: unknown): unknown {
  const row = parseRow(raw);
  return row && !hasExpired(row) ? row.value : undefined;
}

/** A row as keyv's own set() would write it, so keyv reads it back like any other entry. */
export function encode(value: unknown, ttlMs: number | undefined): string {
  return serializeKeyv(ttlMs === undefined ? { value } : { value, expires: Date.now() + ttlMs });
}

/** A claim row in keyv's own format: the holder's token and its expiry by the store's clock. */
export function claimRow(token: string, expires: number): string {
  return JSON.stringify({ value: token, expires });
}
