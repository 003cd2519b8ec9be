// A new job: its record, its card, one project per part, then polling. The record comes first and a
// check task is scheduled before it, so a process that dies anywhere on the way leaves a job the check
// resumes (resume.ts); the process submitting holds the job's `submit` claim, so no other one resumes it
// while it lives. Each creation is marked as sending before it leaves (submit.ts).

import type { ProjectKind } from '../media/enums.ts';
import type { Origin, Reply } from '../ports.ts';
import type { JobsContext } from './context.ts';
import { channelKeyOf, type Job } from './model.ts';
import { renderJobCard } from './render.ts';
import { newJobId } from './repo.ts';
import { cardTag, SUBMIT_CHECK_MS } from './resume.ts';
import type { Submit } from './submit.ts';

export interface StartJob {
  kind: ProjectKind;
  /** One request body per part, without webhookUrl. */
  requests: Array<Record<string, unknown>>;
  summary: string;
  origin: Origin;
}

export function createStart(ctx: JobsContext, submit: Submit) {
  const { life, deps } = ctx;
  const { once } = deps;

  return async function start(input: StartJob, reply: Reply): Promise<Job> {
    const channelKey = channelKeyOf(input.origin);
    const { key } = await deps.keys.resolve(channelKey);
    const now = deps.clock.now();
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
    // Before the record: a check that finds no job does nothing, a job without its check would wait forever.
    await deps.scheduleCheck?.(id, now + (deps.timings.submitCheckMs ?? SUBMIT_CHECK_MS));
    const held = await once.hold({ kind: 'submit', jobId: id }, async () => {
      await life.open(draft);
      let thread: Job['thread'];
      try {
        thread = await reply.openThread(renderJobCard(draft, 'submitting'), cardTag(id));
      } catch (err) {
        // The user is told by the command's error boundary; nothing was sent to the API.
        await life.transition(id, 'failed', { error: 'The job card could not be posted.' });
        throw err;
      }
      const job = (await life.setThread(id, thread)) ?? { ...draft, thread };
      return submit(job, key);
    });
    if (!held.held) throw new Error(`job ${id} is being submitted by another process`);
    return held.value;
  };
}
