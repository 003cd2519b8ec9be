// One refresh of a running job's progress (the `progress` task's work): the card is edited while its
// platform still allows it, else a short reply in the thread says the same; done once the job ends.
import type { JobsContext } from './context.ts';
import { CARD_PHASE } from './lifecycle.ts';
import { PROGRESS_REFRESH_MS, REPLY_REFRESH_MS } from './progress.ts';
import { renderJobCard } from './render.ts';
import { jobWords } from './words.ts';

/** Refreshes job `jobId`'s progress; returns when to do it again, undefined once the job is no longer running. */
export function createRefresh(ctx: JobsContext) {
  const { repo, deps } = ctx;
  return async function refresh(jobId: string): Promise<number | undefined> {
    const job = await repo.get(jobId);
    if (job?.state !== 'running' || !job.thread) return undefined;
    const port = deps.chat(job.origin.platform);
    const now = deps.clock.now();
    const pace = deps.timings.progressMs ?? PROGRESS_REFRESH_MS;
    if (!port) return now + pace;
    const line = await ctx.progress(job);
    const age = now - job.createdAt;
    if (port.cardEditMs === undefined || age < port.cardEditMs) {
      // A refresh may be skipped when the platform's budget is short (the job's final state never is), and
      // waits for that budget without holding the queue of refreshes.
      const phase = CARD_PHASE[job.state];
      void port
        .updateCard(job.thread, renderJobCard(job, phase, line), 'progress', ctx.stillShows(jobId, phase))
        .then(async (shown) => {
          // The job may have ended while this edit was on its way: its final card must stay the last word.
          const after = shown ? await repo.get(jobId) : undefined;
          if (after && after.state !== 'running') await ctx.showCard(after);
        })
        .catch((err: unknown) => deps.logger.warn({ err, jobId }, 'could not refresh the job card'));
      return now + pace;
    }
    // One reply per slot: a task that runs twice (at-least-once) posts it once.
    const slot = Math.floor(age / REPLY_REFRESH_MS);
    const text = jobWords(job.locale).t('job.still_working', { id: job.id, line });
    await ctx.post(job, { text }, `${jobId}:progress:${slot}`);
    return now + Math.max(pace, REPLY_REFRESH_MS);
  };
}
