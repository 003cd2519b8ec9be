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
      const when = formatWhen(at, policy.timezone, publishWords(record.locale));
      const cause =
        why === 'down'
          ? `This post was due ${when}, while the bot was down.`
          : `The last approval came after this post's time (${when}), so it was not posted late.`;
      await say(
        record,
        {
          text: `⏰ ${cause} ${mention(record.requester.userId)}, post it now, or pick a new time? (Cancel drops it.)`,
          controls: requestControls(record, false, publishWords(record.locale)),
        },
        `overdue:${at}`,
      );
    },

    /** New time on an overdue post: held again for `at`, with the approvals it had. */
    async reschedule(id: string, actor: Member, at: number): Promise<string> {
      const now = clock.now();
      const { record, refusal } = await update(id, (cur) => {
        if (!mayCancel(cur, actor))
          return 'Only the person who asked, or someone who may configure the bot, can pick a new time.';
        if (cur.state !== 'overdue') return decidedText(cur, actor.t);
        const from = cur.content.scheduleAt ?? cur.updatedAt;
        return {
          ...cur,
          state: 'scheduled',
          content: { ...cur.content, scheduleAt: at },
          moved: { ...personOf(actor), at: now, from },
        };
      });
      if (refusal || !record) return refusal ?? 'That publish request no longer exists.';
      await deps.scheduler.schedule(deps.publishQueue, id, at, { id });
      const { timezone } = await policies.get(record.channelKey);
      const from = record.moved?.from ?? at;
      await say(
        record,
        {
          text: `🗓️ ${mention(actor.userId)} moved this post to ${formatWhen(at, timezone, publishWords(record.locale))} (it was due ${formatWhen(from, timezone, publishWords(record.locale))}). The approvals given still count.`,
        },
        `moved:${now}`,
      );
      return `Moved: it will be posted ${formatWhen(at, timezone, actor.t)}.`;
    },
  };
}
