// The Store port on one SQLite file (the default; several processes may share the file). Claims and
// compare-and-set are single SQL statements, so two processes on the same file cannot both win.

import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import { StoreUnavailableError } from '../errors.ts';
import { type Clock, type Store, systemClock } from '../ports.ts';
import { type Backend, createBackedStore } from './backend.ts';
import { claimRow, decode, encode, type Keyv, keyvOver } from './keyv-rows.ts';
import { createSqliteSweeper } from './sqlite-sweep.ts';

// Another process (a second replica on the same file, a backup) may hold SQLite's write lock briefly;
// wait up to 5 s for it instead of failing with SQLITE_BUSY at once.
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** A little over the busy timeout, so a write waiting for the lock fails by SQLite's bound first. */
const OPERATION_TIMEOUT_MS = 6_000;
const SQLITE_PAGE = 200;

export interface SqliteStoreOptions {
  path: string;
  clock?: Clock;
  /** Bound on each operation; default 6000 ms (a little over SQLite's busy timeout). */
  operationTimeoutMs?: number;
}

export async function createSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const clock = options.clock ?? systemClock;
  const backend = await openSqlite(options.path, clock);
  return createBackedStore(backend, { clock, operationTimeoutMs: options.operationTimeoutMs ?? OPERATION_TIMEOUT_MS });
}

async function openSqlite(path: string, clock: Clock): Promise<Backend> {
  const where = `sqlite://${path}`;
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const adapter = new KeyvSqlite({ uri: where, busyTimeout: SQLITE_BUSY_TIMEOUT_MS });
    const keyv = keyvOver(adapter);
    // WAL lets readers proceed while another connection writes.
    await adapter.query('PRAGMA journal_mode=WAL');
    // No fsync per commit (WAL is synced at each checkpoint): a write took 3.4 ms instead of 0.07 ms on the
    // 2-core machine, and a /clip makes about 20, all one after another on this connection. A killed or
    // crashed process loses nothing; only a power cut or kernel crash may roll back the last commits, the
    // same window as Redis's default (appendfsync everysec). See README, "What survives what".
    await adapter.query('PRAGMA synchronous=NORMAL');
    return sqliteBackend(where, adapter, keyv, clock);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailableError(`cannot open the store at ${where}: ${reason} (check STORE_URL)`, { cause: error });
  }
}

type Rows = Array<{ key: string; value: unknown }>;

function sqliteBackend(where: string, adapter: KeyvSqlite, keyv: Keyv, clock: Clock): Backend {
  const table = adapter.opts.table ?? 'keyv';
  const query = (sql: string, ...params: unknown[]): Promise<Rows> => adapter.query(sql, ...params);
  const sweeper = createSqliteSweeper(query, table, clock);
  return {
    where,
    get: (key) => keyv.get(key),
    async set(key, value, ttlMs) {
      await keyv.set(key, value, ttlMs);
      sweeper.poke();
    },
    delete: (key) => keyv.delete(key),
    async *scan(prefix) {
      // Paged by key rather than OFFSET so rows deleted meanwhile never make the scan skip others.
      let after = '';
      for (;;) {
        const rows = await query(
          `SELECT key, value FROM ${table} WHERE key > ? AND substr(key, 1, ?) = ? ORDER BY key LIMIT ?`,
          after || prefix,
          prefix.length,
          prefix,
          SQLITE_PAGE,
        );
        for (const row of rows) yield [row.key, await decode(keyv, row.value)];
        const last = rows.at(-1);
        if (!last || rows.length < SQLITE_PAGE) return;
        after = last.key;
      }
    },
    async read(key) {
      const [row] = await query(`SELECT value FROM ${table} WHERE key = ?`, key);
      if (typeof row?.value !== 'string') return undefined;
      return { value: await decode(keyv, row.value), stamp: row.value };
    },
    async writeIf(key, stamp, value, ttlMs) {
      const raw = await encode(keyv, value, ttlMs);
      // One statement each: the row is replaced only while it still holds exactly what was read.
      const rows =
        stamp === undefined
          ? await query(
              `INSERT INTO ${table} (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING RETURNING key`,
              key,
              raw,
            )
          : await query(`UPDATE ${table} SET value = ? WHERE key = ? AND value = ? RETURNING key`, raw, key, stamp);
      sweeper.poke();
      return rows.length === 1;
    },
    async claim(key, token, ttlMs) {
      // The upsert only overwrites a claim whose expiry has passed; RETURNING says whether a row was written.
      const now = clock.now();
      const rows = await query(
        `INSERT INTO ${table} (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value
         WHERE NOT json_valid(${table}.value) OR coalesce(json_extract(${table}.value, '$.expires'), 0) <= ?
         RETURNING key`,
        key,
        claimRow(token, now + ttlMs),
        now,
      );
      sweeper.poke();
      return rows.length === 1;
    },
    async renew(key, token, ttlMs) {
      const now = clock.now();
      const rows = await query(
        `UPDATE ${table} SET value = ?
         WHERE key = ? AND json_valid(value) AND json_extract(value, '$.value') = ?
           AND coalesce(json_extract(value, '$.expires'), 0) > ?
         RETURNING key`,
        claimRow(token, now + ttlMs),
        key,
        token,
        now,
      );
      return rows.length === 1;
    },
    async release(key, token) {
      await query(
        `DELETE FROM ${table} WHERE key = ? AND json_valid(value) AND json_extract(value, '$.value') = ?`,
        key,
        token,
      );
    },
    ping: async () => void (await query('SELECT 1')),
    async close() {
      await sweeper.stop();
      await adapter.disconnect();
    },
  };
}
