// A job's final card state is owed like its results: an edit that failed (a timeout, a 5xx, the process
// stopping while the edit waited for the platform's budget) is tried again by one durable task per job in
// the scheduler's `card` queue until the card shows the end, from CARD_RETRY_MS after the failure, backing
// off as the job's end grows older, up to 30 min.
import type { JobsContext } from './context.ts';
import { CARD_PHASE } from './lifecycle.ts';
import { isFinal } from './model.ts';
import { CARD_RETRY_MS } from './progress.ts';

export { CARD_QUEUE } from './progress.ts';

const CARD_RETRY_MAX_MS = 30 * 60_000;

/** Shows job `jobId`'s final state if its card does not yet; when to try again, undefined once shown (or moot). */
export function createOwedCard(ctx: JobsContext) {
  const { repo, deps } = ctx;
  return async function showOwedCard(jobId: string): Promise<number | undefined> {
    const job = await repo.get(jobId);
    if (!job || !isFinal(job.state) || job.cardShows === CARD_PHASE[job.state]) return undefined;
    if (await ctx.tryShowCard(job)) return undefined;
    const now = deps.clock.now();
    const since = now - job.updatedAt;
    if (since > deps.timings.horizonMs) {
      deps.logger.error(
        { jobId },
        'gave up showing the final state on the job card: it kept failing until the horizon',
      );
      return undefined;
    }
    return now + Math.min(CARD_RETRY_MAX_MS, Math.max(deps.timings.cardRetryMs ?? CARD_RETRY_MS, since));
  };
}
