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
  it('collects once a burst of work has been done and the process has been quiet for a while', async () => {
    const { logger, lines } = quietLogger();
    const queue = createWorkQueue();
    let awaiting = 0;
    let collections = 0;
    const heap = burstWatch({
      logger,
      activity: workActivity,
      awaiting: () => awaiting,
      collect: () => collections++,
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
});
