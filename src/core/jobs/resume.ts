// The check task of a job still "submitting" (queue `submit`, task id = job id, scheduled when the job
// opens): if the process that was submitting it stopped, this resumes it. The process submitting holds
// the job's `submit` claim (renewed), so while it lives the check only looks again later; once it is
// gone the claim lapses (10 s) and one process, whichever runs the task, takes it. Parts never sent are
// sent now; a part that may have been sent is never sent again (submit.ts).

import type { JobsContext } from './context.ts';
import type { Job } from './model.ts';
import type { Submit } from './submit.ts';
import { jobWords } from './words.ts';

export const SUBMIT_QUEUE = 'submit';
/** After the submitting process's claim (10 s) has lapsed, had it died at once. */
export const SUBMIT_CHECK_MS = 12_000;
/** A live process is still submitting (a slow API): look again this soon. */
const RECHECK_MS = 5_000;

/** The tag the card is posted with, so a resume can find a card whose answer never came back. */
export const cardTag = (jobId: string): string => `${jobId}:card`;

export function createResume(ctx: JobsContext, submit: Submit) {
  const { repo, life, deps } = ctx;
  const { once } = deps;

  /** The job with its card's place, asked of the platform when the process died before it heard. */
  async function withCard(job: Job): Promise<Job | undefined> {
    if (job.thread) return job;
    const port = deps.chat(job.origin.platform);
    // The card shows the job id (render.ts): where the platform keeps no tag, that is how it is known.
    const thread = await port?.findCard?.(job.origin, cardTag(job.id), job.id);
    if (thread) return life.setThread(job.id, thread);
    // No card to update and no thread to post in: the user saw the command fail, nothing was sent.
    deps.logger.warn({ jobId: job.id }, 'a job stopped before its card was posted; nothing was sent');
    const failed = await life.transition(job.id, 'failed', {
      error: jobWords(job.locale).t('job.stopped_before_card'),
    });
    if (failed) await ctx.ended(failed.job);
    return undefined;
  }

  /** Resumes `jobId` if its submitting process stopped; when to look again, undefined when done. */
  return async function resume(jobId: string): Promise<number | undefined> {
    const seen = await repo.get(jobId);
    if (seen?.state !== 'submitting') {
      // It failed before it was watched (its creation refused): a continuation a crash left untold is told now.
      if (seen && !(await repo.getPending(jobId))) await ctx.ended(seen);
      return undefined;
    }
    const held = await once.hold({ kind: 'submit', jobId }, async () => {
      const stopped = await repo.get(jobId);
      if (stopped?.state !== 'submitting') return;
      const job = await withCard(stopped);
      if (!job) return;
      deps.logger.info({ jobId, sent: job.sent ?? [] }, 'resuming a job a stopped process left submitting');
      await submit(job, await ctx.keyFor(job));
    });
    return held.held ? undefined : deps.clock.now() + RECHECK_MS;
  };
}
