import { MediaApiError, UserError } from '../errors.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Clock, Logger } from '../ports.ts';
import type { Scheduler, Task, TaskOutcome } from '../scheduler/scheduler.ts';
import type { JobService, JobTimings } from './service.ts';

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
  /** Whether this channel's key may spend a request on polling now (keeps room for user commands). */
  hasBudget?: (channelKey: string) => Promise<boolean>;
  /**
   * Webhooks sent while no process was up are lost, so the first start polls every pending job at once
   * (one pass over the pending list per start, never per tick). Off for replicas sharing Redis: the
   * others were up and heard them.
   */
  catchUpOnStart?: boolean;
}

export interface Poller {
  /** Polls one job now (the `poll` task's handler); says when to run again, if ever. */
  pollJob(jobId: string, polls: number): Promise<TaskOutcome>;
  /** Registers the handler; with catch-up, schedules every pending job's poll for now. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function nextDelay(polls: number, timings: JobTimings): number {
  return Math.min(timings.maxPollMs, timings.firstPollMs * 2 ** Math.min(polls, 20));
}

export function createPoller(deps: PollerDeps): Poller {
  const { jobs, clock, logger, metrics, timings } = deps;

  /** Settles each unsettled part; false when the job was ended on the way (its key is gone). */
  async function settleParts(jobId: string, projectIds: Array<string | null>, channelKey: string): Promise<boolean> {
    for (let part = 0; part < projectIds.length; part++) {
      if (await jobs.repo.getPart(jobId, part)) continue;
      try {
        if (deps.hasBudget && !(await deps.hasBudget(channelKey))) break;
        const outcome = await jobs.settle(jobId, part, 'poll');
        metrics.inc('reelbot_polls_total', { outcome });
      } catch (err) {
        metrics.inc('reelbot_polls_total', { outcome: 'error' });
        if (err instanceof UserError) {
          // No key any more (cleared with /setup): say so once instead of failing every poll until the horizon.
          await jobs.abandon(jobId, `${err.message} Then check the result with \`/project ${projectIds[part]}\`.`);
          return false;
        }
        const level = err instanceof MediaApiError ? 'warn' : 'error';
        logger[level]({ err, jobId, part }, 'poll failed; will try again');
      }
    }
    return true;
  }

  async function pollJob(jobId: string, polls: number): Promise<TaskOutcome> {
    const job = await jobs.repo.get(jobId);
    if (!job) {
      await jobs.repo.removePending(jobId);
      return undefined;
    }
    if (job.state !== 'pending') return undefined;
    const horizonAt = job.createdAt + timings.horizonMs;
    if (clock.now() >= horizonAt) {
      await jobs.expire(job.id);
      return undefined;
    }
    if (!(await settleParts(job.id, job.projectIds, job.channelKey))) return undefined;
    // Parts settled earlier but not posted (a failed post, or an earlier part still running) go out now.
    await jobs
      .deliver(job.id)
      .catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'posting results failed; will retry'));
    if (!(await jobs.repo.getPending(job.id))) return undefined;
    // Never past the horizon, so the expiry message comes when promised.
    return { again: Math.min(clock.now() + nextDelay(polls + 1, timings), horizonAt) };
  }

  async function catchUp() {
    let pending = 0;
    const now = clock.now();
    for await (const p of jobs.repo.pending()) {
      pending++;
      await deps.scheduler.schedule(POLL_QUEUE, p.jobId, now, {});
    }
    metrics.set('reelbot_jobs_pending', {}, pending);
  }

  let registered = false;
  return {
    pollJob,
    async start() {
      if (!registered) {
        registered = true;
        deps.scheduler.handle(POLL_QUEUE, (task: Task) => pollJob(task.id, task.attempts));
      }
      if (deps.catchUpOnStart ?? true) {
        await catchUp().catch((err: unknown) => logger.error({ err }, 'poller: catching up after start failed'));
      }
    },
    // The scheduler owns the running polls; the app stops it.
    async stop() {},
  };
}
