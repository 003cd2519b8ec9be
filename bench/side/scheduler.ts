// Scheduled work (a scheduled social post is a scheduler task) with 10,000 tasks pending an hour out:
// how late the due ones fire (p99), and how many store operations each look at the index costs. The
// embedded scheduler on a SQLite file counts its own store calls; BullMQ on Redis is timed only.
// Lateness is the handler's start minus the task's dueAt as the scheduler reports it (Task.dueAt).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { KeyValue, Logger, Store } from '../../src/core/ports.ts';
import type { Scheduler } from '../../src/core/scheduler.ts';
import { createBullmqScheduler } from '../../src/infra/scheduler/bullmq.ts';
import { BUCKET_MS, taskKey } from '../../src/infra/scheduler/due-index.ts';
import { createEmbeddedScheduler } from '../../src/infra/scheduler/embedded.ts';
import { openStore } from '../../src/infra/store/index.ts';
import { percentile } from '../stats.ts';

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, child: () => silent };

export interface SchedulerFigures {
  pending: number;
  fired: number;
  latenessP50: number;
  latenessP99: number;
  /** Store operations per look at the index while nothing was due (embedded only). */
  opsPerTick?: number;
}

/** Counts every call on every namespace of the store. */
function counting(store: Store): { store: Store; ops: () => number } {
  let ops = 0;
  const wrap = (kv: KeyValue): KeyValue =>
    new Proxy(kv, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          ops++;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return { store: { ...store, namespace: (name) => wrap(store.namespace(name)) } as Store, ops: () => ops };
}

/** Schedules `due` tasks spread over the next `withinMs`, starting a second from now. */
async function scheduleDue(s: Scheduler, due: number, withinMs: number): Promise<void> {
  const start = Date.now() + 1_000;
  for (let i = 0; i < due; i++) await s.schedule('publish', `due${i}`, start + Math.floor((i * withinMs) / due), {});
}

async function waitFired(lateness: readonly number[], due: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs + 6_000;
  while (lateness.length < due && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

/**
 * The pending tasks written straight into the due-time index, in the layout due-index.ts documents (a
 * record per task, a bucket per second, the directory of buckets): what `schedule()` leaves, written
 * without its one-at-a-time read-modify-write of the bucket, which would make filling the index most of the run.
 */
async function fillEmbedded(store: Store, pending: number): Promise<void> {
  const kv = store.namespace('scheduler');
  const later = Math.ceil((Date.now() + 3_600_000) / BUCKET_MS) * BUCKET_MS;
  const buckets = new Map<number, Array<[string, string]>>();
  const records = Array.from({ length: pending }, (_, i) => {
    const dueAt = later + i;
    const n = Math.floor(dueAt / BUCKET_MS);
    buckets.set(n, [...(buckets.get(n) ?? []), ['publish', `p${i}`]]);
    return { queue: 'publish', id: `p${i}`, data: {}, dueAt, attempts: 0, failures: 0, version: `v${i}` };
  });
  for (let i = 0; i < records.length; i += 200)
    await Promise.all(records.slice(i, i + 200).map((r) => kv.set(taskKey(r.queue, r.id), r)));
  for (const [n, refs] of buckets) await kv.set(`bucket:${n}`, refs);
  await kv.set(
    'buckets',
    [...buckets.keys()].sort((a, b) => a - b),
  );
}

export async function runEmbedded(pending: number, due: number): Promise<SchedulerFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-sched-'));
  const raw = await openStore({ kind: 'sqlite', path: join(dir, 'bot.sqlite') });
  const { store, ops } = counting(raw);
  const lateness: number[] = [];
  const s = createEmbeddedScheduler({ store, logger: silent, maxSleepMs: 1_000 });
  s.handle('publish', async (t) => void lateness.push(Date.now() - t.dueAt));
  try {
    await fillEmbedded(raw, pending);
    // The scheduler reads what the fill wrote (else the figure would be of an empty index).
    if (!(await s.cancel('publish', `p${pending - 1}`))) throw new Error('the bulk-filled tasks are not readable');
    await s.start();
    // Ticks with nothing due: the cost of a look with 10,000 pending.
    const before = ops();
    const ticks = 5;
    for (let i = 0; i < ticks; i++) await s.runDue();
    const opsPerTick = (ops() - before) / ticks;
    await scheduleDue(s, due, 3_000);
    await waitFired(lateness, due, 3_000);
    const sorted = [...lateness].sort((a, b) => a - b);
    return {
      pending,
      fired: sorted.length,
      latenessP50: percentile(sorted, 50),
      latenessP99: percentile(sorted, 99),
      opsPerTick,
    };
  } finally {
    await s.stop({ drainMs: 0 });
    await raw.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The pending tasks added in bulk (addBulk, 1,000 a call) straight into the queue `schedule()` uses, as
 * `schedule()` would add them: one at a time costs three round trips each, most of the run.
 */
async function fillBullmq(prefix: string, pending: number): Promise<void> {
  const queue = new Queue('{publish}', { connection: { url: 'redis://127.0.0.1:6379' }, prefix });
  try {
    const later = Date.now() + 3_600_000;
    for (let i = 0; i < pending; i += 1_000) {
      const jobs = Array.from({ length: Math.min(1_000, pending - i) }, (_, k) => {
        const id = `p${i + k}`;
        const dueAt = later + i + k;
        const opts = { jobId: id, delay: dueAt - Date.now(), removeOnComplete: true, removeOnFail: true };
        return { name: id, data: { __dueAt: dueAt }, opts };
      });
      await queue.addBulk(jobs);
    }
  } finally {
    await queue.close();
  }
}

export async function runBullmq(pending: number, due: number): Promise<SchedulerFigures> {
  const prefix = `reelbot-bench-${randomBytes(4).toString('hex')}:bull`;
  const lateness: number[] = [];
  const s = createBullmqScheduler({ url: 'redis://127.0.0.1:6379', prefix, logger: silent, drainMs: 0 });
  s.handle('publish', async (t) => void lateness.push(Date.now() - t.dueAt));
  try {
    await fillBullmq(prefix, pending);
    await s.start();
    await scheduleDue(s, due, 3_000);
    await waitFired(lateness, due, 3_000);
    const sorted = [...lateness].sort((a, b) => a - b);
    return { pending, fired: sorted.length, latenessP50: percentile(sorted, 50), latenessP99: percentile(sorted, 99) };
  } finally {
    await s.stop({ drainMs: 0 });
    const { Redis } = await import('ioredis');
    const redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  }
}
