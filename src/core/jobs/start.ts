// A new job: its card, its record, one project per part, then polling. The project id is recorded the
// moment the API answers; when it never answers, the job's webhook token can still adopt the project.

import { MediaApiError } from '../errors.ts';
import { describeError } from '../media/describe-error.ts';
import type { ProjectKind } from '../media/enums.ts';
import type { CreateRequests } from '../media/schemas.ts';
import type { Origin, Reply } from '../ports.ts';
import type { JobsContext } from './context.ts';
import { channelKeyOf, type Job } from './model.ts';
import { PROGRESS_REFRESH_MS } from './progress.ts';
import { renderFailure, renderJobCard } from './render.ts';
import { newJobId, newWebhookToken } from './repo.ts';

export interface StartJob {
  kind: ProjectKind;
  /** One request body per part, without webhookUrl. */
  requests: Array<Record<string, unknown>>;
  summary: string;
  origin: Origin;
}

/** No answer, or a server fault: the API may have created the project all the same. */
const outcomeUnknown = (err: unknown) => !(err instanceof MediaApiError) || err.status === 0 || err.status >= 500;

function describeCreationFailure(err: unknown): string {
  if (!outcomeUnknown(err)) return describeError(err);
  const what =
    err instanceof MediaApiError && err.status >= 500
      ? `The media API had a problem (${err.status}) while creating the project.`
      : 'The media API did not answer while creating the project (network error or timeout).';
  return (
    `${what} It may have created the project anyway: if it did, the result will still be posted here when it is ` +
    'ready. Retrying now may create a second project.'
  );
}

export function createStart(ctx: JobsContext) {
  const { life, repo, deps } = ctx;
  const { clock, logger, metrics } = deps;

  async function failCreation(job: Job, err: unknown) {
    const error = describeCreationFailure(err);
    const patch = outcomeUnknown(err) ? { error, creation: 'unknown' as const } : { error };
    const failed = await life.transition(job.id, 'failed', patch);
    // Adopted meanwhile by a webhook of its own project: the job runs, nothing failed.
    if (!failed) return (await repo.get(job.id)) ?? job;
    metrics.inc('reelbot_jobs_total', { state: 'failed' });
    await ctx.showCard(failed.job);
    await ctx.post(failed.job, renderFailure(failed.job, error), `${job.id}:create-failed`);
    return failed.job;
  }

  return async function start(input: StartJob, reply: Reply): Promise<Job> {
    const channelKey = channelKeyOf(input.origin);
    const { key } = await deps.keys.resolve(channelKey);
    const now = clock.now();
    const id = newJobId();
    const sealedKey = ctx.seal(id, key);
    const draft: Job = {
      id,
      kind: input.kind,
      state: 'submitting',
      channelKey,
      origin: input.origin,
      summary: input.summary,
      requests: input.requests,
      projectIds: input.requests.map(() => null),
      ...(sealedKey ? { sealedKey } : {}),
      createdAt: now,
      updatedAt: now,
    };
    const thread = await reply.openThread(renderJobCard(draft, 'submitting'));
    const job: Job = { ...draft, thread, cardShows: 'submitting' };
    await life.open(job);
    for (const [part, body] of input.requests.entries()) {
      const token = newWebhookToken();
      await repo.saveToken(token, { jobId: job.id, part }, deps.timings.horizonMs);
      const webhookUrl = `${deps.webhookBase()}/webhooks/media/${token}`;
      try {
        const created = await deps.media.create(key, input.kind, {
          ...body,
          webhookUrl,
        } as CreateRequests[ProjectKind]);
        await life.recordProject(job.id, part, created.projectId);
      } catch (err) {
        logger.warn({ err, jobId: job.id, part }, 'project creation failed');
        return failCreation(job, err);
      }
    }
    // Persisted before the card says the project exists, so a restart cannot lose it.
    const ran = await life.transition(job.id, 'running');
    const firstPollAt = clock.now() + deps.timings.firstPollMs;
    await life.watch({ jobId: job.id, channelKey, nextPollAt: firstPollAt, polls: 0 });
    await deps.schedulePoll?.(job.id, firstPollAt);
    if (!ran) return (await repo.get(job.id)) ?? job;
    await deps.scheduleProgress?.(job.id, clock.now() + (deps.timings.progressMs ?? PROGRESS_REFRESH_MS));
    metrics.inc('reelbot_jobs_total', { state: 'created' });
    await ctx.showCard(ran.job);
    return ran.job;
  };
}
