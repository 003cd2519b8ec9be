import { StoreUnavailableError } from '../errors.ts';
import type { Metrics } from '../metrics.ts';
import type { Clock, Logger } from '../ports.ts';
import type { Scheduler, TaskOutcome } from '../scheduler.ts';
import { BUSY_RETRY_MS } from './context.ts';
import type { JobService, JobTimings, PollOptions } from './service.ts';

// Finds what webhooks missed. Each pending job is one task in the scheduler's `poll` queue (task id = job
// id, so a second schedule moves it instead of adding another): it settles what finished, posts what is
// settled, and asks to run again with backoff while the job runs, or expires the job at the horizon.
// A tick therefore costs what is due, not what is pending; the store keeps the tasks across restarts.

export const POLL_QUEUE = 'poll';

export interface PollerDeps {
  jobs: JobService;
  scheduler: Scheduler;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  timings: JobTimings;
  /** Whether the job's key (its workspace's share of a shared key) may spend a request on polling now. */
  hasBudget?: PollOptions['hasBudget'];
  /**
   * Webhooks sent while no process was up are lost, so the first start polls every pending job at once
   * (one pass over the pending list per start, never per tick). Off for replicas sharing Redis: the
   * others were up and heard them.
   */
  catchUpOnStart?: boolean;
}

export interface Poller {
  /** Polls one job now (the `poll` queue's handler, declared by the jobs feature); says when to run again, if ever. */
  pollJob(jobId: string): Promise<TaskOutcome>;
  /** With catch-up, schedules every pending job's poll for now (the jobs feature's recovery at start). */
  start(): Promise<void>;
}

export { nextDelay } from './poll.ts';

export function createPoller(deps: PollerDeps): Poller {
  const { jobs, clock, logger, metrics } = deps;
  const pollOptions = deps.hasBudget ? { hasBudget: deps.hasBudget } : {};

  /** One look through the jobs service (which writes when to look next), then the task moves there. */
  async function pollJob(jobId: string): Promise<TaskOutcome> {
    try {
      await jobs.poll(jobId, pollOptions);
      const next = await jobs.nextLook(jobId);
      return next === undefined ? undefined : { again: Math.max(next, clock.now()) };
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      // The store is away (a failover: the scheduler's own connection may already be on the new primary):
      // look again soon rather than through the scheduler's failure path, whose own writes may be lost
      // with the old primary and leave the task to its lock's expiry.
      logger.warn({ err, jobId }, 'poll: the store is unavailable; looking again soon');
      return { again: clock.now() + BUSY_RETRY_MS };
    }
  }

  async function catchUp() {
    let pending = 0;
    const now = clock.now();
    for await (const p of jobs.watched()) {
      pending++;
      await deps.scheduler.schedule(POLL_QUEUE, p.jobId, now, {});
    }
    metrics.set('reelbot_jobs_pending', {}, pending);
  }

  return {
    pollJob,
    async start() {
      if (deps.catchUpOnStart ?? true) {
        await catchUp().catch((err: unknown) => logger.error({ err }, 'poller: catching up after start failed'));
      }
    },
  };
}
