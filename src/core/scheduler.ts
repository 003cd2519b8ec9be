// The scheduler port: durable delayed work (polls of pending projects, delivery retries, expiry at the
// horizon, scheduled social posts). Two implementations: an embedded one on the store (one process,
// SQLite) and BullMQ on Redis (several replicas). Both are at-least-once: a task may run twice (a replica
// dies mid-task, a retry), so effects stay guarded by the "once" claims.

/** JSON-serialisable task payload. */
export type TaskData = Record<string, unknown>;

export interface Task {
  queue: string;
  /**
   * Unique within its queue: scheduling the same id again moves the one task, never adds a second. A BullMQ job
   * id, so never an integer and without `:` (BullMQ refuses both).
   */
  id: string;
  data: TaskData;
  /** When it was due (ms since epoch). */
  dueAt: number;
  /** How many times this task has run before (0 the first time). */
  attempts: number;
}

/**
 * Throws for a task id BullMQ would refuse (an integer, or one with `:`), in every scheduler: a queue that
 * works on the embedded scheduler must not be refused on Redis only, where tests run less often.
 */
export function checkTaskId(id: string): void {
  if (id.includes(':') || /^\d+$/.test(id)) {
    throw new Error(`task id "${id}" must not be an integer or contain ':' (BullMQ refuses both)`);
  }
}

/** What a handler asks for next: nothing (done), or to run again at `at` (e.g. poll a running project later). */
export type TaskOutcome = undefined | { again: number };

export type TaskHandler = (task: Task) => Promise<TaskOutcome>;

/** How one `schedule` call may wait. */
export interface ScheduleOptions {
  /**
   * How long it may wait for the task to be kept where a failover cannot lose it (a replica's acknowledgement)
   * before failing as unavailable; default the scheduler's own (30 s on Redis). A command's first step passes a
   * few seconds: the person is told within 5 s, not after the whole wait.
   */
  keptWithinMs?: number;
}

export interface Scheduler {
  /** Adds task `id` to `queue`, due at `dueAt`; if it exists, moves it to `dueAt` and replaces its data. */
  schedule(queue: string, id: string, dueAt: number, data: TaskData, options?: ScheduleOptions): Promise<void>;
  /** Removes a task that has not started; false when there was none. */
  cancel(queue: string, id: string): Promise<boolean>;
  /** The handler of a queue (one per queue); register before start(). A handler that throws is retried with backoff. */
  handle(queue: string, handler: TaskHandler): void;
  start(): Promise<void>;
  /** Stops taking tasks, waits (bounded) for the running ones, closes connections. */
  stop(): Promise<void>;
}
