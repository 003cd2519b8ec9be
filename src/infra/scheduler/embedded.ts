import type { Clock, Logger, Store } from '../../core/ports.ts';
import { checkTaskId, type Scheduler, type Task, type TaskHandler, type TaskOutcome } from '../../core/scheduler.ts';
import { createDueIndex, type TaskRecord, taskKey } from './due-index.ts';

// The scheduler for one process on the store it already has (SQLite by default). Tasks and their due-time
// index live in the store, so they survive a restart; a running task is leased (moved to now + leaseMs)
// before its handler starts, so if the process dies mid-run the task runs again once the lease passes.

export interface EmbeddedSchedulerOptions {
  store: Store;
  logger: Logger;
  clock?: Clock;
  /** How long a started task is held before another start may run it again; default 60 s. */
  leaseMs?: number;
  /** Handlers running at once; default 4. */
  concurrency?: number;
  /** Longest sleep between looks at the index (catches clock jumps); default 5 s. */
  maxSleepMs?: number;
  /** Retry backoff after a handler throws: baseMs·2^failures, at most maxMs; default 1 s … 5 min. */
  backoff?: { baseMs: number; maxMs: number };
  /** A task that threw this many times in a row is dropped (and logged); default 25. */
  maxFailures?: number;
  /** How long stop() waits for running handlers; default 10 s (a container's stop timeout). */
  drainMs?: number;
}

export interface EmbeddedScheduler extends Scheduler {
  /** Runs what is due now and waits for those runs (tests drive time with this). Returns how many ran. */
  runDue(): Promise<number>;
  /** `drainMs` overrides the bound on waiting for running handlers (0 models a crash in tests). */
  stop(options?: { drainMs?: number }): Promise<void>;
}

export function backoffDelay(failures: number, backoff: { baseMs: number; maxMs: number }): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(failures, 30));
}

export function createEmbeddedScheduler(options: EmbeddedSchedulerOptions): EmbeddedScheduler {
  const { logger } = options;
  const clock = options.clock ?? { now: () => Date.now() };
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const maxSleepMs = options.maxSleepMs ?? 5_000;
  const backoff = options.backoff ?? { baseMs: 1_000, maxMs: 5 * 60_000 };
  const maxFailures = options.maxFailures ?? 25;
  const index = createDueIndex(options.store.namespace('scheduler'), logger);
  const handlers = new Map<string, TaskHandler>();
  const running = new Map<string, Promise<void>>();
  let state: 'idle' | 'started' | 'stopped' = 'idle';
  // Set when stop() gave up waiting: runs that end later leave their lease to bring the task back.
  let abandoned = false;
  let wake: (() => void) | undefined;
  let loopDone: Promise<void> | undefined;

  const poke = () => wake?.();

  async function finish(record: TaskRecord, outcome: TaskOutcome | Error) {
    // stop() gave up on this run: the process is going away; the lease brings the task back, as after a crash.
    if (abandoned) return;
    const base = { queue: record.queue, id: record.id, data: record.data, attempts: record.attempts + 1 };
    if (outcome instanceof Error) {
      const failures = record.failures + 1;
      if (failures >= maxFailures) {
        logger.error({ err: outcome, queue: record.queue, id: record.id, failures }, 'scheduler: task dropped');
        await index.remove(record.queue, record.id, record.version);
        return;
      }
      const dueAt = clock.now() + backoffDelay(failures - 1, backoff);
      logger.warn({ err: outcome, queue: record.queue, id: record.id, failures }, 'scheduler: task failed; retrying');
      await index.putIf(record.version, { ...base, dueAt, failures });
    } else if (outcome) {
      await index.putIf(record.version, { ...base, dueAt: outcome.again, failures: 0 });
    } else {
      // Removed only if nobody moved it meanwhile: a schedule() during the run stands.
      await index.remove(record.queue, record.id, record.version);
    }
  }

  async function run(record: TaskRecord, handler: TaskHandler) {
    const task: Task = {
      queue: record.queue,
      id: record.id,
      data: record.data,
      dueAt: record.dueAt,
      attempts: record.attempts,
    };
    let outcome: TaskOutcome | Error;
    try {
      outcome = await handler(task);
    } catch (error) {
      outcome = error instanceof Error ? error : new Error(String(error));
    }
    await finish(record, outcome);
  }

  async function launchDue(): Promise<{ runs: Array<Promise<void>>; nextDueAt: number | undefined }> {
    const free = concurrency - running.size;
    if (free <= 0 || state === 'stopped') return { runs: [], nextDueAt: undefined };
    const now = clock.now();
    const { leased, nextDueAt } = await index.lease(now, free, now + leaseMs, (key) => running.has(key));
    const runs = leased.map((record) => {
      const key = taskKey(record.queue, record.id);
      const handler = handlers.get(record.queue);
      const done = (handler ? run(record, handler) : missingHandler(record))
        .catch((err: unknown) =>
          logger.error({ err, queue: record.queue, id: record.id }, 'scheduler: bookkeeping failed'),
        )
        .finally(() => {
          running.delete(key);
          poke();
        });
      running.set(key, done);
      return done;
    });
    return { runs, nextDueAt: leased.length === free ? now : nextDueAt };
  }

  async function missingHandler(record: TaskRecord) {
    // A queue nobody handles in this version: keep the task (a newer replica may), look again later.
    logger.warn({ queue: record.queue, id: record.id }, 'scheduler: no handler for this queue');
  }

  async function loop() {
    while (state === 'started') {
      let nextDueAt: number | undefined;
      try {
        ({ nextDueAt } = await launchDue());
      } catch (err) {
        logger.error({ err }, 'scheduler: could not read due tasks; will try again');
      }
      if (state !== 'started') break;
      const now = clock.now();
      const sleep = Math.max(0, Math.min(maxSleepMs, (nextDueAt ?? Number.POSITIVE_INFINITY) - now));
      if (sleep === 0 && running.size < concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, sleep === 0 ? maxSleepMs : sleep);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    async schedule(queue, id, dueAt, data) {
      checkTaskId(id);
      await index.put({ queue, id, data, dueAt, attempts: 0, failures: 0 });
      poke();
    },
    cancel: (queue, id) => index.remove(queue, id),
    handle(queue, handler) {
      if (handlers.has(queue)) throw new Error(`scheduler queue "${queue}" already has a handler`);
      handlers.set(queue, handler);
    },
    async start() {
      if (state !== 'idle') return;
      state = 'started';
      loopDone = loop();
    },
    async stop(stopOptions) {
      if (state === 'stopped') return;
      const wasStarted = state === 'started';
      state = 'stopped';
      poke();
      if (wasStarted) await loopDone;
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, stopOptions?.drainMs ?? options.drainMs ?? 10_000);
      });
      await Promise.race([Promise.allSettled([...running.values()]), bound]);
      clearTimeout(timer);
      abandoned = true;
    },
    async runDue() {
      const { runs } = await launchDue();
      await Promise.all(runs);
      return runs.length;
    },
  };
}
