// Sending a job's creations, one project per part, from start or from a resume after a crash. Before
// each creation POST the job notes durably that the request may leave (`Lifecycle.markSending`): a part
// never marked was certainly never sent and is sent now; a part marked but without a project may have
// been created (a process died with the request in flight), so it is never sent again — creating a
// project is not idempotent. Its own webhook can still adopt it (receive.ts), and the thread is told so.

import { MediaApiError, StoreUnavailableError } from '../errors.ts';
import type { Translator } from '../i18n/catalogue.ts';
import { describeError } from '../media/describe-error.ts';
import type { ProjectKind } from '../media/enums.ts';
import type { CreateRequests } from '../media/schemas.ts';
import { workspaceOf } from '../platform/origin.ts';
import type { JobsContext } from './context.ts';
import type { Job } from './model.ts';
import { PROGRESS_REFRESH_MS } from './progress.ts';
import { renderFailure } from './render.ts';
import { newWebhookToken } from './repo.ts';
import { jobWords } from './words.ts';

/** No answer, or a server fault: the API may have created the project all the same. */
const outcomeUnknown = (err: unknown) => !(err instanceof MediaApiError) || err.status === 0 || err.status >= 500;

/** A part marked as sending whose process stopped before the answer: sent or not, nobody knows (in `t`'s words). */
export const interrupted = (t: Translator): string => t.t('job.interrupted', { mayExist: t.t('job.may_exist') });

/** Why a creation failed, said in the job's thread: in its channel's language. */
function describeCreationFailure(err: unknown, t: Translator): string {
  if (!outcomeUnknown(err)) return describeError(err, t);
  const mayExist = t.t('job.may_exist');
  return err instanceof MediaApiError && err.status >= 500
    ? t.t('job.creation_server', { status: String(err.status), mayExist })
    : t.t('job.creation_silent', { mayExist });
}

export type Submit = (job: Job, key: string) => Promise<Job>;

