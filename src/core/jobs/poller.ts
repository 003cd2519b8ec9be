import type { Metrics } from '../http/metrics.ts';
import type { Clock, Logger, Store } from '../ports.ts';
import type { JobService, JobTimings } from './service.ts';

// Finds what webhooks missed. Every pending job is polled with backoff; state lives in the store, so
// polling resumes after a restart, and a claim per job keeps replicas from polling the same job twice.

export interface PollerDeps {
  jobs: JobService;
  store: Store;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  timings: JobTimings;
  /** How often the pending list is scanned. */
  tickMs: number;
  /** Whether this channel's key may spend a request on polling now (keeps room for user commands). */
  hasBudget?: (channelKey: string) => Promise<boolean>;
}

export interface Poller {
  /** One scan; returns how many projects were polled. */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export { nextDelay } from './poll.ts';

export function createPoller(deps: PollerDeps): Poller {
  const { jobs, clock, logger, metrics } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  // Webhooks sent while the process was down are lost: the first scan after a start polls every job.
  let catchUp = true;
  const pollOptions = deps.hasBudget ? { hasBudget: deps.hasBudget } : {};

  async function tick(): Promise<number> {
    let polled = 0;
    let pending = 0;
    const now = clock.now();
    const all = catchUp;
    catchUp = false;
    for await (const p of jobs.watched()) {
      pending++;
      const due = all || p.nextPollAt <= now || p.seen;
      if (!due) continue;
      if (!(await deps.store.claim(`poll:${p.jobId}`, Math.max(deps.tickMs, 1000)))) continue;
      try {
        polled += await jobs.poll(p.jobId, pollOptions);
      } catch (err) {
        logger.error({ err, jobId: p.jobId }, 'poller could not handle a job');
      }
    }
    metrics.set('reelbot_jobs_pending', {}, pending);
    return polled;
  }

  function schedule() {
    timer = setTimeout(() => {
      running = tick()
        .catch((err: unknown) => logger.error({ err }, 'poller tick failed'))
        .finally(() => {
          if (timer) schedule();
        });
    }, deps.tickMs);
    timer.unref();
  }

  return {
    tick,
    start() {
      if (!timer) schedule();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
