// The job service: the one door to jobs. Commands start them, the webhook listener and the poller each
// call one method, handlers ask questions; every write goes through lifecycle.ts.

import type { Output } from '../media/schemas.ts';
import type { OutMessage } from '../platform/message.ts';
import type { Reply } from '../ports.ts';
import { createJobsContext, type JobServiceDeps, type JobTimings } from './context.ts';
import { createContinuations, type JobEnded, type OnJobEnded } from './continuations.ts';
import type { Job } from './model.ts';
import { createOwedCard } from './owed-card.ts';
import { createPoll, type PollOptions } from './poll.ts';
import { createReceive, type Received } from './receive.ts';
import { createRefresh } from './refresh.ts';
import { createResume } from './resume.ts';
import { createSettler, type SettleOutcome } from './settle.ts';
import { createStart, type StartJob } from './start.ts';
import { createSubmit } from './submit.ts';

export type { JobEnded, JobServiceDeps, JobTimings, OnJobEnded, PollOptions, Received, SettleOutcome, StartJob };

/** Creating a project takes seconds; a job still "submitting" after this long never finished creating. */
const STUCK_SUBMITTING_MS = 10 * 60_000;

/** A job of another channel is answered as an unknown one: a button's id is chosen by whoever sends the click. */
export type RetryVerdict = { ok: true; job: Job } | { ok: false; reason: 'unknown' | 'running'; job?: Job };

export interface JobService {
  start(input: StartJob, reply: Reply): Promise<Job>;
  /** The webhook listener's one call: a delivery (parsed JSON) for `token`. */
  receive(token: string, body: unknown): Promise<Received>;
  /** The poller's one call: one look at one running job; returns how many projects were read back. */
  poll(jobId: string, options?: PollOptions): Promise<number>;
  /** The one path for a finished project, from a webhook or the poller: confirm, post once, update the card. */
  settle(jobId: string, part: number, via: 'webhook' | 'poll'): Promise<SettleOutcome>;
  expire(jobId: string): Promise<void>;
  /** Posts settled parts that are not posted yet (after a failed post, or parts that settled out of order). */
  deliver(jobId: string): Promise<void>;
  abandon(jobId: string, reason: string): Promise<void>;
  /** Ends a running job without posting (its workspace removed the bot); true when this call ended it. */
  stop(jobId: string, reason: string): Promise<boolean>;
  post(job: Job, message: OutMessage, idempotencyKey: string): Promise<void>;
  get(jobId: string): Promise<Job | undefined>;
  /** Jobs still running (polled), optionally only those `which` accepts. */
  running(which?: (job: Job) => boolean): AsyncIterable<Job>;
  /** The ids of the jobs the poller watches, for scanning (ids only: poll() reads each one). */
  watched(): AsyncIterable<{ jobId: string; nextPollAt: number; seen: boolean }>;
  /** One output of a finished part, only for the channel the job belongs to (a button id can be forged). */
  output(jobId: string, part: number, index: number, channelKey: string): Promise<Output | undefined>;
  /** When the poller should look at a running job next (never past its horizon); undefined once it ended. */
  nextLook(jobId: string): Promise<number | undefined>;
  /** One progress refresh of a running job (the `progress` task); when to refresh again, undefined once it ended. */
  refreshProgress(jobId: string): Promise<number | undefined>;
  /** The `card` task: shows a final state whose edit failed; when to try again, undefined once shown. */
  showOwedCard(jobId: string): Promise<number | undefined>;
  /** The `submit` check task: resumes a job whose submitting process stopped; when to look again, if ever. */
  resumeSubmitting(jobId: string): Promise<number | undefined>;
  /** Whether Retry may start this job again from `channelKey`. */
  mayRetry(jobId: string, channelKey: string): Promise<RetryVerdict>;
  /** The job that made project `projectId` (and which part), if a job of this bot made it in the last 30 days. */
  maker(projectId: string): Promise<{ job: Job; part: number } | undefined>;
  /** The key that created the job (while it runs), else its channel's key now. */
  keyFor(job: Job): Promise<string>;
  /**
   * What the continuation `name` does when a job started with `continuation: { name, … }` ends (continuations.ts): the
   * feature that starts such jobs registers it while it mounts.
   */
  whenEnded(name: string, run: OnJobEnded): void;
  /** The `job-ended` task: tells an ended job's continuation once; when to look again, undefined once told. */
  tellEnded(jobId: string): Promise<number | undefined>;
}

export function createJobService(deps: JobServiceDeps): JobService {
  const ctx = createJobsContext(deps);
  const { repo } = ctx;
  const settler = createSettler(ctx);
  const submit = createSubmit(ctx);
  const continuations = createContinuations(ctx);

  async function anyPartFailed(job: Job): Promise<boolean> {
    for (let i = 0; i < job.requests.length; i++) {
      if ((await repo.getPart(job.id, i))?.state === 'failed') return true;
    }
    return false;
  }

  return {
    start: createStart(ctx, submit),
    resumeSubmitting: createResume(ctx, submit),
    receive: createReceive(ctx, settler),
    poll: createPoll(ctx, settler),
    settle: settler.settle,
    expire: settler.expire,
    deliver: settler.deliver,
    abandon: settler.abandon,
    stop: settler.stop,
    post: ctx.post,
    refreshProgress: createRefresh(ctx),
    showOwedCard: createOwedCard(ctx),
    get: (jobId) => repo.get(jobId),
    keyFor: ctx.keyFor,
    whenEnded: continuations.register,
    tellEnded: continuations.tell,
    async *running(which = () => true) {
      for await (const p of repo.pending()) {
        const job = await repo.get(p.jobId);
        if (job?.state === 'running' && which(job)) yield job;
      }
    },
    async *watched() {
      for await (const p of repo.pending())
        yield { jobId: p.jobId, nextPollAt: p.nextPollAt, seen: p.seenAt !== undefined };
    },
    async output(jobId, part, index, channelKey) {
      const job = await repo.get(jobId);
      if (job?.channelKey !== channelKey) return undefined;
      return (await repo.getPart(jobId, part))?.outputs[index];
    },
    async nextLook(jobId) {
      const [job, pending] = await Promise.all([repo.get(jobId), repo.getPending(jobId)]);
      if (!pending) return undefined;
      // A job whose end was saved but whose pending record remains is looked at again (card repair).
      if (!job) return undefined;
      return Math.min(pending.nextPollAt, job.createdAt + deps.timings.horizonMs);
    },
    async mayRetry(jobId, channelKey) {
      const job = await repo.get(jobId);
      if (job?.channelKey !== channelKey) return { ok: false, reason: 'unknown' };
      // A job left "submitting" long ago was cut off by a restart mid-creation: it can be retried.
      if (job.state === 'submitting' && deps.clock.now() - job.updatedAt <= STUCK_SUBMITTING_MS) {
        return { ok: false, reason: 'running', job };
      }
      // The failure message (with the Retry button) is posted a moment before the job is marked failed.
      if (job.state === 'running' && !(await anyPartFailed(job))) return { ok: false, reason: 'running', job };
      return { ok: true, job };
    },
    async maker(projectId) {
      const made = await repo.getMaker(projectId);
      if (!made) return undefined;
      const job = await repo.get(made.jobId);
      // A maker written just before its creation answer was lost names a job that never recorded the project.
      return job?.projectIds[made.part] === projectId ? { job, part: made.part } : undefined;
    },
  };
}
