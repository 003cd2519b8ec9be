// One SQLite connection whose statements are prepared once and reused. sqlite3's Database#all/run prepare
// a new statement for every call and finalize it after: under a burst of /clip that was 9 % of the bot's
// CPU (sqlite3.js normalizeMethod and the prepare itself). The store uses a dozen fixed SQL texts, so the
// cache holds a dozen statements for the life of the connection.
//
// A Statement runs one call at a time and queues the others, so concurrent calls on one statement are
// safe (one connection runs one statement at a time anyway). Statements that return rows are always
// stepped to the end (all(), never get()), so none is left open holding a read snapshot of the file.

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
  const statements = new Map<string, Promise<sqlite3.Statement>>();

  const prepared = (sql: string): Promise<sqlite3.Statement> => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = new Promise((resolve, reject) => {
        const made = db.prepare(sql, (error) => (error ? reject(error) : resolve(made)));
      });
      statements.set(sql, statement);
      // A statement that failed to prepare (the file was locked, say) is prepared again by the next call.
      statement.catch(() => statements.delete(sql));
    }
    return statement;
  };

  return {
    async all<Row>(sql: string, params: readonly unknown[] = []) {
      const statement = await prepared(sql);
      return new Promise<Row[]>((resolve, reject) => {
        statement.all<Row>(params, (error, rows) => (error ? reject(error) : resolve(rows)));
      });
    },
    async run(sql, params = []) {
      const statement = await prepared(sql);
      return new Promise<number>((resolve, reject) => {
        statement.run(params, function (this: sqlite3.RunResult, error: Error | null) {
          if (error) reject(error);
          else resolve(this.changes);
        });
      });
    },
    exec: (sql) => new Promise((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve()))),
    async close() {
      // SQLite refuses to close a connection with statements still prepared.
      const open = await Promise.allSettled(statements.values());
      statements.clear();
      for (const s of open) {
        if (s.status === 'fulfilled') await new Promise<void>((resolve) => s.value.finalize(() => resolve()));
      }
      await new Promise<void>((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
