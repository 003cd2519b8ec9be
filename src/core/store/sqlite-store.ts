// The Store port on one SQLite file (the default; several processes may share the file). Claims and
// compare-and-set are single SQL statements, so two processes on the same file cannot both win.
//
// The file is keyv's (@keyv/sqlite 4): table `keyv` (key VARCHAR(255) PRIMARY KEY, value TEXT) holding
// keyv's JSON rows, so files written by earlier versions, which went through keyv, read back unchanged
// and keyv reads what this writes. keyv itself is not on the path: each of its calls prepared a new
// statement and parsed JSON with a reviver (13 % of a busy bot's CPU); see sqlite-db.ts and keyv-json.ts.

import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StoreUnavailableError } from '../errors.ts';
import { type Clock, type Store, systemClock } from '../ports.ts';
import { type Backend, createBackedStore } from './backend.ts';
import { claimRow, decode, encode, hasExpired, parseRow } from './keyv-rows.ts';
import { openSqliteDb, type SqliteDb } from './sqlite-db.ts';
import { createSqliteSweeper } from './sqlite-sweep.ts';

// Another process (a second replica on the same file, a backup) may hold SQLite's write lock briefly;
// wait up to 5 s for it instead of failing with SQLITE_BUSY at once.
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** A little over the busy timeout, so a write waiting for the lock fails by SQLite's bound first. */
const OPERATION_TIMEOUT_MS = 6_000;
const SQLITE_PAGE = 200;

/** keyv's table, created as @keyv/sqlite creates it (its primary key is the only index). */
const TABLE = 'keyv';
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${TABLE}(key VARCHAR(255) PRIMARY KEY, value TEXT )`;

const SQL = {
  get: `SELECT value FROM ${TABLE} WHERE key = ?`,
  set: `INSERT INTO ${TABLE} (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  delete: `DELETE FROM ${TABLE} WHERE key = ?`,
  deleteIfSame: `DELETE FROM ${TABLE} WHERE key = ? AND value = ?`,
  // Paged by key rather than OFFSET so rows deleted meanwhile never make the scan skip others.
  page: `SELECT key, value FROM ${TABLE} WHERE key > ? AND substr(key, 1, ?) = ? ORDER BY key LIMIT ?`,
  // One statement each: the row is written only while it is absent, or still holds exactly what was read.
  insertIfAbsent: `INSERT INTO ${TABLE} (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING`,
  updateIfSame: `UPDATE ${TABLE} SET value = ? WHERE key = ? AND value = ?`,
  // The upsert only overwrites a claim whose expiry has passed.
  claim: `INSERT INTO ${TABLE} (key, value) VALUES (?, ?)
    ON CONFLICT(key) DO UPDATE SET value = excluded.value
    WHERE NOT json_valid(${TABLE}.value) OR coalesce(json_extract(${TABLE}.value, '$.expires'), 0) <= ?`,
  renew: `UPDATE ${TABLE} SET value = ?
    WHERE key = ? AND json_valid(value) AND json_extract(value, '$.value') = ?
      AND coalesce(json_extract(value, '$.expires'), 0) > ?`,
  release: `DELETE FROM ${TABLE} WHERE key = ? AND json_valid(value) AND json_extract(value, '$.value') = ?`,
  ping: 'SELECT 1',
} as const;

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
  let db: SqliteDb | undefined;
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    db = await openSqliteDb(path, SQLITE_BUSY_TIMEOUT_MS);
    await db.exec(CREATE_TABLE);
    // WAL lets readers proceed while another connection writes.
    await db.exec('PRAGMA journal_mode=WAL');
    // No fsync per commit (WAL is synced at each checkpoint): a write took 3.4 ms instead of 0.07 ms on the
    // 2-core machine, and a /clip makes about 20, all one after another on this connection. A killed or
    // crashed process loses nothing; only a power cut or kernel crash may roll back the last commits, the
    // same window as Redis's default (appendfsync everysec). See README, "What survives what".
    await db.exec('PRAGMA synchronous=NORMAL');
    return sqliteBackend(where, db, clock);
  } catch (error) {
    await db?.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailableError(`cannot open the store at ${where}: ${reason} (check STORE_URL)`, { cause: error });
  }
}

type Rows = Array<{ key: string; value: unknown }>;

function sqliteBackend(where: string, db: SqliteDb, clock: Clock): Backend {
  const sweeper = createSqliteSweeper((sql, ...params) => db.all(sql, params), TABLE, clock);
  const readText = async (key: string): Promise<unknown> =>
    (await db.all<{ value: unknown }>(SQL.get, [key]))[0]?.value;
  const written = (changes: number) => {
    sweeper.poke();
    return changes === 1;
  };
  return {
    where,
    async get(key) {
      const text = await readText(key);
      const row = parseRow(text);
      if (!row) return undefined;
      if (!hasExpired(row)) return row.value;
      // As keyv's get did, a row past keyv's own expiry is deleted when read; unlike keyv, only if it is still
      // the row read, so a value written meanwhile by another process is not lost.
      await db.run(SQL.deleteIfSame, [key, text]);
      return undefined;
    },
    async set(key, value, ttlMs) {
      await db.run(SQL.set, [key, encode(value, ttlMs)]);
      sweeper.poke();
    },
    delete: async (key) => (await db.run(SQL.delete, [key])) > 0,
    async *scan(prefix) {
      let after = '';
      for (;;) {
        const rows = await db.all<Rows[number]>(SQL.page, [after || prefix, prefix.length, prefix, SQLITE_PAGE]);
        for (const row of rows) yield [row.key, decode(row.value)];
        const last = rows.at(-1);
        if (!last || rows.length < SQLITE_PAGE) return;
        after = last.key;
      }
    },
    async read(key) {
      const text = await readText(key);
      if (typeof text !== 'string') return undefined;
      return { value: decode(text), stamp: text };
    },
    async writeIf(key, stamp, value, ttlMs) {
      const text = encode(value, ttlMs);
      const changes =
        stamp === undefined
          ? await db.run(SQL.insertIfAbsent, [key, text])
          : await db.run(SQL.updateIfSame, [text, key, stamp]);
      return written(changes);
    },
    async claim(key, token, ttlMs) {
      const now = clock.now();
      return written(await db.run(SQL.claim, [key, claimRow(token, now + ttlMs), now]));
    },
    async renew(key, token, ttlMs) {
      const now = clock.now();
      return (await db.run(SQL.renew, [claimRow(token, now + ttlMs), key, token, now])) === 1;
    },
    async release(key, token) {
      await db.run(SQL.release, [key, token]);
    },
    ping: async () => void (await db.all(SQL.ping)),
    async close() {
      await sweeper.stop();
      await db.close();
    },
  };
}
