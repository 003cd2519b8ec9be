// A webhook delivery, after the listener checked it is JSON. The token must be one we issued and the
// body must name that token's project; the result itself is then read back from the API by settle.
// A delivery for a job whose creation never answered (a crash during the POST, a timeout, a 5xx after
// the API did the work) identifies the project: it is read back with the job's key, then adopted.

import { MediaApiError } from '../errors.ts';
import { deliverySchema } from '../media/schemas.ts';
import { workspaceOf } from '../platform/origin.ts';
import type { JobsContext } from './context.ts';
import { isFinal, type Job } from './model.ts';
import type { SettleOutcome, Settler } from './settle.ts';

export type Received =
  | { outcome: 'unknown_token' | 'bad_body' | 'early' | 'wrong_project' }
  /** `settle` is absent when the job has ended: nothing is left to settle (counted as a skipped settle). */
  | { outcome: 'accepted'; jobId: string; settle?: () => Promise<SettleOutcome> };

/** A backup look after a delivery, in case settling right after the answer fails. */
const POLL_AFTER_WEBHOOK_MS = 5_000;

const mayAdopt = (job: Job) => job.state === 'submitting' || (job.state === 'failed' && job.creation === 'unknown');

export function createReceive(ctx: JobsContext, settler: Settler) {
  const { repo, life, deps } = ctx;
  const { once } = deps;

  /** Confirms the project with the API under the job's key, records it, and runs the job once every part has one. */
  async function adopt(job: Job, part: number, projectId: string): Promise<Job | undefined> {
    try {
      await deps.media.getProject(await ctx.keyFor(job), projectId, workspaceOf(job.origin));
    } catch (err) {
      if (err instanceof MediaApiError && err.status === 404) return undefined;
      throw err;
    }
    const recorded = await life.recordProject(job.id, part, projectId);
    if (!recorded || recorded.projectIds.some((id) => !id)) return recorded;
    deps.logger.info({ jobId: job.id, part, projectId }, 'adopted a project whose creation answer never came');
    const ran = await life.transition(job.id, 'running', {}, (j) => j.projectIds.every(Boolean) && mayAdopt(j));
    if (ran) {
      await life.watch({ jobId: job.id, channelKey: job.channelKey, nextPollAt: deps.clock.now(), polls: 0 });
      await deps.schedulePoll?.(job.id, deps.clock.now());
      deps.metrics.inc('reelbot_jobs_total', { state: 'created' });
      await ctx.showCard(ran.job);
    }
    return ran?.job ?? recorded;
  }

  /** The answer for a delivery naming `named` for a part whose project is `expected`. */
  function judge(jobId: string, expected: string | null | undefined, named: string) {
    if (!expected) return { outcome: 'early' } as const;
    if (named === expected) return undefined;
    deps.logger.warn({ jobId }, 'webhook delivery names another project; ignored');
    return { outcome: 'wrong_project' } as const;
  }

  return async function receive(token: string, body: unknown): Promise<Received> {
    const record = await repo.findToken(token);
    if (!record) return { outcome: 'unknown_token' };
    const named = projectNamed(body);
    if (!named) return { outcome: 'bad_body' };
    const { jobId, part } = record;
    let job = await repo.get(jobId);
    if (!job) return { outcome: 'early' };
    if (!job.projectIds[part] && mayAdopt(job)) {
      const adopted = await adopt(job, part, named);
      if (!adopted) return { outcome: 'wrong_project' };
      job = adopted;
    }
    // A part that finished while the job's other parts are still being created: settling it now would be
    // skipped (the job does not run yet) and spend its read-back window, so the sender is asked to retry.
    if (job.state === 'submitting') return { outcome: 'early' };
    const refused = judge(jobId, job.projectIds[part], named);
    if (refused) return refused;
    // Ended already (a retried or repeated delivery): nothing is left to look at, so no read-back claim is
    // taken after the answer.
    if (isFinal(job.state)) return { outcome: 'accepted', jobId };
    // If settling after the answer fails, the job's poll comes soon rather than after its backoff (up to
    // 30 min): moved before the answer, so a process that dies right after answering still looks soon.
    await deps.schedulePoll?.(jobId, deps.clock.now() + POLL_AFTER_WEBHOOK_MS);
    return {
      outcome: 'accepted',
      jobId,
      settle: async () =>
        (await once.first({ kind: 'readback', jobId, part })) ? settler.settle(jobId, part, 'webhook') : 'skipped',
    };
  };
}

/** The project a delivery names, by the same rule as a project body (projectSchema), or undefined. */
const projectNamed = (body: unknown): string | undefined => {
  const parsed = deliverySchema.safeParse(body);
  return parsed.success && parsed.data.projectId ? parsed.data.projectId : undefined;
};
