// One SQLite connection whose statements are prepared once and reused. sqlite3's Database#all/run prepare
// a new statement for every call and finalize it after: in a burst of webhook deliveries that was 22 % of
// the main thread (sqlite3.js normalizeMethod). The store uses a dozen fixed SQL texts, so the cache holds
// a few statements per text for the life of the connection.
//
// A Statement runs one call at a time and queues the others (so sharing one is safe), and each call is a
// round trip to libuv's thread pool: one statement per text made 16 concurrent reads wait for each other's
// round trips (24,000 reads/s instead of 33,000 with a statement per call). Up to STATEMENTS_PER_SQL copies
// of a statement let calls overlap as they did; SQLite still runs one step at a time on the connection.
// Statements that return rows are always stepped to the end (all(), never get()), so none is left open
// holding a read snapshot of the file.

import sqlite3 from 'sqlite3';

export interface SqliteDb {
  /** Every row the statement returns. */
  all<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a statement that returns no rows; resolves with how many rows it inserted, changed or deleted. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** Runs SQL once without keeping its statement (start-up pragmas, table creation). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openSqliteDb(path: string, busyTimeoutMs: number): Promise<SqliteDb> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(path, (error) => (error ? reject(error) : resolve(opened)));
  });
  db.configure('busyTimeout', busyTimeoutMs);
  const pools = new Map<string, Slot[]>();

  const prepare = (sql: string, pool: Slot[]): Slot => {
    const slot: Slot = {
      busy: 0,
      statement: new Promise((resolve, reject) => {
        const made = db.prepare(sql, (error) => (error ? reject(error) : resolve(made)));
      }),
    };
    // A statement that failed to prepare (the file was locked, say) is prepared again by a later call.
    slot.statement.catch(() => {
      const at = pool.indexOf(slot);
      if (at >= 0) pool.splice(at, 1);
    });
    pool.push(slot);
    return slot;
  };

  /** An idle copy of the statement, a new one while there are fewer than the bound, else the least busy. */
  const slotFor = (sql: string): Slot => {
    let pool = pools.get(sql);
    if (!pool) {
      pool = [];
      pools.set(sql, pool);
    }
    let best: Slot | undefined;
    for (const slot of pool) if (!best || slot.busy < best.busy) best = slot;
    if (best && (best.busy === 0 || pool.length >= STATEMENTS_PER_SQL)) return best;
    return prepare(sql, pool);
  };

  async function call<R>(sql: string, step: (statement: sqlite3.Statement, done: Done<R>) => void): Promise<R> {
    const slot = slotFor(sql);
    slot.busy++;
    try {
      const statement = await slot.statement;
      return await new Promise<R>((resolve, reject) =>
        step(statement, (error, result) => (error ? reject(error) : resolve(result as R))),
      );
    } finally {
      slot.busy--;
    }
  }

  return {
    all: <Row>(sql: string, params: readonly unknown[] = []) =>
      call<Row[]>(sql, (statement, done) => statement.all<Row>(params, done)),
    run: (sql, params = []) =>
      call<number>(sql, (statement, done) =>
        statement.run(params, function (this: sqlite3.RunResult, error: Error | null) {
          done(error, this?.changes);
        }),
      ),
    exec: (sql) => new Promise((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve()))),
    async close() {
      // SQLite refuses to close a connection with statements still prepared.
      const slots = [...pools.values()].flat();
      pools.clear();
      for (const slot of slots) {
        const statement = await slot.statement.catch(() => undefined);
        if (statement) await new Promise<void>((resolve) => statement.finalize(() => resolve()));
      }
      await new Promise<void>((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** Copies of one statement at most: libuv's thread pool runs 4 calls at once by default. */
const STATEMENTS_PER_SQL = 4;

interface Slot {
  statement: Promise<sqlite3.Statement>;
  /** Calls started on it and not yet answered. */
  busy: number;
}

type Done<R> = (error: Error | null, result?: R) => void;
