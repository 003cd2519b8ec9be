// What a command does after its acknowledgement (posting the card, creating the project, store writes)
// waits here, so that in a burst the work of earlier commands, all on the one event loop, never delays the
// next acknowledgement past the platforms' 3 s. How much work runs at once follows who is waiting: while
// requests wait for their answers (a burst), new work starts a few at a time and the answers go first;
// once nobody waits, many run at once, because most of a job's time is spent waiting (the API, Slack's
// 1-post-per-second pacing of its card), not computing.
import { performance } from 'node:perf_hooks';
import { UserError } from '../errors.ts';

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
  /** How many may run at once right now (between the floor and `concurrency`). */
  readonly limit: number;
}

/** What the queue looks at to decide how much work may run now. */
export interface LoopLoad {
  /** Requests received and not yet answered (the HTTP edge counts them): people waiting now. */
  awaiting: number;
  /** Share of the time the event loop ran code rather than waiting for I/O since the last look, 0 to 1. */
  utilization: number;
}

export interface WorkQueueOptions {
  /**
   * Most tasks running at once; default 256: a job holds its slot about a second while Slack paces its
   * card edits, so a burst of a thousand drains in seconds only if many wait at once.
   */
  concurrency?: number;
  /** Fewest tasks running at once, however busy the loop (default 4, or `concurrency` if lower). */
  floor?: number;
  /** Waiting tasks beyond which new work is refused; default 10,000 (a burst, not a flood). */
  maxDepth?: number;
  metrics?: WorkQueueMetrics;
  now?: () => number;
  /** How often the limit is adjusted while there is work (default 25 ms). */
  tickMs?: number;
  /**
   * Requests the HTTP edge has received and not yet answered (web/answers-awaited.ts, handed in by the
   * composition root); default none, as for the console, which answers at once.
   */
  awaiting?: () => number;
  /** Reads the load; default: this process (processLoad over `awaiting`). Tests pass their own. */
  load?: () => LoopLoad;
}

/** Told to the person when the bot is too far behind to take more work right now. */
export class WorkQueueFullError extends UserError {
  constructor() {
    super('The bot is very busy right now; please try again in a minute.');
  }
}

export const WORK_QUEUE_DEPTH = 'reelbot_work_queue_depth';
export const WORK_QUEUE_WAIT = 'reelbot_work_queue_wait_seconds';

/** More answers awaited than this: a burst is being answered, so new work starts at the floor. */
const BUSY_AWAITING = 4;
/** Work grows again only while (almost) nobody waits and the loop has room. */
const CALM_AWAITING = 1;
const CALM_UTILIZATION = 0.9;

/** This process: its requests awaiting an answer, and its event loop's utilization since the last call. */
export function processLoad(awaiting: () => number = () => 0): () => LoopLoad {
  let last = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(current, last);
    last = current;
    return { awaiting: awaiting(), utilization };
  };
}

export function createWorkQueue(options: WorkQueueOptions = {}): WorkQueue {
  const max = Math.max(1, options.concurrency ?? 256);
  const floor = Math.min(max, Math.max(1, options.floor ?? 4));
  const maxDepth = options.maxDepth ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const tickMs = options.tickMs ?? 25;
  const waiting: Array<() => void> = [];
  let running = 0;
  // Starts modest: the first work of a burst arrives while the burst is still being read.
  const initial = Math.min(max, Math.max(floor, 16));
  let limit = initial;
  let timer: NodeJS.Timeout | undefined;
  let load: (() => LoopLoad) | undefined;

  const report = () => options.metrics?.set(WORK_QUEUE_DEPTH, {}, waiting.length);

  /**
   * Drops to the floor while people wait for answers, and grows by half again once nobody does and the
   * loop has room. Not timer lateness or utilization alone: on a shared machine a process descheduled now
   * and then looks busy by both, and a burst's work would drain far too slowly.
   */
  function adjust() {
    load ??= options.load ?? processLoad(options.awaiting);
    const { awaiting, utilization } = load();
    if (awaiting > BUSY_AWAITING) limit = floor;
    else if (awaiting <= CALM_AWAITING && utilization < CALM_UTILIZATION && waiting.length > 0)
      limit = Math.min(max, limit + Math.max(4, Math.ceil(limit / 2)));
    fill();
    if (running === 0 && waiting.length === 0) stopWatching();
  }

  function watch() {
    if (timer || max === floor) return;
    load = undefined;
    timer = setInterval(adjust, tickMs);
    // Never what keeps the process alive.
    timer.unref();
  }

  function stopWatching() {
    clearInterval(timer);
    timer = undefined;
    // Idle again: the next burst starts modestly, not at what the last drain grew to.
    limit = initial;
  }

  function fill() {
    while (running < limit && waiting.length > 0) {
      const start = waiting.shift();
      report();
      start?.();
    }
  }

  const next = () => {
    running--;
    fill();
  };

  return {
    get depth() {
      return waiting.length;
    },
    get running() {
      return running;
    },
    get limit() {
      return limit;
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      if (waiting.length >= maxDepth) return Promise.reject(new WorkQueueFullError());
      const queued = now();
      watch();
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running++;
          options.metrics?.observe(WORK_QUEUE_WAIT, {}, (now() - queued) / 1000);
          // Started on a later turn of the loop, after the I/O waiting now (the next requests), so the
          // acknowledgement that queued it is flushed and the requests behind it are read first.
          setImmediate(() => {
            Promise.resolve().then(task).then(resolve, reject).finally(next);
          });
        };
        if (running < limit && waiting.length === 0) start();
        else {
          waiting.push(start);
          report();
        }
      });
    },
  };
}
