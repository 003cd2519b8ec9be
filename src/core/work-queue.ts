// What a command does after its acknowledgement (posting the card, creating the project, store writes)
// waits here, a few at a time. Measured on the 2-core machine: with 200 signed /clip in flight every
// acknowledgement waited behind the work of the commands before it (p99 688 ms against 67 ms for a bare
// server), because all that work ran at once on the one event loop. With a concurrency limit, a burst
// queues its work and the next request is read, acknowledged and answered first.
import { UserError } from './errors.ts';

export interface WorkQueueMetrics {
  set(name: string, labels: Record<string, string>, value: number): void;
  observe(name: string, labels: Record<string, string>, seconds: number): void;
}

export interface WorkQueue {
  /** Runs `task` when a slot is free; rejects with `WorkQueueFullError` when `maxDepth` tasks already wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks waiting for a slot (not counting the ones running). */
  readonly depth: number;
  readonly running: number;
}

export interface WorkQueueOptions {
  /**
   * Tasks running at once; default 16: enough to keep the store and the APIs busy (and to ride out a few
   * posts held by a channel's 1-per-second pacing), few enough to leave the loop free for acknowledgements.
   */
  concurrency?: number;
  /** Waiting tasks beyond which new work is refused; default 10,000 (a burst, not a flood). */
  maxDepth?: number;
  metrics?: WorkQueueMetrics;
  now?: () => number;
}

/** Told to the person when the bot is too far behind to take more work right now. */
export class WorkQueueFullError extends UserError {
  constructor() {
    super('The bot is very busy right now; please try again in a minute.');
  }
}

export const WORK_QUEUE_DEPTH = 'reelbot_work_queue_depth';
export const WORK_QUEUE_WAIT = 'reelbot_work_queue_wait_seconds';

export function createWorkQueue(options: WorkQueueOptions = {}): WorkQueue {
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const maxDepth = options.maxDepth ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const waiting: Array<() => void> = [];
  let running = 0;

  const report = () => options.metrics?.set(WORK_QUEUE_DEPTH, {}, waiting.length);

  const next = () => {
    running--;
    const start = waiting.shift();
    report();
    start?.();
  };

  return {
    get depth() {
      return waiting.length;
    },
    get running() {
      return running;
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency && waiting.length >= maxDepth) return Promise.reject(new WorkQueueFullError());
      const queued = now();
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running++;
          options.metrics?.observe(WORK_QUEUE_WAIT, {}, (now() - queued) / 1000);
          // Started on a later turn of the loop, so the acknowledgement that queued it is flushed first.
          setImmediate(() => {
            Promise.resolve().then(task).then(resolve, reject).finally(next);
          });
        };
        if (running < concurrency) start();
        else {
          waiting.push(start);
          report();
        }
      });
    },
  };
}
