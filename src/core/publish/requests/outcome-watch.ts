// A publish whose outcome nobody will write: the store away past the bound of the outcome's writes, or the
// process gone mid-call. Each attempt gets a durable watch before its call (queue `publish-stale`, one task
// per attempt), and a start looks for attempts left `publishing`: either way the request is shown as outcome
// unknown, never assumed posted or not, and the thread is told once.
import type { Scheduler, Task, TaskOutcome } from '../../scheduler.ts';
import { decidedText } from '../approvals/approvals.ts';
import { publishWords } from '../words.ts';
import type { PublishRequestRecord } from './model.ts';
import type { PublishRepo } from './repo.ts';
import type { RequestWrites } from './request-writes.ts';

/**
 * The scheduler queue of publish attempts' watches (one task per attempt, id = `<request id>-<attempt>`): an
 * attempt still `publishing` once stale is shown as outcome unknown while the bot runs, not only at a start.
 */
export const STALE_QUEUE = 'publish-stale';
/**
 * Why an outcome is unknown, kept on the request in its language: a process stopped mid-call (found by `recover`
 * at the next start), or the bot ran on but the call's outcome could not be written (the store away past the
 * bound of its writes).
 */
const STOPPED = 'publish.thread.stopped';
const UNRECORDED = 'publish.thread.unrecorded';
type Why = typeof STOPPED | typeof UNRECORDED;
const whyText = (r: PublishRequestRecord, why: Why): string => publishWords(r.locale).t(why);

export interface OutcomeWatchDeps {
  repo: PublishRepo;
  scheduler: Scheduler;
  clock: { now(): number };
  writes: RequestWrites;
  /** An attempt `publishing` this long has an outcome nobody will write. */
  staleMs: number;
  /** Requests still waiting when the bot starts get their expiry and reminders armed again. */
  rearm(r: PublishRequestRecord): Promise<void>;
}

export function createOutcomeWatch(deps: OutcomeWatchDeps) {
  const { repo, scheduler, clock, writes } = deps;

  /** Shows a request still publishing (the attempt `ours` accepts) as outcome unknown, and says why once. */
  async function unknownOutcome(id: string, ours: (r: PublishRequestRecord) => boolean, why: Why): Promise<void> {
    const { record } = await writes.update(id, (cur) =>
      cur.state === 'publishing' && ours(cur)
        ? { ...cur, state: 'unknown', error: whyText(cur, why) }
        : decidedText(cur, publishWords(cur.locale)),
    );
    if (record) await tellUnknown(record);
  }
  const tellUnknown = (r: PublishRequestRecord) =>
    writes.say(
      r,
      { text: publishWords(r.locale).t('publish.thread.outcome_unknown', { error: r.error ?? '' }) },
      `recovered:${r.attempt}`,
    );

  return {
    /** The watch of an attempt just moved to `publishing`, due when it is stale (the same id again only moves it). */
    async watch(r: PublishRequestRecord): Promise<void> {
      await scheduler.schedule(STALE_QUEUE, `${r.id}-${r.attempt}`, r.updatedAt + deps.staleMs, {
        id: r.id,
        attempt: r.attempt,
      });
    },

    /**
     * An attempt's watch is due: if the request is still publishing on that attempt, the outcome was never
     * written (the store away past the bound of its writes, or the process gone): it is shown as unknown,
     * never assumed. Anything else (an outcome written, a later attempt) is left as it is.
     */
    async onStale(task: Task): Promise<TaskOutcome> {
      const id = String(task.data.id);
      const attempt = Number(task.data.attempt);
      const r = await repo.get(id);
      if (!r || r.attempt !== attempt) return undefined;
      // Shown already but not yet said (a run cut off between the two, run again): the thread is told once.
      if (r.state === 'unknown' && r.error === whyText(r, UNRECORDED)) await tellUnknown(r);
      if (r.state !== 'publishing') return undefined;
      const due = r.updatedAt + deps.staleMs;
      if (clock.now() < due) return { again: due };
      await unknownOutcome(id, (cur) => cur.attempt === attempt, UNRECORDED);
      return undefined;
    },

    /** Requests a dead process left in `publishing`: their outcome is unknown, never assumed. */
    async recover(staleMs: number): Promise<void> {
      for await (const r of repo.all()) {
        // Requests from before expiry had its own task get one (scheduling the same id again moves it).
        if (r.state === 'pending') await deps.rearm(r);
        if (r.state !== 'publishing' || clock.now() - r.updatedAt < staleMs) continue;
        await unknownOutcome(r.id, () => true, STOPPED);
      }
    },
  };
}
