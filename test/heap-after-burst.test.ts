import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkQueue, workActivity } from '../src/core/work-queue.ts';
import { burstWatch, v8FullCollection } from '../src/heap-after-burst.ts';
import { createLogger } from '../src/logger.ts';

function quietLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'info',
    pretty: false,
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

describe('memory given back after a burst', () => {
  it('without the low-memory collection, runs two full ones once a burst of work is done and the process is quiet', async () => {
    const { logger, lines } = quietLogger();
    const queue = createWorkQueue();
    let awaiting = 0;
    let collections = 0;
    const heap = burstWatch({
      logger,
      activity: workActivity,
      awaiting: () => awaiting,
      collect: () => collections++,
      reduce: null,
      burst: 200,
      quietMs: 3_000,
      tickMs: 1_000,
    });
    // The real queue takes in a burst of 250 tasks.
    await Promise.all(Array.from({ length: 250 }, () => queue.run(async () => undefined)));
    // Someone is still waiting for an answer: not quiet yet.
    awaiting = 1;
    expect([heap.check(), heap.check(), heap.check()]).toEqual([false, false, false]);
    awaiting = 0;
    // Three quiet looks (3 s at one a second), then one collection.
    expect([heap.check(), heap.check(), heap.check()]).toEqual([false, false, true]);
    expect(collections).toBe(1);
    expect(lines.at(-1)).toMatchObject({ msg: 'memory given back after a burst', tasks: 250 });
    // A second one a look later, then nothing more however long it stays quiet: nothing new came in.
    expect(heap.check()).toBe(true);
    for (let i = 0; i < 10; i++) heap.check();
    expect(collections).toBe(2);
  });

  it('leaves the heap alone after a trickle smaller than a burst, and while work is queued', async () => {
    const { logger } = quietLogger();
    const queue = createWorkQueue();
    let collections = 0;
    const heap = burstWatch({
      logger,
      activity: workActivity,
      awaiting: () => 0,
      collect: () => collections++,
      reduce: null,
      burst: 200,
      quietMs: 1_000,
      tickMs: 1_000,
    });
    await Promise.all(Array.from({ length: 150 }, () => queue.run(async () => undefined)));
    for (let i = 0; i < 5; i++) heap.check();
    expect(collections).toBe(0);
    // 100 more make a burst, but while one of them still runs the process is not quiet.
    let finish: () => void = () => undefined;
    const held = queue.run(() => new Promise<void>((resolve) => (finish = resolve)));
    await Promise.all(Array.from({ length: 99 }, () => queue.run(async () => undefined)));
    for (let i = 0; i < 5; i++) heap.check();
    expect(collections).toBe(0);
    finish();
    await held;
    // The queue counts the task done just after its caller hears of it.
    await new Promise((resolve) => setImmediate(resolve));
    heap.check();
    expect(collections).toBe(1);
    // Work arriving before the second look puts it off: that work is the next burst's.
    const more = queue.run(async () => undefined);
    expect(heap.check()).toBe(false);
    await more;
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 5; i++) heap.check();
    expect(collections).toBe(1);
  });

  it("V8's full collection is reachable without --expose-gc, frees garbage, and leaves no gc global", () => {
    const collect = v8FullCollection();
    expect(collect).toBeTypeOf('function');
    let garbage: unknown[] | undefined = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `row ${i}` }));
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(200_000);
    garbage = undefined;
    collect?.();
    expect(process.memoryUsage().heapUsed).toBeLessThan(withGarbage - 5 * 1024 * 1024);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it('gives back the young generation a burst grew, which a full collection leaves at its burst size', () => {
    // A fresh process, as in the bot: the real work queue takes in a burst whose tasks keep their objects a
    // while (as requests in flight do), which grows V8's young generation to its maximum; then the watch
    // looks once, with V8's own collection, and logs what it gave back.
    const code = `
      import v8 from 'node:v8';
      const { createWorkQueue, workActivity } = await import('./src/core/work-queue.ts');
      const { burstWatch, v8FullCollection } = await import('./src/heap-after-burst.ts');
      const { createLogger } = await import('./src/logger.ts');
      const MB = 2 ** 20;
      const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').physical_space_size / MB;
      const rss = () => process.memoryUsage().rss / MB;
      const lines = [];
      const logger = createLogger({ level: 'info', pretty: false, destination: { write: (l) => lines.push(JSON.parse(l)) } });
      const heap = burstWatch({ logger, activity: workActivity, awaiting: () => 0, burst: 200, quietMs: 1000, tickMs: 1000 });
      const queue = createWorkQueue();
      await Promise.all(Array.from({ length: 400 }, (_, t) => queue.run(async () => {
        const inFlight = Array.from({ length: 3000 }, (_, i) => ({ t, i, text: 'request ' + i }));
        await new Promise((r) => setImmediate(r));
        return inFlight.length;
      })));
      await new Promise((r) => setImmediate(r));
      const burst = { young: young(), rss: rss() };
      v8FullCollection()();
      const fullCollection = { young: young(), rss: rss() };
      heap.check();
      while (!lines.some((l) => l.msg === 'memory given back after a burst')) await new Promise((r) => setTimeout(r, 20));
      console.log(JSON.stringify({ burst, fullCollection, after: { young: young(), rss: rss() }, logs: lines }));
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: join(import.meta.dirname, '..'),
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
      timeout: 20_000,
    });
    expect(out.status, out.stderr).toBe(0);
    type Look = { young: number; rss: number };
    const seen = JSON.parse(out.stdout.trim().split('\n').at(-1) ?? '{}') as {
      burst: Look;
      fullCollection: Look;
      after: Look;
      logs: Array<Record<string, unknown>>;
    };
    // The burst grew the young generation; an ordinary full collection keeps it.
    expect(seen.burst.young).toBeGreaterThanOrEqual(16);
    expect(seen.fullCollection.young).toBeGreaterThanOrEqual(16);
    // The watch's collection gives it back, and the process is that much smaller.
    expect(seen.after.young).toBeLessThanOrEqual(4);
    expect(seen.after.rss).toBeLessThan(seen.fullCollection.rss - 10);
    expect(seen.logs).toHaveLength(1);
    expect(seen.logs[0]).toMatchObject({ msg: 'memory given back after a burst', tasks: 400 });
    expect(seen.logs[0]?.youngBeforeMb).toBeGreaterThanOrEqual(16);
    expect(seen.logs[0]?.youngAfterMb).toBeLessThanOrEqual(4);
  });
});
