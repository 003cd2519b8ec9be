// The store every command, webhook and poll goes through: SQLite (one file, the default) and Redis
// (several replicas). claim() guards each result against being posted twice; set/get carry jobs,
// tokens and settings. A job costs a dozen or so of these, so their latency adds to every result.
// Each is measured next to its floor, the libraries alone doing the same work: keyv over @keyv/sqlite for
// SQLite, ioredis's SET, GET and SET NX PX for Redis.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import { Redis } from 'ioredis';
import Keyv from 'keyv';
import type { Store } from '../src/core/ports.ts';
import { openStore } from '../src/infra/store/open-store.ts';
import { type Bound, measureAsync, type Row, rowOf, versus } from './stats.ts';

const BENCH = 'store';
const REDIS_URL = 'redis://127.0.0.1:6379';
/** A job record as the bot stores it is a few hundred bytes of JSON. */
const VALUE = { id: 'abcdefghjk', state: 'pending', summary: 'youtube.com', pad: 'x'.repeat(400) };

/** The same three operations done by the libraries alone: the floor of each store's row. */
interface Floor {
  label: string;
  set(key: string): Promise<unknown>;
  get(key: string): Promise<unknown>;
  claim(key: string): Promise<unknown>;
}

async function measureStore(label: string, store: Store, floor: Floor, quick: boolean): Promise<Row[]> {
  const bound: Bound = quick ? { count: 300, ms: 500, warmup: 30 } : { count: 3_000, ms: 2_500, warmup: 200 };
  const kv = store.namespace('bench');
  const run = randomBytes(4).toString('hex');
  const rows: Row[] = [];
  for (const concurrency of [1, 16]) {
    const tag = `${run}-${concurrency}`;
    const at = `concurrency ${concurrency}`;
    const floors = {
      set: await measureAsync((i) => floor.set(`${tag}-fs-${i}`), bound, concurrency),
      get: await measureAsync((i) => floor.get(`${tag}-fs-${Math.max(0, i) % 100}`), bound, concurrency),
      claim: await measureAsync((i) => floor.claim(`${tag}-fc-${i}`), bound, concurrency),
    };
    const set = await measureAsync((i) => kv.set(`${tag}-${i}`, VALUE), bound, concurrency);
    const get = await measureAsync((i) => kv.get(`${tag}-${Math.max(0, i) % set.n}`), bound, concurrency);
    // Fresh keys: every claim is won, the path taken once per project settled and per result posted.
    const claim = await measureAsync((i) => store.claim(`${tag}-${i}`, 60_000), bound, concurrency);
    for (const [name, sample] of [
      ['set', set],
      ['get', get],
      ['claim', claim],
    ] as const) {
      const bot = rowOf(BENCH, `${label} ${name}, ${at}`, sample, 'ms');
      const under = rowOf(BENCH, `${floor.label} ${name}, ${at}`, floors[name], 'ms');
      rows.push({ ...bot, vsFloor: versus(bot, under) }, { ...under, floor: true });
    }
  }
  return rows;
}

async function sqliteRows(quick: boolean): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-bench-store-'));
  const store = await openStore({ kind: 'sqlite', path: join(dir, 'bench.sqlite') });
  const adapter = new KeyvSqlite({ uri: `sqlite://${join(dir, 'floor.sqlite')}` });
  // The file as the bot's store sets it up, so the floor differs from the bot only by the bot's own code.
  await adapter.query('PRAGMA journal_mode=WAL');
  await adapter.query('PRAGMA synchronous=NORMAL');
  const keyv = new Keyv({ store: adapter });
  const floor: Floor = {
    label: 'keyv + @keyv/sqlite',
    set: (key) => keyv.set(key, VALUE),
    get: (key) => keyv.get(key),
    // keyv has no conditional write: its plain set is the least a claim's one statement can cost.
    claim: (key) => keyv.set(key, 'holder', 60_000),
  };
  try {
    return await measureStore('SQLite', store, floor, quick);
  } finally {
    await keyv.disconnect();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function deleteRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
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
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const json = JSON.stringify(VALUE);
  const floor: Floor = {
    label: 'ioredis',
    set: (key) => redis.set(`${prefix}floor:${key}`, json),
    get: (key) => redis.get(`${prefix}floor:${key}`),
    claim: (key) => redis.set(`${prefix}floor:${key}`, 'holder', 'PX', 60_000, 'NX'),
  };
  try {
    return await measureStore('Redis', store, floor, quick);
  } finally {
    await store.close();
    await deleteRedisPrefix(redis, prefix);
    redis.disconnect();
  }
}

export async function runStore(quick: boolean): Promise<Row[]> {
  return [...(await sqliteRows(quick)), ...(await redisRows(quick))];
}