export function createSubmit(ctx: JobsContext): Submit {
  const { life, repo, deps } = ctx;
  const { clock, logger, metrics } = deps;

  // Every store step of a submission comes after the job card is out (start.ts): each is tried again while
  // the store is unavailable rather than refused, since the job goes on (or is resumed) all the same.
  const { keep } = ctx;
  const latest = async (job: Job) => (await keep('read the job', () => repo.get(job.id))) ?? job;

  async function failCreation(job: Job, error: string, unknown: boolean) {
    const failed = await keep('record a failed creation', () =>
      life.transition(job.id, 'failed', unknown ? { error, creation: 'unknown' } : { error }),
    );
    // Adopted meanwhile by a webhook of its own project: the job runs, nothing failed.
    if (!failed) return latest(job);
    metrics.inc('reelbot_jobs_total', { state: 'failed' });
    await ctx.showCard(failed.job);
    await keep('post a failed creation', () =>
      ctx.post(failed.job, renderFailure(failed.job, error), `${job.id}:create-failed`),
    );
    // Not watched, so its check task (resume.ts) tells again whatever a crash here left untold.
    await keep('tell that the job ended', () => ctx.ended(failed.job));
    return failed.job;
  }

  /** Sends one part's creation (marked as sending just before); 'stop' when it failed and the job was told. */
  async function send(
    job: Job,
    part: number,
    key: string,
    token: string,
    attempt: string,
  ): Promise<'created' | 'stop'> {
    const body = job.requests[part] ?? {};
    const webhookUrl = `${deps.webhookBase()}/webhooks/media/${token}`;
    let projectId: string;
    try {
      ({ projectId } = await deps.media.create(
        key,
        job.kind,
        { ...body, webhookUrl } as CreateRequests[ProjectKind],
        workspaceOf(job.origin),
      ));
    } catch (err) {
      if (err instanceof StoreUnavailableError) {
        // The shared budget could not be counted (its Redis away or moving): the request never left, so the
        // mark is taken back and the job's check sends it once the store is back.
        await keep('take back a creation mark', () => life.unmarkSending(job.id, part, attempt)).catch((e: unknown) =>
          logger.warn({ err: e, jobId: job.id, part }, 'could not take back a creation mark'),
        );
        throw err;
      }
      logger.warn({ err, jobId: job.id, part }, 'project creation failed');
      await failCreation(job, describeCreationFailure(err, jobWords(job.locale)), outcomeUnknown(err));
      return 'stop';
    }
    // The project exists: its record is written however long the store takes (recording the same id twice is harmless).
    await keep('record a created project', () => life.recordProject(job.id, part, projectId));
    return 'created';
  }

  /**
   * Marks the part as sending, and has the mark on the replicas before the request leaves: a mark a
   * failover lost would let the job's check send the creation a second time. While no replica
   * acknowledges, it waits (marking again: the mark may have gone with the primary); if none does within
   * the bound, the mark is taken back (the request certainly did not leave) and the job is left to its
   * check. False when another attempt marked the part.
   */
  async function markReplicated(job: Job, part: number, attempt: string, token: string): Promise<boolean> {
    try {
      return await keep('mark a creation as sending', async () => {
        // The card's place and the webhook's token with the mark, so they are on the replicas too: a failover
        // that lost them would leave a result with nowhere to go, or a webhook nobody recognises.
        const since = deps.store.epoch();
        if (job.thread) await life.setThread(job.id, job.thread);
        await repo.saveToken(token, { jobId: job.id, part }, deps.timings.horizonMs);
        const marked = await life.markSending(job.id, part, attempt);
        if (marked) await deps.store.replicated(since);
        return marked;
      });
    } catch (err) {
      await life.unmarkSending(job.id, part, attempt).catch((e: unknown) => {
        logger.warn({ err: e, jobId: job.id, part }, 'could not take back a creation mark');
      });
      throw err;
    }
  }

  return async function submit(job, key) {
    // Names this submission's marks, so a mark written whose answer was lost is known as its own.
    const attempt = newWebhookToken();
    for (let part = 0; part < job.requests.length; part++) {
      if (job.projectIds[part]) continue;
      // Durably before the request leaves: a crash from here on leaves the part "maybe sent".
      const token = newWebhookToken();
      if (!job.sent?.[part] && (await markReplicated(job, part, attempt, token))) {
        if ((await send(job, part, key, token, attempt)) === 'stop') return latest(job);
        continue;
      }
      const now = await keep('read the job', () => repo.get(job.id));
      if (now?.state !== 'submitting') return now ?? job;
      if (now.projectIds[part]) continue;
      logger.warn(
        { jobId: job.id, part },
        'a creation may have been sent by a process that stopped; not sending it again',
      );
      return failCreation(now, interrupted(jobWords(now.locale)), true);
    }
    // Persisted before the card says the project exists, so a restart cannot lose it.
    const ran = await keep('start the job', () => life.transition(job.id, 'running'));
    const firstPollAt = clock.now() + deps.timings.firstPollMs;
    await keep('watch the job', () =>
      life.watch({ jobId: job.id, channelKey: job.channelKey, nextPollAt: firstPollAt, polls: 0 }),
    );
    await keep('schedule the first poll', async () => deps.schedulePoll?.(job.id, firstPollAt));
    // Not moved by this call: adopted by a webhook meanwhile, or moved by this call's own earlier try whose
    // answer the store lost; either way a running job's card is made to say so (the same edit twice is not made).
    const running = ran?.job ?? (await latest(job));
    if (running.state !== 'running') return running;
    await keep('schedule progress', async () =>
      deps.scheduleProgress?.(job.id, clock.now() + (deps.timings.progressMs ?? PROGRESS_REFRESH_MS)),
    );
    if (ran) metrics.inc('reelbot_jobs_total', { state: 'created' });
    await ctx.showCard(running);
    return running;
  };
}
