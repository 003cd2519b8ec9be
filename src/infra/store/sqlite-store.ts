// The Store port on one SQLite file (the default; several processes may share the file), through keyv and
// its official adapter @keyv/sqlite: table `keyv` (key VARCHAR(255) PRIMARY KEY, value TEXT) of keyv's
// rows, so files written by every earlier version read back and keyv reads what this writes. Claims and
// compare-and-set are single SQL statements on the adapter's own connection (sqlite-atomic.ts).

import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import { StoreUnavailableError } from '../../core/errors.ts';
import { type Clock, type Store, systemClock } from '../../core/ports.ts';
import { createBackedStore } from './backend.ts';
import { createKeyvBackend } from './keyv-backend.ts';
import { createSqliteAtomic, TABLE } from './sqlite-atomic.ts';
import { createSqliteSweeper, type Query } from './sqlite-sweep.ts';

// Another process (a second replica on the same file, a backup) may hold SQLite's write lock briefly;
// wait up to 5 s for it instead of failing with SQLITE_BUSY at once.
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** A little over the busy timeout, so a write waiting for the lock fails by SQLite's bound first. */
const OPERATION_TIMEOUT_MS = 6_000;
/** Rows per page of a listing. */
const SQLITE_PAGE = 200;

export interface SqliteStoreOptions {
  path: string;
  clock?: Clock;
  /** Bound on each operation; default 6000 ms (a little over SQLite's busy timeout). */
  operationTimeoutMs?: number;
}

export async function createSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const clock = options.clock ?? systemClock;
  const where = `sqlite://${options.path}`;
  let adapter: PagedKeyvSqlite | undefined;
  try {
    await mkdir(dirname(options.path), { recursive: true, mode: 0o700 });
    adapter = new PagedKeyvSqlite({ uri: where, table: TABLE, busyTimeout: SQLITE_BUSY_TIMEOUT_MS });
    // A file that cannot be opened is reported by the adapter as an event as well as by the first query.
    adapter.on('error', () => undefined);
    const query: Query = (sql, ...params) => (adapter as PagedKeyvSqlite).query(sql, ...params);
    // WAL lets readers proceed while another connection writes.
    await query('PRAGMA journal_mode=WAL');
    // No fsync per commit (WAL is synced at each checkpoint): an fsync costs far more than the write, and a
    // /clip makes its many writes one after another on this connection. A killed or crashed process
    // loses nothing; only a power cut or kernel crash may roll back the last commits, the same window as
    // Redis's default (appendfsync everysec). See docs/reliability.md.
    await query('PRAGMA synchronous=NORMAL');
    const sweeper = createSqliteSweeper(query, TABLE, clock);
    const opened = adapter;
    const backend = createKeyvBackend({
      where,
      adapter,
      atomic: createSqliteAtomic(query, clock),
      wrote: () => sweeper.poke(),
      async close() {
        await sweeper.stop();
        await opened.disconnect();
      },
    });
    return createBackedStore(backend, {
      clock,
      operationTimeoutMs: options.operationTimeoutMs ?? OPERATION_TIMEOUT_MS,
    });
  } catch (error) {
    await adapter?.disconnect().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailableError(`cannot open the store at ${where}: ${reason} (check STORE_URL)`, { cause: error });
  }
}

/**
 * @keyv/sqlite with listings paged by key: its own iterator pages with OFFSET, so a row deleted meanwhile (a
 * job ending while the pending jobs are listed) shifts the rest and the listing skips one.
 */
export class PagedKeyvSqlite extends KeyvSqlite {
  override async *iterator(namespace?: string): AsyncGenerator<[string, unknown], void> {
    const prefix = namespace ? `${namespace}:` : '';
    const page = `SELECT key, value FROM ${TABLE} WHERE key > ? AND substr(key, 1, ?) = ? ORDER BY key LIMIT ?`;
    let after = '';
    for (;;) {
      const rows: Array<{ key: string; value: unknown }> = await this.query(
        page,
        after || prefix,
        prefix.length,
        prefix,
        SQLITE_PAGE,
      );
      for (const row of rows) yield [row.key, row.value];
      const last = rows.at(-1);
      if (!last || rows.length < SQLITE_PAGE) return;
      after = last.key;
    }
  }
}
