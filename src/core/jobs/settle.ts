// The path of a finished project, from a webhook or the poller: confirm with the API, store the part,
// post it once, close the job, and make its card true.

import { MediaApiError, StoreUnavailableError, WORKSPACE_GONE_REASON, WorkspaceGoneError } from '../errors.ts';
import { holdLease } from '../guarantees/once.ts';
import type { Project } from '../media/schemas.ts';
import { workspaceOf } from '../platform/origin.ts';
import type { JobsContext } from './context.ts';
import { BUSY_RETRY_MS } from './context.ts';
import { CARD_PHASE } from './lifecycle.ts';
import { isFinal, type Job, type PartResult } from './model.ts';
import { renderExpired, renderFailure, renderResult } from './render.ts';
import { jobWords } from './words.ts';

export type SettleOutcome = 'settled' | 'in_progress' | 'skipped';

/** Short, and renewed while held: a process that dies frees the project within 10 s (a restart resumes soon after). */
const SETTLE_CLAIM_MS = 10_000;

export interface Settler {
  settle(jobId: string, part: number, via: 'webhook' | 'poll'): Promise<SettleOutcome>;
  /** Posts settled parts that are not posted yet (after a failed post, or parts that settled out of order). */
  deliver(jobId: string): Promise<void>;
  /** Whether a running job has a settled part not posted yet (its post failed or another holder has it). */
  undelivered(jobId: string): Promise<boolean>;
  expire(jobId: string): Promise<void>;
  abandon(jobId: string, reason: string): Promise<void>;
  /**
   * Ends a running job where nothing can be posted any more (its workspace removed the bot): no message, no
   * card edit, polling stops. True when this call ended it.
   */
  stop(jobId: string, reason: string): Promise<boolean>;
  /** A job whose record is final but whose card or pending record says otherwise (a crash between the two). */
  repair(job: Job): Promise<void>;
}

const JOBS_TOTAL_LABEL: Partial<Record<Job['state'], string>> = {
  settled: 'completed',
  failed: 'failed',
  expired: 'expired',
  abandoned: 'failed',
};

