// A webhook delivery, after the listener checked it is JSON. The token must be one we issued and the
// body must name that token's project; the result itself is then read back from the API by settle.
// A delivery for a job whose creation never answered (a crash during the POST, a timeout, a 5xx after
// the API did the work) identifies the project: it is read back with the job's key, then adopted.

import { MediaApiError } from '../errors.ts';
import { projectSchema } from '../media/schemas.ts';
import { createOnce } from '../once.ts';
import type { JobsContext } from './context.ts';
import { isFinal, type Job } from './model.ts';
import type { SettleOutcome, Settler } from './settle.ts';

export type Received =
  | { outcome: 'unknown_token' | 'bad_body' | 'early' | 'wrong_project' }
  | { outcome: 'accepted'; jobId: string; settle: () => Promise<SettleOutcome> };

/** A backup look after a delivery, in case settling right after the answer fails. */
const POLL_AFTER_WEBHOOK_MS = 5_000;

const mayAdopt = (job: Job) => job.state === 'submitting' || (job.state === 'failed' && job.creation === 'unknown');

export function createReceive(ctx: JobsContext, settler: Settler) {
  const { repo, life, deps } = ctx;
  const once = createOnce(deps);

  /** Confirms the project with the API under the job's key, records it, and runs the job once every part has one. */
  async function adopt(job: Job, part: number, projectId: string): Promise<Job | undefined> {
    try {
      await deps.media.getProject(await ctx.keyFor(job), projectId);
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

  return async function receive(token: string, body: unknown): Promise<Received> {
    const record = await repo.findToken(token);
    if (!record) return { outcome: 'unknown_token' };
    const parsed = projectSchema.safeParse(body);
    if (!parsed.success || !parsed.data.projectId) return { outcome: 'bad_body' };
    const named = parsed.data.projectId;
    let job = await repo.get(record.jobId);
    if (!job) return { outcome: 'early' };
    if (!job.projectIds[record.part] && mayAdopt(job)) {
      const adopted = await adopt(job, record.part, named);
      if (!adopted) return { outcome: 'wrong_project' };
      job = adopted;
    }
    const expected = job.projectIds[record.part];
    // A part that finished while the job's other parts are still being created: settling it now would be
    // skipped (the job does not run yet) and spend its read-back window, so the sender is asked to retry.
    if (!expected || job.state === 'submitting') return { outcome: 'early' };
    if (named !== expected) {
      deps.logger.warn({ jobId: job.id }, 'webhook delivery names another project; ignored');
      return { outcome: 'wrong_project' };
    }
    const jobId = job.id;
    // Ended already (a retried or repeated delivery): nothing is left to look at, so the answer costs two
    // reads and no write, and no read-back claim is taken after it.
    if (isFinal(job.state)) return { outcome: 'accepted', jobId, settle: async () => 'skipped' };
    const watched = await life.editPending(job.id, (p) => ({ ...p, seenAt: deps.clock.now() }));
    // If settling after the answer fails, the job's poll comes soon rather than after its backoff.
    if (watched) await deps.schedulePoll?.(job.id, deps.clock.now() + POLL_AFTER_WEBHOOK_MS);
    const { part } = record;
    return {
      outcome: 'accepted',
      jobId,
      settle: async () =>
        (await once.first({ kind: 'readback', jobId, part })) ? settler.settle(jobId, part, 'webhook') : 'skipped',
    };
  };
}
