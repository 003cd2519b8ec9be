import { MediaApiError } from '../errors.ts';
import type { KeyResolver } from '../keys.ts';
import { describeError } from '../media/describe-error.ts';
import type { ProjectKind } from '../media/enums.ts';
import type { CreateRequests, Project } from '../media/schemas.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ChatPort, Clock, Logger, MediaApi, Origin, Platform, Reply, Store } from '../ports.ts';
import type { OutMessage } from '../render/message.ts';
import { channelKeyOf, type Job, type PartResult } from './model.ts';
import { renderExpired, renderFailure, renderJobCard, renderResult } from './render.ts';
import { createJobsRepo, type JobsRepo, newJobId, newWebhookToken } from './repo.ts';

export interface JobTimings {
  /** Delay before the first poll of a new project. */
  firstPollMs: number;
  /** Longest gap between polls. */
  maxPollMs: number;
  /** Stop waiting after this long. */
  horizonMs: number;
}

export interface JobServiceDeps {
  store: Store;
  media: MediaApi;
  keys: KeyResolver;
  /** Where results are posted with the bot's own credentials, by platform. */
  chat: (platform: Platform) => ChatPort | undefined;
  logger: Logger;
  clock: Clock;
  metrics: Metrics;
  /** Base URL the media API reaches our webhook listener at (known once the listener is up). */
  webhookBase: () => string;
  timings: JobTimings;
  /** (Re)schedules the job's poll task (the poller's queue in the scheduler); absent, nothing polls. */
  schedulePoll?: (jobId: string, dueAt: number) => Promise<void>;
}

export interface StartJob {
  kind: ProjectKind;
  /** One request body per part, without webhookUrl. */
  requests: Array<Record<string, unknown>>;
  summary: string;
  origin: Origin;
}

/** How long one process may hold a project while confirming and posting its result. */
const SETTLE_CLAIM_MS = 5 * 60_000;

export interface JobService {
  readonly repo: JobsRepo;
  start(input: StartJob, reply: Reply): Promise<Job>;
  /** The one path for a finished project, from a webhook or the poller: confirm, post once, update the card. */
  settle(jobId: string, part: number, via: 'webhook' | 'poll'): Promise<'settled' | 'in_progress' | 'skipped'>;
  expire(jobId: string): Promise<void>;
  /** Posts settled parts that are not posted yet (after a failed post, or parts that settled out of order). */
  deliver(jobId: string): Promise<void>;
  abandon(jobId: string, reason: string): Promise<void>;
  post(job: Job, message: OutMessage, idempotencyKey: string): Promise<void>;
  /** Moves the job's next poll to `dueAt` (e.g. a webhook said it finished). */
  schedulePoll(jobId: string, dueAt: number): Promise<void>;
}

