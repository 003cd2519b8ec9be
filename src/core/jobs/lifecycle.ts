// The only writer of job, part, pending and project-maker records. Every write is a compare-and-set on the stored
// version, so two writers (the webhook path and the poller, two replicas) retry against each other's
// result instead of overwriting it. Transitions are named and checked here; each one is logged once.

import type { Logger, ThreadRef } from '../ports.ts';
import { isFinal, type Job, type JobState, type PartResult, type Pending } from './model.ts';
import type { CardPhase } from './render.ts';
import type { JobsRepo } from './repo.ts';

/**
 * Which state may follow which. A failed creation whose outcome is unknown may still turn out to have
 * made its project (a webhook with the job's token proves it): failed → running adopts it.
 * Approval and publish states (e.g. settled → awaiting_approval → publishing → published) go here.
 */
const NEXT: Record<JobState, readonly JobState[]> = {
  submitting: ['running', 'failed'],
  running: ['settled', 'failed', 'expired', 'abandoned'],
  failed: ['running'],
  settled: [],
  expired: [],
  abandoned: [],
};

export const CARD_PHASE: Record<JobState, CardPhase> = {
  submitting: 'submitting',
  running: 'working',
  settled: 'completed',
  failed: 'failed',
  expired: 'expired',
  abandoned: 'failed',
};

export interface Transition {
  job: Job;
  from: JobState;
}

export interface Lifecycle {
  /** The new job's first record (state submitting). */
  open(job: Job): Promise<void>;
  /** Where the job's card was posted (the card is posted after the job is opened). */
  setThread(jobId: string, thread: ThreadRef): Promise<Job | undefined>;
  /**
   * Notes that part `part`'s creation request is about to leave; false when the job is no longer
   * submitting or the part was marked before by another attempt (then it must not be sent). Written before
   * every creation POST, never after. `attempt` names the caller: the same attempt asking again (its first
   * answer lost) is told true.
   */
  markSending(jobId: string, part: number, attempt?: string): Promise<boolean>;
  /** Takes back `attempt`'s mark of a part whose request certainly did not leave, so a resume sends it. */
  unmarkSending(jobId: string, part: number, attempt: string): Promise<void>;
  /** Records the project of one part; the same id again is harmless, another id is refused. */
  recordProject(jobId: string, part: number, projectId: string): Promise<Job | undefined>;
  /** Moves the job to `to` if the stored state allows it (with `patch` applied); undefined when it did not. */
  transition(
    jobId: string,
    to: JobState,
    patch?: Partial<Job>,
    when?: (job: Job) => boolean,
  ): Promise<Transition | undefined>;
  /** Notes what the card now shows, so a crash before this line is repaired later. */
  cardShown(jobId: string, phase: CardPhase): Promise<void>;
  /** Stores a part's result unless one is stored already; true when this call stored it. */
  settlePart(jobId: string, part: number, result: PartResult): Promise<boolean>;
  markDelivered(jobId: string, part: number): Promise<void>;
  /** Starts polling (idempotent: an existing record is kept). */
  watch(pending: Pending): Promise<void>;
  /** Edits the pending record if the job is still watched; false when it is not. */
  editPending(jobId: string, edit: (p: Pending) => Pending): Promise<boolean>;
  unwatch(jobId: string): Promise<void>;
  /** Notes that the job's continuation ran to its end (continuations.ts), so it is never run again. */
  noteTold(jobId: string): Promise<void>;
  /**
   * Writes an ended job's record again as it is, on the store's connection of the moment, so that its
   * replicas can be asked about it (Store.replicated); undefined when the stored job has not ended.
   */
  restateEnd(jobId: string): Promise<Job | undefined>;
}

