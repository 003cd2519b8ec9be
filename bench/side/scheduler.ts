// Scheduled work (a scheduled social post is a scheduler task) with 10,000 tasks pending an hour out:
// how late the due ones fire (p99), and how many store operations each look at the index costs. The
// embedded scheduler on a SQLite file counts its own store calls; BullMQ on Redis is timed only.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyValue, Logger, Store } from '../../src/core/ports.ts';
import { createBullmqScheduler } from '../../src/core/scheduler/bullmq.ts';
import { createEmbeddedScheduler } from '../../src/core/scheduler/embedded.ts';
import type { Scheduler } from '../../src/core/scheduler/scheduler.ts';
import { createKeyvStore } from '../../src/core/store/index.ts';
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

async function fill(s: Scheduler, pending: number): Promise<void> {
  const later = Date.now() + 3_600_000;
  for (let i = 0; i < pending; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, pending - i) }, (_, k) =>
        s.schedule('publish', `p${i + k}`, later + i + k, {}),
      ),
    );
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

export async function runEmbedded(pending: number, due: number): Promise<SchedulerFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-sched-'));
  const raw = await createKeyvStore({ kind: 'sqlite', path: join(dir, 'bot.sqlite') });
  const { store, ops } = counting(raw);
  const lateness: number[] = [];
  const s = createEmbeddedScheduler({ store, logger: silent, maxSleepMs: 1_000 });
  s.handle('publish', async (t) => void lateness.push(Date.now() - t.dueAt));
  try {
    await fill(s, pending);
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

export async function runBullmq(pending: number, due: number): Promise<SchedulerFigures> {
  const prefix = `reelbot-bench-${randomBytes(4).toString('hex')}:bull`;
  const lateness: number[] = [];
  const s = createBullmqScheduler({ url: 'redis://127.0.0.1:6379', prefix, logger: silent, drainMs: 0 });
  s.handle('publish', async (t) => void lateness.push(Date.now() - t.dueAt));
  try {
    await fill(s, pending);
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
