// One look at one running job for the poller (or a scheduler): expire it past the horizon, read back
// the parts not settled yet, post what settled, and set when to look again.

import { MediaApiError, UserError } from '../errors.ts';
import { BUSY_RETRY_MS, type JobsContext } from './context.ts';
import type { Job } from './model.ts';
import type { Settler } from './settle.ts';

export interface PollOptions {
  /** Whether the job's key (its workspace's share of a shared key) may spend a request on polling now. */
  hasBudget?: (job: Job) => Promise<boolean>;
}

export function nextDelay(polls: number, timings: { firstPollMs: number; maxPollMs: number }): number {
  return Math.min(timings.maxPollMs, timings.firstPollMs * 2 ** Math.min(polls, 20));
}

/**
 * The API failed a read (5xx, no answer): look again after 5 s, doubling while it keeps failing, so the
 * end of an upstream outage is noticed within about as long as it lasted rather than after the poll
 * backoff (minutes), and a long outage still costs a few reads, not one every few seconds.
 */
const upstreamRetryMs = (failures: number) => BUSY_RETRY_MS * 2 ** Math.min(failures - 1, 16);
const isUpstreamFailure = (err: unknown) => err instanceof MediaApiError && (err.status === 0 || err.status >= 500);

/** Returns how many projects were read back. */
export function createPoll(ctx: JobsContext, settler: Settler) {
  const { repo, life, deps } = ctx;
  const { clock, logger, metrics, timings } = deps;

  return async function poll(jobId: string, options: PollOptions = {}): Promise<number> {
    const job = await repo.get(jobId);
    if (!job) {
      await life.unwatch(jobId);
      return 0;
    }
    if (job.state !== 'running') {
      // Its end was saved but the process stopped before the card (or the pending record) caught up.
      await settler.repair(job);
      return 0;
    }
    if (clock.now() - job.createdAt > timings.horizonMs) {
      await settler.expire(job.id);
      return 0;
    }
    let polled = 0;
    let busy = false;
    let upstreamFailed = false;
    for (let part = 0; part < job.requests.length; part++) {
      if (await repo.getPart(job.id, part)) continue;
      try {
        if (options.hasBudget && !(await options.hasBudget(job))) break;
        polled++;
        const outcome = await settler.settle(job.id, part, 'poll');
        metrics.inc('reelbot_polls_total', { outcome });
        busy ||= outcome === 'skipped';
      } catch (err) {
        metrics.inc('reelbot_polls_total', { outcome: 'error' });
        if (err instanceof UserError) {
          // No key any more (cleared with /setup): say so once instead of failing every tick until the horizon.
          const reason = `${err.message} Then check the result with \`/project ${job.projectIds[part]}\`.`;
          await settler.abandon(job.id, reason);
          return polled;
        }
        upstreamFailed ||= isUpstreamFailure(err);
        const level = err instanceof MediaApiError ? 'warn' : 'error';
        logger[level]({ err, jobId: job.id, part }, 'poll failed; will try again');
      }
    }
    // Parts settled earlier but not posted (a failed post, or an earlier part still running) go out now.
    await settler
      .deliver(job.id)
      .catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'posting results failed; will retry'));
    busy ||= await settler.undelivered(job.id);
    await life.editPending(job.id, (still) => {
      const polls = still.polls + 1;
      const { seenAt: _seen, failures: before, ...rest } = still;
      const failures = upstreamFailed ? (before ?? 0) + 1 : 0;
      const soon = Math.min(busy ? BUSY_RETRY_MS : Infinity, failures > 0 ? upstreamRetryMs(failures) : Infinity);
      const next = clock.now() + Math.min(soon, nextDelay(polls, timings));
      return { ...rest, polls, ...(failures > 0 ? { failures } : {}), nextPollAt: next };
    });
    return polled;
  };
}