export function createLifecycle(repo: JobsRepo, logger: Logger, now: () => number): Lifecycle {
  return {
    async open(job) {
      await repo.save(job);
      logger.info(
        { jobId: job.id, kind: job.kind, from: null, to: job.state, channel: job.channelKey },
        'job transition',
      );
    },
    setThread(jobId, thread) {
      return repo.update(jobId, (job) =>
        job && !job.thread ? { ...job, thread, cardShows: CARD_PHASE[job.state], updatedAt: now() } : undefined,
      );
    },
    async markSending(jobId, part, attempt) {
      // True only for the attempt that set the mark: a part is never sent by two callers.
      let marked = false;
      await repo.update(jobId, (current) => {
        marked = false;
        if (current?.state !== 'submitting') return undefined;
        if (current.sent?.[part]) {
          marked = attempt !== undefined && current.sentBy?.[part] === attempt;
          // Its own mark is written again, so the store's replicas can be asked about a write on the
          // connection in use now (the first one may have gone with a primary that failed over).
          return marked ? { ...current, updatedAt: now() } : undefined;
        }
        marked = true;
        const sent = current.requests.map((_, i) => i === part || (current.sent?.[i] ?? false));
        const sentBy = current.requests.map((_, i) => (i === part ? (attempt ?? null) : (current.sentBy?.[i] ?? null)));
        return { ...current, sent, sentBy, updatedAt: now() };
      });
      return marked;
    },
    async unmarkSending(jobId, part, attempt) {
      await repo.update(jobId, (current) => {
        if (current?.state !== 'submitting' || current.sentBy?.[part] !== attempt) return undefined;
        const sent = current.requests.map((_, i) => i !== part && (current.sent?.[i] ?? false));
        const sentBy = current.requests.map((_, i) => (i === part ? null : (current.sentBy?.[i] ?? null)));
        return { ...current, sent, sentBy, updatedAt: now() };
      });
    },
    async recordProject(jobId, part, projectId) {
      // Before the job names it: a maker whose job does not name the project is ignored when read
      // (service.ts), while a project named by a job but without its maker could not be shown to its own workspace.
      await repo.saveMaker(projectId, { jobId, part });
      return repo.update(jobId, (job) => {
        if (!job || job.projectIds[part] === projectId) return undefined;
        if (job.projectIds[part]) throw new Error(`job ${jobId} part ${part} already has another project`);
        const projectIds = job.projectIds.map((id, i) => (i === part ? projectId : id));
        return { ...job, projectIds, updatedAt: now() };
      });
    },
    async transition(jobId, to, patch = {}, when = () => true) {
      let from: JobState | undefined;
      const job = await repo.update(jobId, (current) => {
        from = undefined;
        if (!current || !NEXT[current.state].includes(to) || !when(current)) return undefined;
        from = current.state;
        const next: Job = { ...current, ...patch, state: to, updatedAt: now() };
        // The creating key is kept only while the job can still read results with it (running, or a
        // creation whose outcome is unknown, which a webhook may yet adopt).
        if (to !== 'running' && next.creation !== 'unknown') delete next.sealedKey;
        if (to === 'running') delete next.creation;
        return next;
      });
      if (!job || from === undefined) return undefined;
      logger.info({ jobId, kind: job.kind, from, to, channel: job.channelKey }, 'job transition');
      return { job, from };
    },
    async cardShown(jobId, phase) {
      await repo.update(jobId, (job) => (job && job.cardShows !== phase ? { ...job, cardShows: phase } : undefined));
    },
    async settlePart(jobId, part, result) {
      let stored = false;
      await repo.updatePart(jobId, part, (current) => {
        stored = current === undefined;
        return stored ? result : undefined;
      });
      return stored;
    },
    async markDelivered(jobId, part) {
      await repo.updatePart(jobId, part, (r) => (r && !r.delivered ? { ...r, delivered: true } : undefined));
    },
    async watch(pending) {
      await repo.updatePending(pending.jobId, (current) => (current ? undefined : pending));
    },
    async editPending(jobId, edit) {
      return (await repo.updatePending(jobId, (current) => (current ? edit(current) : undefined))) !== undefined;
    },
    unwatch: (jobId) => repo.removePending(jobId),
    async noteTold(jobId) {
      await repo.update(jobId, (job) => (job && !job.told ? { ...job, told: true, updatedAt: now() } : undefined));
    },
    async restateEnd(jobId) {
      const job = await repo.update(jobId, (current) => (current && isFinal(current.state) ? current : undefined));
      return job && isFinal(job.state) ? job : undefined;
    },
  };
}
