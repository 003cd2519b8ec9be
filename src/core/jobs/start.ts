// A new job: its record, its card, one project per part, then polling. The record comes first and a
// check task is scheduled before it, so a process that dies anywhere on the way leaves a job the check
// resumes (resume.ts); the process submitting holds the job's `submit` claim, so no other one resumes it
// while it lives. Each creation is marked as sending before it leaves (submit.ts).

import { StoreUnavailableError } from '../errors.ts';
import type { ProjectKind } from '../media/enums.ts';
import type { Origin, Reply } from '../ports.ts';
import type { JobsContext } from './context.ts';
import { type Continuation, channelKeyOf, type Job } from './model.ts';
import { renderJobCard } from './render.ts';
import { newJobId } from './repo.ts';
import { cardTag, SUBMIT_CHECK_MS } from './resume.ts';
import type { Submit } from './submit.ts';
import { jobWords } from './words.ts';

/** How long a new job's record is written again after the store moved to a promoted primary. */
const REOPEN_WITHIN_MS = 3_000;

export interface StartJob {
  kind: ProjectKind;
  /** One request body per part, without webhookUrl. */
  requests: Array<Record<string, unknown>>;
  summary: string;
  origin: Origin;
  /** Whom to tell when the job ends (continuations.ts): a continuation the starting feature registered. */
  continuation?: Continuation;
}

export function createStart(ctx: JobsContext, submit: Submit) {
  const { life, deps } = ctx;
  const { once } = deps;

  /**
   * Opens the job and has the replicas confirm it. When the store's connection moved meanwhile (a planned
   * switchover: the record may be on the old primary only), it is written again on the promoted one and
   * confirmed there, within a few seconds, so the switchover is not a refusal; anything else is told at once.
   */
  async function openReplicated(draft: Job): Promise<void> {
    const deadline = deps.clock.now() + REOPEN_WITHIN_MS;
    for (;;) {
      const since = deps.store.epoch();
      await life.open(draft);
      try {
        await deps.store.replicated(since);
        return;
      } catch (err) {
        const moved = deps.store.epoch() !== since;
        if (!(err instanceof StoreUnavailableError) || !moved || deps.clock.now() > deadline) throw err;
      }
    }
  }

  return async function start(input: StartJob, reply: Reply): Promise<Job> {
    const channelKey = channelKeyOf(input.origin);
    const { key } = await deps.keys.resolve(channelKey);
    // Its card and results are read by the whole channel: in the channel's language, kept with the job.
    const locale = await deps.channelLocale?.(channelKey, input.origin);
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
      ...(locale ? { locale } : {}),
      requests: input.requests,
      projectIds: input.requests.map(() => null),
      ...(sealedKey ? { sealedKey } : {}),
      ...(input.continuation ? { continuation: input.continuation } : {}),
      createdAt: now,
      updatedAt: now,
    };
    // Before the record: a check that finds no job does nothing, a job without its check would wait forever.
    await deps.scheduleCheck?.(id, now + (deps.timings.submitCheckMs ?? SUBMIT_CHECK_MS));
    const held = await once.hold({ kind: 'submit', jobId: id }, async () => {
      // On the replicas before anything is shown or sent (with the command's own only-once claim, written
      // earlier on the same connection): a failover cannot lose a job whose card is out. While none
      // acknowledges, the command is refused, which is still true: nothing was done.
      await openReplicated(draft);
      let thread: Job['thread'];
      try {
        thread = await reply.openThread(renderJobCard(draft, 'submitting'), cardTag(id));
      } catch (err) {
        // The user is told by the command's error boundary; nothing was sent to the API.
        await life.transition(id, 'failed', { error: jobWords(draft.locale).t('job.card_not_posted') });
        throw err;
      }
      // The person sees the card now, and the job's check task would resume it: from here the job goes on
      // whatever the store does, and is never answered "try again" (which would make a second one).
      const job: Job = { ...draft, thread };
      try {
        return await submit((await ctx.keep('note the card', () => life.setThread(id, thread))) ?? job, key);
      } catch (err) {
        if (!(err instanceof StoreUnavailableError)) throw err;
        deps.logger.error({ err, jobId: id }, 'the store stayed unavailable while a job was submitted');
        // Its check task resumes it (or its project's webhook adopts it) once the store is back. The edit
        // waits for the platform's budget on its own: the command's work does not wait with it.
        void deps
          .chat(job.origin.platform)
          // The job is not lost, nor to be sent again: the card says so.
          ?.updateCard(thread, renderJobCard(job, 'submitting', jobWords(job.locale).t('job.store_away')), 'change')
          .catch((e: unknown) => deps.logger.warn({ err: e, jobId: id }, 'could not update the job card'));
        return job;
      }
    });
    if (!held.held) throw new Error(`job ${id} is being submitted by another process`);
    return held.value;
  };
}
