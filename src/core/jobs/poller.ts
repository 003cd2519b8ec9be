import { MediaApiError, UserError } from '../errors.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Clock, Logger, Store } from '../ports.ts';
import type { Pending } from './model.ts';
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

export function nextDelay(polls: number, timings: JobTimings): number {
  return Math.min(timings.maxPollMs, timings.firstPollMs * 2 ** Math.min(polls, 20));
}

export function createPoller(deps: PollerDeps): Poller {
  const { jobs, clock, logger, metrics, timings } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  // Webhooks sent while the process was down are lost: the first scan after a start polls every job.
  let catchUp = true;

  async function pollJob(p: Pending): Promise<number> {
    const job = await jobs.repo.get(p.jobId);
    if (!job) {
      await jobs.repo.removePending(p.jobId);
      return 0;
    }
    if (clock.now() - job.createdAt > timings.horizonMs) {
      await jobs.expire(job.id);
      return 0;
    }
    let polled = 0;
    for (let part = 0; part < job.requests.length; part++) {
      if (await jobs.repo.getPart(job.id, part)) continue;
      try {
        if (deps.hasBudget && !(await deps.hasBudget(job.channelKey))) break;
        polled++;
        const outcome = await jobs.settle(job.id, part, 'poll');
        metrics.inc('reelbot_polls_total', { outcome });
      } catch (err) {
        metrics.inc('reelbot_polls_total', { outcome: 'error' });
        if (err instanceof UserError) {
          // No key any more (cleared with /setup): say so once instead of failing every tick until the horizon.
          await jobs.abandon(job.id, `${err.message} Then check the result with \`/project ${job.projectIds[part]}\`.`);
          return polled;
        }
        const level = err instanceof MediaApiError ? 'warn' : 'error';
        logger[level]({ err, jobId: job.id, part }, 'poll failed; will try again');
      }
    }
    // Parts settled earlier but not posted (a failed post, or an earlier part still running) go out now.
    await jobs
      .deliver(job.id)
      .catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'posting results failed; will retry'));
    const still = await jobs.repo.getPending(job.id);
    if (still) {
      const polls = still.polls + 1;
      await jobs.repo.setPending({
        ...still,
        polls,
        seenAt: undefined,
        nextPollAt: clock.now() + nextDelay(polls, timings),
      });
    }
    return polled;
  }

  async function tick(): Promise<number> {
    let polled = 0;
    let pending = 0;
    const now = clock.now();
    const all = catchUp;
    catchUp = false;
    for await (const p of jobs.repo.pending()) {
      pending++;
      const due = all || p.nextPollAt <= now || p.seenAt !== undefined;
      if (!due) continue;
      if (!(await deps.store.claim(`poll:${p.jobId}`, Math.max(deps.tickMs, 1000)))) continue;
      try {
        polled += await pollJob(p);
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
