// A post that missed its time is never posted late without asking: when the bot was down at that time,
// or when the quorum was reached only after it, the request becomes `overdue` and its thread asks the
// requester (or someone who may configure the bot) to Post now, pick a New time, or Cancel. A new time
// holds the approved post again: the approvals given still count (they approved what is posted; the time
// was missed by the team, not changed by the requester), and who moved it is recorded and said.
import { mention, type OutMessage } from '../../platform/message.ts';
import type { Clock } from '../../ports.ts';
import type { Scheduler } from '../../scheduler.ts';
import { decidedText, mayCancel, quorumReached } from '../approvals/approvals.ts';
import type { Member } from '../approvals/decide.ts';
import type { PolicyRepo } from '../approvals/policy.ts';
import { publishWords } from '../words.ts';
import { type Decide, type Decided, type PublishRequestRecord, personOf } from './model.ts';
import { requestControls } from './render.ts';
import { formatWhen } from './schedule-time.ts';

export interface MissedSlotDeps {
  policies: PolicyRepo;
  scheduler: Scheduler;
  clock: Clock;
  /** The scheduler queue of held posts. */
  publishQueue: string;
  update(id: string, decide: Decide): Promise<Decided>;
  say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void>;
}

/** Why a post's time passed: the bot was down then, or the last approval came after it. */
export type Missed = 'down' | 'late';

export function createMissedSlots(deps: MissedSlotDeps) {
  const { update, say, clock, policies } = deps;

  return {
    /** Moves a request that missed its time to `overdue` and asks in its thread what to do. */
    async ask(r: PublishRequestRecord, why: Missed): Promise<void> {
      const from = why === 'down' ? 'scheduled' : 'pending';
      const { record } = await update(r.id, (cur, policy) =>
        cur.state === from && (why === 'down' || quorumReached(cur, policy, clock.now()))
          ? { ...cur, state: 'overdue' }
          : decidedText(cur, publishWords(cur.locale)),
      );
      if (!record) return;
      const policy = await policies.get(record.channelKey);
      const at = record.content.scheduleAt ?? record.updatedAt;
      const t = publishWords(record.locale);
      const when = formatWhen(at, policy.timezone, t);
      const cause = t.t(why === 'down' ? 'publish.thread.missed_down' : 'publish.thread.missed_late', { when });
      await say(
        record,
        {
          text: t.t('publish.thread.missed', { cause, requester: mention(record.requester.userId) }),
          controls: requestControls(record, false, t),
        },
        `overdue:${at}`,
      );
    },

    /** New time on an overdue post: held again for `at`, with the approvals it had. */
    async reschedule(id: string, actor: Member, at: number): Promise<string> {
      const now = clock.now();
      const { record, refusal } = await update(id, (cur) => {
        if (!mayCancel(cur, actor)) return actor.t.t('publish.when.not_yours');
        if (cur.state !== 'overdue') return decidedText(cur, actor.t);
        const from = cur.content.scheduleAt ?? cur.updatedAt;
        return {
          ...cur,
          state: 'scheduled',
          content: { ...cur.content, scheduleAt: at },
          moved: { ...personOf(actor), at: now, from },
        };
      });
      if (refusal || !record) return refusal ?? actor.t.t('publish.when.gone');
      await deps.scheduler.schedule(deps.publishQueue, id, at, { id });
      const { timezone } = await policies.get(record.channelKey);
      const from = record.moved?.from ?? at;
      // Said in the thread in the request's language, and to the one who moved it in theirs.
      const t = publishWords(record.locale);
      await say(
        record,
        {
          text: t.t('publish.thread.moved', {
            who: mention(actor.userId),
            when: formatWhen(at, timezone, t),
            from: formatWhen(from, timezone, t),
          }),
        },
        `moved:${now}`,
      );
      return actor.t.t('publish.when.moved', { when: formatWhen(at, timezone, actor.t) });
    },
  };
}