export function createJobService(deps: JobServiceDeps): JobService {
  const repo = createJobsRepo(deps.store, deps.logger);
  const { clock, metrics, logger } = deps;

  async function post(job: Job, message: OutMessage, idempotencyKey: string) {
    const port = deps.chat(job.origin.platform);
    if (!port || !job.thread) throw new Error(`no way to post to ${job.origin.platform} for job ${job.id}`);
    await port.postInThread(job.thread, message, idempotencyKey);
  }

  async function updateCard(job: Job, phase: Parameters<typeof renderJobCard>[1]) {
    const port = deps.chat(job.origin.platform);
    if (!port || !job.thread) return;
    // A card that cannot be edited (deleted, too old) must not stop results from being posted.
    await port.updateCard(job.thread, renderJobCard(job, phase)).catch((err: unknown) => {
      logger.warn({ err, jobId: job.id }, 'could not update the job card');
    });
  }

  async function failCreation(job: Job, err: unknown) {
    job.state = 'failed';
    job.error = describeError(err);
    job.updatedAt = clock.now();
    await repo.save(job);
    metrics.inc('reelbot_jobs_total', { state: 'failed' });
    await updateCard(job, 'failed');
    await post(job, renderFailure(job, job.error), `${job.id}:create-failed`);
  }

  async function schedulePoll(jobId: string, dueAt: number) {
    await deps.schedulePoll?.(jobId, dueAt);
  }

  async function start(input: StartJob, reply: Reply): Promise<Job> {
    const channelKey = channelKeyOf(input.origin);
    const { key } = await deps.keys.resolve(channelKey);
    const now = clock.now();
    const job: Job = {
      id: newJobId(),
      kind: input.kind,
      state: 'submitting',
      channelKey,
      origin: input.origin,
      summary: input.summary,
      requests: input.requests,
      projectIds: input.requests.map(() => null),
      createdAt: now,
      updatedAt: now,
    };
    job.thread = await reply.openThread(renderJobCard(job, 'submitting'));
    await repo.save(job);
    for (const [part, body] of input.requests.entries()) {
      const token = newWebhookToken();
      await repo.saveToken(token, { jobId: job.id, part }, deps.timings.horizonMs);
      const webhookUrl = `${deps.webhookBase()}/webhooks/media/${token}`;
      try {
        const created = await deps.media.create(key, input.kind, {
          ...body,
          webhookUrl,
        } as CreateRequests[ProjectKind]);
        job.projectIds[part] = created.projectId;
      } catch (err) {
        logger.warn({ err, jobId: job.id, part }, 'project creation failed');
        await failCreation(job, err);
        return job;
      }
    }
    job.state = 'pending';
    job.updatedAt = clock.now();
    // Persisted before the card says the project exists, so a restart cannot lose it.
    await repo.save(job);
    await repo.setPending({ jobId: job.id, channelKey, nextPollAt: clock.now() + deps.timings.firstPollMs, polls: 0 });
    await schedulePoll(job.id, clock.now() + deps.timings.firstPollMs);
    metrics.inc('reelbot_jobs_total', { state: 'created' });
    await updateCard(job, 'working');
    return job;
  }

  const lostProject = (projectId: string) => ({
    state: 'failed' as const,
    projectId,
    error:
      `The media API no longer knows project ${projectId} (404): it may have been removed, or this channel's API key ` +
      'changed since the job started.',
    outputs: [],
    delivered: false,
  });

  function toPartResult(project: Project): PartResult {
    return {
      state: project.state === 'completed' ? 'completed' : 'failed',
      projectId: project.projectId,
      error: project.error,
      outputs: project.outputs,
      delivered: false,
      settledAt: clock.now(),
      ...(Number.isFinite(Date.parse(project.completedAt ?? ''))
        ? { completedAt: Date.parse(project.completedAt ?? '') }
        : {}),
    };
  }

  /** Posts settled parts in order (part 2 waits for part 1), then closes the job when all are posted. */
  async function deliverReady(jobId: string) {
    const job = await repo.get(jobId);
    if (job?.state !== 'pending') return;
    const total = job.requests.length;
    let anyFailed = false;
    for (let i = 0; i < total; i++) {
      const result = await repo.getPart(jobId, i);
      if (!result) return;
      anyFailed ||= result.state === 'failed';
      if (result.delivered) continue;
      // One poster per part across replicas; the claim lapses if this process dies before posting.
      if (!(await deps.store.claim(`deliver:${jobId}:${i}`, SETTLE_CLAIM_MS))) return;
      const label = { index: i, total, projectId: result.projectId };
      const message =
        result.state === 'completed'
          ? renderResult(job, result.outputs, label)
          : renderFailure(job, result.error ?? 'The media API reported a failure without a message.', label);
      try {
        await post(job, message, `${jobId}:${i}`);
        const since = result.completedAt ?? result.settledAt;
        metrics.observe('reelbot_completion_to_post_seconds', { kind: job.kind }, (clock.now() - since) / 1000);
        await repo.savePart(jobId, i, { ...result, delivered: true });
      } catch (err) {
        // Not posted: free the part so the next poll posts it (a platform outage must not lose a result).
        await deps.store.release(`deliver:${jobId}:${i}`);
        throw err;
      }
    }
    await finish(job, anyFailed ? 'failed' : 'completed');
  }

  async function finish(job: Job, state: 'completed' | 'failed') {
    if (!(await deps.store.claim(`finish:${job.id}`, SETTLE_CLAIM_MS))) return;
    job.state = state;
    job.updatedAt = clock.now();
    await repo.save(job);
    await repo.removePending(job.id);
    metrics.inc('reelbot_jobs_total', { state });
    await updateCard(job, state);
  }

  /** Ends a job that can no longer get results (e.g. the channel's key was removed), saying why. */
  async function abandon(jobId: string, reason: string) {
    const job = await repo.get(jobId);
    if (job?.state !== 'pending') return;
    job.error = reason;
    await finish(job, 'failed');
    await post(job, renderFailure(job, reason), `${jobId}:abandoned`);
  }

  async function settle(jobId: string, part: number, via: 'webhook' | 'poll') {
    const job = await repo.get(jobId);
    const projectId = job?.projectIds[part];
    if (!job || !projectId || job.state !== 'pending') return 'skipped';
    if (await repo.getPart(jobId, part)) {
      await deliverReady(jobId);
      return 'skipped';
    }
    const claimKey = `settle:${projectId}`;
    if (!(await deps.store.claim(claimKey, SETTLE_CLAIM_MS))) return 'skipped';
    try {
      const { key } = await deps.keys.resolve(job.channelKey);
      // The webhook body is unsigned, so only the API's own answer counts.
      const project = await deps.media.getProject(key, projectId);
      if (project.state === 'in_progress') {
        await deps.store.release(claimKey);
        return 'in_progress';
      }
      await repo.savePart(jobId, part, toPartResult(project));
      logger.info({ jobId, part, projectId, via, state: project.state }, 'project settled');
    } catch (err) {
      if (!(err instanceof MediaApiError && err.status === 404)) {
        await deps.store.release(claimKey);
        throw err;
      }
      // The API no longer knows the project: waiting longer cannot help.
      await repo.savePart(jobId, part, { ...lostProject(projectId), settledAt: clock.now() });
    }
    await deliverReady(jobId);
    return 'settled';
  }

  async function expire(jobId: string) {
    // Whatever did settle is posted before saying the rest never came.
    await deliverReady(jobId).catch((err: unknown) => logger.warn({ err, jobId }, 'posting before expiry failed'));
    const job = await repo.get(jobId);
    if (job?.state !== 'pending') {
      await repo.removePending(jobId);
      return;
    }
    if (!(await deps.store.claim(`expire:${jobId}`, SETTLE_CLAIM_MS))) return;
    job.state = 'expired';
    job.updatedAt = clock.now();
    await repo.save(job);
    await repo.removePending(jobId);
    metrics.inc('reelbot_jobs_total', { state: 'expired' });
    await updateCard(job, 'expired');
    await post(job, renderExpired(job, Math.round(deps.timings.horizonMs / 3600_000)), `${jobId}:expired`);
  }

  return { repo, start, settle, expire, post, deliver: deliverReady, abandon, schedulePoll };
}
