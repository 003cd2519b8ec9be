import { describe, expect, it } from 'vitest';
import { createDispatch } from '../../../src/core/platform/dispatch.ts';
import type { Answer, Entry } from '../../../src/core/platform/interaction.ts';
import { createWorkQueue, WorkQueueFullError } from '../../../src/core/platform/work-queue.ts';
import type { Reply } from '../../../src/core/ports.ts';
import { createMetrics } from '../../../src/infra/prom-metrics.ts';

import { createFakeBot } from '../../slack/fake-bot.ts';
import { origin } from '../../support/harness.ts';
import { createRecordingChat } from '../../support/recording-chat.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';

// A burst of commands whose work is slow (card, project, store writes) must not hold back the next
// person's acknowledgement: the work waits in a bounded queue, and its depth and wait are metrics.

const entry = (n: number): Entry => ({ kind: 'command', command: 'clip', text: `#${n}`, origin, canConfigure: true });

function slowBot() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const started: string[] = [];
  const bot = {
    ...createFakeBot(),
    prepare: ({ text }: { text?: string }) => ({
      kind: 'run' as const,
      ephemeral: false,
      run: async (_reply: Reply) => {
        started.push(text ?? '');
        await gate;
      },
    }),
  };
  return { bot, started, release };
}

function answerRecording(acks: string[], n: number): Answer {
  const reply = createRecordingChat().reply(origin);
  return {
    async acknowledge() {
      acks.push(`#${n}`);
      return reply;
    },
  };
}

describe('the work after an acknowledgement', () => {
  it('waits in the queue, so a burst of slow runs does not delay a later acknowledgement', async () => {
    const { bot, started, release } = slowBot();
    const metrics = createMetrics();
    const dispatch = createDispatch({
      bot,
      logger: createRecordingLogger(),
      metrics,
      work: createWorkQueue({ concurrency: 2, metrics }),
    });
    const acks: string[] = [];
    const burst = Array.from({ length: 10 }, (_, n) => dispatch.handle(entry(n), answerRecording(acks, n)));
    await new Promise((r) => setTimeout(r, 20));
    // Every one of the ten was acknowledged while the first two runs still hold their slots.
    const later = dispatch.handle(entry(10), answerRecording(acks, 10));
    await new Promise((r) => setTimeout(r, 20));
    expect(acks).toHaveLength(11);
    expect(acks).toContain('#10');
    expect(started).toEqual(['#0', '#1']);
    expect(metrics.get('reelbot_work_queue_depth')).toBe(9);
    release();
    await Promise.all([...burst, later]);
    await dispatch.idle();
    expect(started).toHaveLength(11);
    expect(metrics.get('reelbot_work_queue_depth')).toBe(0);
    const text = await metrics.render();
    expect(text).toMatch(/reelbot_work_queue_wait_seconds_count 11/);
  });

  it('refuses new work, in words for the person, when the queue is full', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxDepth: 1 });
    let open: () => void = () => undefined;
    const held = queue.run(() => new Promise<void>((r) => (open = r)));
    const waiting = queue.run(async () => 'ran');
    await expect(queue.run(async () => 'too many')).rejects.toBeInstanceOf(WorkQueueFullError);
    await new Promise((r) => setTimeout(r, 5));
    open();
    await held;
    expect(await waiting).toBe('ran');
  });
});

describe('how much work runs at once', () => {
  const held = (queue: ReturnType<typeof createWorkQueue>, n: number) => {
    const opens: Array<() => void> = [];
    const runs = Array.from({ length: n }, () => queue.run(() => new Promise<void>((r) => opens.push(r))));
    return {
      runs,
      release: () => {
        for (const open of opens.splice(0)) open();
      },
    };
  };
  /** Lets everything run to the end, releasing each task as it starts. */
  const finish = async (...all: Array<ReturnType<typeof held>>) => {
    const done = Promise.all(all.flatMap((h) => h.runs));
    const timer = setInterval(() => {
      for (const h of all) h.release();
    }, 2);
    await done;
    clearInterval(timer);
  };
  const tick = () => new Promise((r) => setTimeout(r, 15));

  it('starts only a few while requests keep the loop busy, and more once it has room', async () => {
    let load = { awaiting: 200, utilization: 1 };
    const queue = createWorkQueue({ concurrency: 64, floor: 2, tickMs: 5, load: () => load });
    const burst = held(queue, 100);
    for (let i = 0; i < 6; i++) await tick();
    // A burst: people wait for answers, so new work starts at the floor.
    expect(queue.limit).toBe(2);
    burst.release();
    await tick();
    // The first ones ran; still busy, so no more than the floor at once.
    expect(queue.running).toBeLessThanOrEqual(2);
    load = { awaiting: 0, utilization: 0.1 };
    const quiet = held(queue, 100);
    for (let i = 0; i < 30 && queue.limit < 64; i++) await tick();
    // Nobody waits and the loop has room (the work waits on I/O): up to the ceiling run at once.
    expect(queue.limit).toBe(64);
    expect(queue.running).toBe(64);
    await finish(burst, quiet);
  });

  it('does not grow while the loop is full, even with nobody waiting', async () => {
    const queue = createWorkQueue({
      concurrency: 32,
      floor: 1,
      tickMs: 5,
      load: () => ({ awaiting: 0, utilization: 1 }),
    });
    const work = held(queue, 40);
    for (let i = 0; i < 8; i++) await tick();
    expect(queue.limit).toBe(16);
    await finish(work);
  });
});
