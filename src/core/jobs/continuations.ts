// Telling whoever started a job that it ended. A job may name a continuation in its record (`continuation`: a name and
// some data); the feature that starts such jobs registers what the name does (`JobService.whenEnded`), so the jobs
// feature imports none of its users (the features form a DAG). When the job ends, its telling is a durable task
// (queue `job-ended`, one per job), scheduled before the job stops being watched: a process that dies in between
// leaves the job to its poll, whose repair schedules it again. The task runs the continuation under the job's
// `continuation` claim (one process at a time, across replicas) and then notes the job told, so a continuation
// that finished is never run again; one cut short by a crash runs again, so what it does must be a
// compare-and-set on its own records (it is given the job as it ended, every time the same).
import type { Output } from '../media/schemas.ts';
import type { JobsContext } from './context.ts';
import { isFinal, type Job } from './model.ts';

/** The scheduler queue of ended jobs whose continuation is still to be told (task id = job id). */
export const ENDED_QUEUE = 'job-ended';
/** Another process holds the continuation: look again this soon (its claim lapses within 15 s if it died). */
const HELD_RETRY_MS = 5_000;
/** A continuation no feature here registered is looked at again this often, for a day after the job ended. */
const UNKNOWN_RETRY_MS = 60_000;
const UNKNOWN_KEPT_MS = 24 * 3600_000;

/** What a continuation is told: the job as it ended, the outputs of each part, and why it failed if it did. */
export interface JobEnded {
  job: Job;
  /** `settled` when every part completed; otherwise the job failed, expired or was abandoned. */
  state: Job['state'];
  /** Per part, what it made (empty for a part that failed or never settled). */
  outputs: Output[][];
  error?: string;
}

export type OnJobEnded = (ended: JobEnded) => Promise<void>;

export interface Continuations {
  /** What continuation `name` does; registered while features mount, before the scheduler starts. */
  register(name: string, run: OnJobEnded): void;
  /** The `job-ended` task: runs the job's continuation once; when to look again, undefined once told. */
  tell(jobId: string): Promise<number | undefined>;
}

export function createContinuations(ctx: JobsContext): Continuations {
  const { repo, life, deps } = ctx;
  const registered = new Map<string, OnJobEnded>();

  async function endOf(job: Job): Promise<JobEnded> {
    const outputs: Output[][] = [];
    let error = job.error;
    for (let part = 0; part < job.requests.length; part++) {
      const result = await repo.getPart(job.id, part);
      outputs.push(result?.state === 'completed' ? result.outputs : []);
      if (result?.state === 'failed') error ??= result.error ?? undefined;
    }
    return { job, state: job.state, outputs, ...(error ? { error } : {}) };
  }

  return {
    register(name, run) {
      if (registered.has(name)) throw new Error(`the job continuation "${name}" is registered twice`);
      registered.set(name, run);
    },
    async tell(jobId) {
      const seen = await repo.get(jobId);
      if (!seen?.continuation || seen.told || !isFinal(seen.state)) return undefined;
      const run = registered.get(seen.continuation.name);
      if (!run) {
        // A replica of an earlier version (a rolling deploy) may not know the name: one that does takes it later.
        const late = deps.clock.now() - seen.updatedAt > UNKNOWN_KEPT_MS;
        deps.logger.warn(
          { jobId, continuation: seen.continuation.name },
          late ? 'no feature tells this continuation; dropped' : 'no feature here tells this continuation; later',
        );
        return late ? undefined : deps.clock.now() + UNKNOWN_RETRY_MS;
      }
      const held = await deps.once.hold({ kind: 'continuation', jobId }, async () => {
        const job = await repo.get(jobId);
        if (!job?.continuation || job.told) return;
        await run(await endOf(job));
        await life.noteTold(jobId);
      });
      return held.held ? undefined : deps.clock.now() + HELD_RETRY_MS;
    },
  };
}
