// The store every command, webhook and poll goes through: SQLite (one file, the default) and Redis
// (several replicas). claim() guards each result against being posted twice; set/get carry jobs,
// tokens and settings. A job costs a dozen or so of these, so their latency adds to every result.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import type { Store } from '../src/core/ports.ts';
import { openStore } from '../src/infra/store/open-store.ts';
import { type Bound, measureAsync, type Row, rowOf } from './stats.ts';

const BENCH = 'store';
const REDIS_URL = 'redis://127.0.0.1:6379';
/** A job record as the bot stores it is a few hundred bytes of JSON. */
const VALUE = { id: 'abcdefghjk', state: 'pending', summary: 'youtube.com', pad: 'x'.repeat(400) };

async function measureStore(label: string, store: Store, quick: boolean): Promise<Row[]> {
  const bound: Bound = quick ? { count: 300, ms: 500, warmup: 30 } : { count: 3_000, ms: 2_500, warmup: 200 };
  const kv = store.namespace('bench');
  const run = randomBytes(4).toString('hex');
  const rows: Row[] = [];
  for (const concurrency of [1, 16]) {
    const tag = `${run}-${concurrency}`;
    const set = await measureAsync((i) => kv.set(`${tag}-${i}`, VALUE), bound, concurrency);
    const get = await measureAsync((i) => kv.get(`${tag}-${Math.max(0, i) % set.n}`), bound, concurrency);
    // Fresh keys: every claim is won, the path taken once per project settled and per result posted.
    const claim = await measureAsync((i) => store.claim(`${tag}-${i}`, 60_000), bound, concurrency);
    const at = `concurrency ${concurrency}`;
    rows.push(rowOf(BENCH, `${label} set, ${at}`, set, 'ms'));
    rows.push(rowOf(BENCH, `${label} get, ${at}`, get, 'ms'));
    rows.push(rowOf(BENCH, `${label} claim, ${at}`, claim, 'ms'));
  }
  return rows;
}

async function sqliteRows(quick: boolean): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-bench-store-'));
  const store = await openStore({ kind: 'sqlite', path: join(dir, 'bench.sqlite') });
  try {
    return await measureStore('SQLite', store, quick);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function deleteRedisPrefix(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}

async function redisRows(quick: boolean): Promise<Row[]> {
  const prefix = `bench-${process.pid}-${randomBytes(4).toString('hex')}:`;
  const store = await openStore({ kind: 'redis', url: REDIS_URL, prefix, timeoutMs: 1_000 });
  try {
    await store.ping();
  } catch (err) {
    await store.close().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    return [{ bench: BENCH, case: 'Redis', n: 0, note: `skipped: no Redis at ${REDIS_URL} (${reason})` }];
  }
  try {
    return await measureStore('Redis', store, quick);
  } finally {
    await store.close();
    await deleteRedisPrefix(prefix);
  }
}

export async function runStore(quick: boolean): Promise<Row[]> {
  return [...(await sqliteRows(quick)), ...(await redisRows(quick))];
}
