import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scheduler, Task, TaskOutcome } from '../../../src/core/scheduler.ts';
import { waitFor } from '../store/helpers.ts';

// What every scheduler does, whichever technology holds the tasks. Each implementation's test file runs
// this suite with a fixture over real storage (a SQLite file, the local Redis).

export interface OpenOptions {
  /** How long a started task is held before another process may run it again. */
  leaseMs: number;
  /** First retry delay after a handler throws. */
  backoffMs: number;
  /** How long stop() waits for running handlers. */
  drainMs: number;
}

export interface SchedulerFixture {
  /** A scheduler on the fixture's durable storage; calling it again models another process or a restart. */
  open(options: OpenOptions): Promise<Scheduler>;
  /** Ends a scheduler as a crash would: its connections dropped, its running handlers never finishing. */
  kill(scheduler: Scheduler): Promise<void>;
  /** Removes everything the fixture stored. */
  cleanup(): Promise<void>;
}

const QUEUE = 'contract';
const defaults: OpenOptions = { leaseMs: 1_500, backoffMs: 100, drainMs: 5_000 };

interface Run {
  id: string;
  data: Task['data'];
  attempts: number;
  at: number;
}

export function schedulerContract(name: string, makeFixture: () => Promise<SchedulerFixture>): void {
  describe(`${name} scheduler (contract)`, () => {
    let fixture: SchedulerFixture;
    const open: Scheduler[] = [];

    beforeEach(async () => {
      fixture = await makeFixture();
    });
    afterEach(async () => {
      for (const scheduler of open.splice(0)) await scheduler.stop();
      await fixture.cleanup();
    });

    async function started(
      handler: (task: Task) => Promise<TaskOutcome>,
      options: Partial<OpenOptions> = {},
    ): Promise<Scheduler> {
      const scheduler = await fixture.open({ ...defaults, ...options });
      open.push(scheduler);
      scheduler.handle(QUEUE, handler);
      await scheduler.start();
      return scheduler;
    }

    function recorder(outcome: (task: Task) => TaskOutcome = () => undefined) {
      const runs: Run[] = [];
      const handler = async (task: Task) => {
        runs.push({ id: task.id, data: task.data, attempts: task.attempts, at: Date.now() });
        return outcome(task);
      };
      return { runs, handler };
    }

    it('runs each task once, not before it is due, in order of due time', async () => {
      const { runs, handler } = recorder();
      const scheduler = await started(handler);
      const t0 = Date.now();
      await scheduler.schedule(QUEUE, 'c', t0 + 900, { n: 3 });
      await scheduler.schedule(QUEUE, 'a', t0 + 300, { n: 1 });
      await scheduler.schedule(QUEUE, 'b', t0 + 600, { n: 2 });
      await waitFor(async () => runs.length === 3);
      expect(runs.map((r) => r.id)).toEqual(['a', 'b', 'c']);
      expect(runs.map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(runs[0]?.at).toBeGreaterThanOrEqual(t0 + 300 - 5);
      expect(runs[2]?.at).toBeGreaterThanOrEqual(t0 + 900 - 5);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(runs).toHaveLength(3);
    });

    it('keeps one task per id: scheduling it again moves it and replaces its data', async () => {
      const { runs, handler } = recorder();
      const scheduler = await started(handler);
      await scheduler.schedule(QUEUE, 'x', Date.now() + 60_000, { v: 1 });
      await scheduler.schedule(QUEUE, 'x', Date.now() + 200, { v: 2 });
      await waitFor(async () => runs.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(runs).toEqual([expect.objectContaining({ id: 'x', data: { v: 2 }, attempts: 0 })]);
    });

    it('tells a handler when its task was due, also after it was moved or asked to run again', async () => {
      // A scheduled post decides "overdue" from this; BullMQ once reported the time the job was added.
      const due: Array<{ dueAt: number; at: number }> = [];
      let asked = 0;
      const scheduler = await started(async (task) => {
        due.push({ dueAt: task.dueAt, at: Date.now() });
        if (due.length > 1) return undefined;
        asked = Date.now() + 300;
        return { again: asked };
      });
      const first = Date.now() + 60_000;
      await scheduler.schedule(QUEUE, 'post', first, {});
      const moved = Date.now() + 400;
      await scheduler.schedule(QUEUE, 'post', moved, {});
      await waitFor(async () => due.length === 2);
      expect(due[0]?.dueAt).toBe(moved);
      expect(due[1]?.dueAt).toBe(asked);
      for (const d of due) expect(d.at - d.dueAt).toBeLessThan(1_000);
    });

    it('refuses a task id BullMQ cannot take (an integer, or one with a colon)', async () => {
      const { handler } = recorder();
      const s = await started(handler);
      await expect(s.schedule(QUEUE, 'request-1:2', Date.now(), {})).rejects.toThrow(
        /must not be an integer or contain ':'/,
      );
      await expect(s.schedule(QUEUE, '42', Date.now(), {})).rejects.toThrow(/must not be an integer/);
    });

    it('cancels a task that has not started, and says whether there was one', async () => {
      const { runs, handler } = recorder();
      const scheduler = await started(handler);
      await scheduler.schedule(QUEUE, 'gone', Date.now() + 300, {});
      expect(await scheduler.cancel(QUEUE, 'gone')).toBe(true);
      expect(await scheduler.cancel(QUEUE, 'gone')).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(runs).toEqual([]);
    });

    it('runs a task again when its handler asks for it, counting the attempts', async () => {
      const { runs, handler } = recorder((task) => (task.attempts < 2 ? { again: Date.now() + 100 } : undefined));
      const scheduler = await started(handler);
      await scheduler.schedule(QUEUE, 'poll', Date.now(), { project: 'p1' });
      await waitFor(async () => runs.length === 3);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(runs.map((r) => r.attempts)).toEqual([0, 1, 2]);
      expect(runs.every((r) => r.data.project === 'p1')).toBe(true);
    });

    it('retries a handler that throws, after a backoff', async () => {
      let calls = 0;
      const times: number[] = [];
      const scheduler = await started(async () => {
        times.push(Date.now());
        calls++;
        if (calls === 1) throw new Error('upstream said 503');
        return undefined;
      });
      await scheduler.schedule(QUEUE, 'flaky', Date.now(), {});
      await waitFor(async () => calls === 2);
      expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(90);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(calls).toBe(2);
    });

    it('keeps tasks across a restart of the process and its storage', async () => {
      const first = await fixture.open(defaults);
      await first.schedule(QUEUE, 'durable', Date.now() + 500, { keep: true });
      await first.stop();
      await fixture.kill(first);
      const { runs, handler } = recorder();
      await started(handler);
      await waitFor(async () => runs.length === 1);
      expect(runs[0]).toMatchObject({ id: 'durable', data: { keep: true } });
    });

    it('runs a task again when the process running it died mid-run', async () => {
      let began = false;
      const dying = await started(async () => {
        began = true;
        return new Promise<TaskOutcome>(() => {});
      });
      await dying.schedule(QUEUE, 'orphan', Date.now(), { x: 1 });
      await waitFor(async () => began);
      await fixture.kill(dying);
      open.splice(open.indexOf(dying), 1);
      const { runs, handler } = recorder();
      await started(handler);
      await waitFor(async () => runs.length === 1, 15_000);
      expect(runs[0]).toMatchObject({ id: 'orphan', data: { x: 1 } });
    });

    it('stop() lets a running handler finish before returning', async () => {
      let finished = false;
      let began = false;
      const scheduler = await started(async () => {
        began = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
        finished = true;
        return undefined;
      });
      await scheduler.schedule(QUEUE, 'inflight', Date.now(), {});
      await waitFor(async () => began);
      await scheduler.stop();
      expect(finished).toBe(true);
    });
  });
}
