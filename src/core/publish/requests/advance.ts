// What a request's approvals call for once they change: published at once, held by the scheduler for its time
// (overdue if that time already passed), or left waiting with its expiry and reminders armed.
import type { Scheduler } from '../../scheduler.ts';
import { decidedText, expiresAt, quorumReached } from '../approvals/approvals.ts';
import type { Policy, PolicyRepo } from '../approvals/policy.ts';
import { publishWords } from '../words.ts';
import type { createMissedSlots } from './missed-slot.ts';
import type { Person, PublishRequestRecord } from './model.ts';
import type { Publisher } from './publisher.ts';
import type { Reminders } from './reminders.ts';
import type { PublishRepo } from './repo.ts';
import type { RequestWrites } from './request-writes.ts';
import { formatWhen } from './schedule-time.ts';

/** The scheduler queue of posts held for their time (one task per request, id = request id). */
export const PUBLISH_QUEUE = 'publish';
/** The scheduler queue of approval expiries: the card is redrawn when approvals run out, without a click. */
export const EXPIRY_QUEUE = 'publish-expiry';

export interface AdvanceDeps {
  repo: PublishRepo;
  policies: PolicyRepo;
  scheduler: Scheduler;
  clock: { now(): number };
  writes: RequestWrites;
  publisher: Publisher;
  missed: ReturnType<typeof createMissedSlots>;
  reminders: Reminders;
}

export function createAdvance(deps: AdvanceDeps) {
  const { repo, policies, scheduler, clock, writes, publisher, missed, reminders } = deps;

  const ready = (cur: PublishRequestRecord, p: Policy) => cur.state === 'pending' && quorumReached(cur, p, clock.now());

  return {
    /** (Re)arms the redraw for when approvals run out, and the reminders; on create, on edit and after a restart. */
    async rearm(r: PublishRequestRecord): Promise<void> {
      if (r.state !== 'pending') return;
      const policy = await policies.get(r.channelKey);
      await scheduler.schedule(EXPIRY_QUEUE, r.id, expiresAt(r, policy), { id: r.id });
      await reminders.arm(r);
    },

    /** After approvals change: publish now, hold for its time, or keep waiting. */
    async advance(r: PublishRequestRecord, by: Person | undefined): Promise<void> {
      const policy = await policies.get(r.channelKey);
      if (!ready(r, policy)) return;
      const at = r.content.scheduleAt;
      if (at !== null && at > clock.now()) {
        // The task first: a request held with no task would never be posted, while a task whose request was
        // not moved (the store went away between the two) finds it waiting at its time and does nothing.
        await scheduler.schedule(PUBLISH_QUEUE, r.id, at, { id: r.id });
        const { record } = await writes.update(r.id, (cur, p) =>
          ready(cur, p) ? { ...cur, state: 'scheduled' } : decidedText(cur, publishWords(cur.locale)),
        );
        if (record) {
          const t = publishWords(record.locale);
          const text = t.t('publish.thread.scheduled', { when: formatWhen(at, policy.timezone, t) });
          await writes.say(record, { text }, `scheduled:${record.updatedAt}`);
        }
        return;
      }
      // The quorum came after the post's time: asked, never posted late without a word.
      if (at !== null) return missed.ask(r, 'late');
      await publisher.publish(r.id, by, (cur, p) => (ready(cur, p) ? cur : undefined));
    },

    /** A request still waiting whose quorum is met (what it called for never happened); else undefined. */
    async stalled(id: string): Promise<PublishRequestRecord | undefined> {
      const r = await repo.get(id);
      const policy = r && (await policies.get(r.channelKey));
      if (!r || !policy || !ready(r, policy)) return undefined;
      return r;
    },
  };
}

export type Advance = ReturnType<typeof createAdvance>;