export function createSettler(ctx: JobsContext): Settler {
  const { repo, life, deps } = ctx;
  const { once } = deps;
  const { clock, logger, metrics } = deps;

  /** After a final transition: card first, then stop polling, so a crash between leaves it to repair. */
  async function closed(job: Job) {
    const label = JOBS_TOTAL_LABEL[job.state];
    if (label) metrics.inc('reelbot_jobs_total', { state: label });
    await repair(job);
  }

  async function repair(job: Job) {
    if (!isFinal(job.state)) return;
    if (job.cardShows !== CARD_PHASE[job.state]) await ctx.showCard(job);
    // Polling stops only once the end is on the store's replicas: a failover that lost it would leave the
    // promoted one a running job that nobody looks at again, its card never showing the end.
    const since = deps.store.epoch();
    if (!(await life.restateEnd(job.id))) return;
    try {
      await deps.store.replicated(since);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      logger.warn({ err, jobId: job.id }, 'the end of the job is not on a replica yet; looking again soon');
      await life.editPending(job.id, (p) => ({ ...p, nextPollAt: clock.now() + BUSY_RETRY_MS }));
      return;
    }
    // Whoever started the job hears of its end before it stops being watched: a crash in between repairs into it.
    await ctx.ended(job);
    await life.unwatch(job.id);
  }

  function toPartResult(project: Project): PartResult {
    return {
      state: project.state === 'completed' ? 'completed' : 'failed',
      projectId: project.projectId,
      error: project.error,
      outputs: project.outputs,
      delivered: false,
      settledAt: clock.now(),
      // For the completion-to-post histogram; the API's timestamp when it gives one.
      ...(Number.isFinite(Date.parse(project.completedAt ?? ''))
        ? { completedAt: Date.parse(project.completedAt ?? '') }
        : {}),
    };
  }

  /** Said in the job's thread, so in its channel's language. */
  const lostProject = (job: Job, projectId: string): PartResult => ({
    state: 'failed',
    projectId,
    error: jobWords(job.locale).t('job.lost_project', { id: projectId }),
    outputs: [],
    delivered: false,
    settledAt: clock.now(),
  });

  /** Posts settled parts in order (part 2 waits for part 1), then closes the job when all are posted. */
  async function deliver(jobId: string) {
    const job = await repo.get(jobId);
    if (job?.state !== 'running') return;
    const total = job.requests.length;
    let anyFailed = false;
    let gone = false;
    for (let i = 0; i < total; i++) {
      const result = await repo.getPart(jobId, i);
      if (!result) return;
      anyFailed ||= result.state === 'failed';
      if (result.delivered) continue;
      const label = { index: i, total, projectId: result.projectId };
      const message =
        result.state === 'completed'
          ? renderResult(job, result.outputs, label)
          : renderFailure(job, result.error ?? jobWords(job.locale).t('job.failure_no_message'), label);
      // One poster per part across replicas, held (and renewed) while posting, released after.
      const posted = await once.hold({ kind: 'delivery', jobId, part: i }, async () => {
        const now = await repo.getPart(jobId, i);
        if (now?.delivered) return;
        await ctx.post(job, message, `${jobId}:${i}`).catch(async (err: unknown) => {
          if (!(err instanceof WorkspaceGoneError)) throw err;
          gone = true;
        });
        if (gone) return;
        const since = result.completedAt ?? result.settledAt;
        deps.metrics.observe('reelbot_completion_to_post_seconds', { kind: job.kind }, (clock.now() - since) / 1000);
        await life.markDelivered(jobId, i);
      });
      if (gone) {
        await stopGone(jobId);
        return;
      }
      if (!posted.held) return;
    }
    const done = await life.transition(jobId, anyFailed ? 'failed' : 'settled');
    if (!done) return;
    if (done.job.state === 'settled') await learnDuration(done.job);
    await closed(done.job);
  }

  /** Feeds the card's estimate; a lost sample only makes the next estimate a little less informed. */
  async function learnDuration(job: Job) {
    let reels = 0;
    for (let i = 0; i < job.requests.length; i++) reels += (await repo.getPart(job.id, i))?.outputs.length ?? 0;
    await ctx.estimator
      .record(job, clock.now(), job.kind === 'clip' ? reels : 1)
      .catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'could not record how long the job took'));
  }

  async function settle(jobId: string, part: number, via: 'webhook' | 'poll'): Promise<SettleOutcome> {
    const job = await repo.get(jobId);
    const projectId = job?.projectIds[part];
    if (!job || !projectId || job.state !== 'running') return 'skipped';
    if (await repo.getPart(jobId, part)) {
      await deliver(jobId);
      return 'skipped';
    }
    // One reader per project across replicas, renewed while the API is asked, released after.
    const read = await holdLease(deps.store, `settle:${projectId}`, SETTLE_CLAIM_MS, logger, async () => {
      try {
        // The webhook body is unsigned, so only the API's own answer counts.
        const project = await deps.media.getProject(await ctx.keyFor(job), projectId, workspaceOf(job.origin));
        if (project.state === 'in_progress') return 'in_progress' as const;
        await life.settlePart(jobId, part, toPartResult(project));
        logger.info({ jobId, part, projectId, via, state: project.state }, 'project settled');
      } catch (err) {
        // The API no longer knows the project: waiting longer cannot help.
        if (!(err instanceof MediaApiError && err.status === 404)) throw err;
        await life.settlePart(jobId, part, lostProject(job, projectId));
      }
      return 'settled' as const;
    });
    if (!read.held) return 'skipped';
    if (read.value === 'in_progress') return 'in_progress';
    await deliver(jobId);
    return 'settled';
  }

  /** Ends a job that can no longer get results (e.g. the channel's key was removed), saying why. */
  async function abandon(jobId: string, reason: string) {
    const done = await life.transition(jobId, 'abandoned', { error: reason });
    if (!done) return;
    await closed(done.job);
    await ctx.post(done.job, renderFailure(done.job, reason), `${jobId}:abandoned`);
  }

  async function stop(jobId: string, reason: string) {
    const done = await life.transition(jobId, 'abandoned', { error: reason, cardShows: CARD_PHASE.abandoned });
    if (!done) return false;
    const label = JOBS_TOTAL_LABEL[done.job.state];
    if (label) metrics.inc('reelbot_jobs_total', { state: label });
    await ctx.ended(done.job);
    await life.unwatch(jobId);
    return true;
  }

  /** A result found its workspace gone (the bot was removed there): the job ends, with one line in the log. */
  async function stopGone(jobId: string) {
    if (await stop(jobId, WORKSPACE_GONE_REASON))
      logger.warn({ jobId }, 'job stopped: its workspace removed reelbot, nothing more is posted');
  }

  async function expire(jobId: string) {
    // Whatever did settle is posted before saying the rest never came.
    await deliver(jobId).catch((err: unknown) => logger.warn({ err, jobId }, 'posting before expiry failed'));
    const done = await life.transition(jobId, 'expired');
    if (!done) {
      const job = await repo.get(jobId);
      if (!job || isFinal(job.state)) await (job ? repair(job) : life.unwatch(jobId));
      return;
    }
    await closed(done.job);
    const hours = Math.round(deps.timings.horizonMs / 3600_000);
    await ctx.post(done.job, renderExpired(done.job, hours), `${jobId}:expired`);
  }

  async function undelivered(jobId: string) {
    const job = await repo.get(jobId);
    if (job?.state !== 'running') return false;
    for (let i = 0; i < job.requests.length; i++) {
      if ((await repo.getPart(jobId, i))?.delivered === false) return true;
    }
    return false;
  }

  return { settle, deliver, undelivered, expire, abandon, stop, repair };
}
