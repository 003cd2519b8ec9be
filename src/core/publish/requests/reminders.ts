// Reminders of a request that waits for its quorum, so it does not stall unseen in a busy channel: after
// the channel's `remind` wait, then every `remind`, at most 3 times, while it is pending and its approvals
// have not run out; and one `remind` before a scheduled time (at once when that is closer), so a post does
// not miss its slot quietly. One scheduler task per request (id = request id) moves from one reminder to
// the next; each is posted through the outbox under its own key and counted on the request, so a replayed
// task, a second replica or a restart never posts it twice. An edit starts the count again: its approvals
// start over too, so it is a new ask.
import type { Translator } from '../../i18n/catalogue.ts';
import { groupMention, mention, type OutMessage } from '../../platform/message.ts';
import type { Clock } from '../../ports.ts';
import type { Scheduler, Task, TaskOutcome } from '../../scheduler.ts';
import {
  countedApprovals,
  expiresAt,
  isExpired,
  membersBehind,
  quorumReached,
  validApprovals,
  waitsForOutsideReviewer,
} from '../approvals/approvals.ts';
import { needsApproval, type Policy, type PolicyRepo } from '../approvals/policy.ts';
import { publishWords } from '../words.ts';
import type { PublishRequestRecord } from './model.ts';
import type { PublishRepo } from './repo.ts';
import { formatWhen } from './schedule-time.ts';

/** The scheduler queue of reminders (one task per request, id = request id). */
export const REMIND_QUEUE = 'publish-remind';
/** Reminders while a request waits; the one before its scheduled time comes on top. */
export const MAX_REMINDERS = 3;

export type Reminder = { kind: 'wait'; n: number; at: number } | { kind: 'slot'; at: number };

/** The reminders a request is still owed, earliest first: none once it is decided, or with `remind=off`. */
export function owedReminders(r: PublishRequestRecord, policy: Policy): Reminder[] {
  const every = policy.remindMs;
  if (r.state !== 'pending' || every === null || !needsApproval(policy)) return [];
  const sent = r.reminded?.editedAt === r.editedAt ? r.reminded : { count: 0, slot: false };
  // When the approvals run out nobody can act any more; the expiry tells the requester itself.
  const end = r.editedAt + policy.expiryMs;
  const owed: Reminder[] = [];
  for (let n = sent.count + 1; n <= MAX_REMINDERS; n++) {
    const at = r.editedAt + n * every;
    if (at < end) owed.push({ kind: 'wait', n, at });
  }
  const slot = r.content.scheduleAt;
  if (slot !== null && !sent.slot) {
    const at = Math.max(r.editedAt, slot - every);
    if (at < slot && at < end) owed.push({ kind: 'slot', at });
  }
  return owed.sort((a, b) => a.at - b.at);
}

/** `2 days`, `5 hours`, `12 minutes`: how long until the approvals run out, as people say it (in one unit). */
function inUnits(ms: number): { unit: 'day' | 'hour' | 'minute'; n: number } {
  if (ms >= 24 * 3600_000) return { unit: 'day', n: Math.round(ms / (24 * 3600_000)) };
  if (ms >= 3600_000) return { unit: 'hour', n: Math.round(ms / 3600_000) };
  return { unit: 'minute', n: Math.max(1, Math.round(ms / 60_000)) };
}

/**
 * Who can still give an approval, as mentions: the named members (not the requester unless self-approval
 * is allowed, not those whose approval already counts) and the named roles or user groups. Empty when
 * anyone may approve.
 */
export function stillAble(r: PublishRequestRecord, policy: Policy, now: number): string[] {
  const counted = membersBehind(r, policy, validApprovals(r, policy, now));
  return policy.approvers.flatMap((a) => {
    if (a.startsWith('role:')) return [groupMention(a.slice(5))];
    if ((a === r.requester.userId && !policy.selfApprove) || counted.has(a)) return [];
    return [mention(a)];
  });
}

function whoText(r: PublishRequestRecord, policy: Policy, now: number, t: Translator): string {
  if (policy.approvers.length === 0)
    return t.t(policy.selfApprove ? 'publish.thread.anyone_can_approve' : 'publish.thread.anyone_but_requester');
  const able = stillAble(r, policy, now);
  if (able.length === 0) return t.t('publish.thread.no_approver_left');
  return t.t('publish.thread.can_approve', { who: able.join(', ') });
}

/**
 * The reminder's words, in the request's language: what is missing, until when, and who can act (mentioned, so
 * they are notified).
 */
export function reminderText(r: PublishRequestRecord, policy: Policy, now: number, what: Reminder): string {
  const t = publishWords(r.locale);
  const short = policy.approvals - countedApprovals(r, policy, now);
  const outside = waitsForOutsideReviewer(r, policy, now);
  // With outside_review=required and the members' number met, what is missing is the outside reviewer alone.
  const missing = t.t('publish.thread.reminder_missing', {
    outside: short > 0 || !outside ? 'no' : 'yes',
    count: Math.max(1, short),
  });
  const also = short > 0 && outside ? t.t('publish.thread.reminder_also') : '';
  const needs = t.t('publish.thread.reminder_needs', { missing, also, ...inUnits(expiresAt(r, policy) - now) });
  const slot = r.content.scheduleAt;
  const who = whoText(r, policy, now, t);
  if (what.kind === 'slot' && slot !== null)
    return t.t('publish.thread.reminder_slot', { when: formatWhen(slot, policy.timezone, t), needs, who });
  const n = what.kind === 'wait' ? what.n : 1;
  const missed =
    slot !== null && slot <= now
      ? t.t('publish.thread.reminder_missed', { when: formatWhen(slot, policy.timezone, t) })
      : '';
  return t.t('publish.thread.reminder', { n, max: MAX_REMINDERS, needs, missed, who });
}

export interface ReminderDeps {
  repo: PublishRepo;
  policies: PolicyRepo;
  scheduler: Scheduler;
  clock: Clock;
  /** Posts a request's news in its thread once per event. */
  say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void>;
}

export function createReminders(deps: ReminderDeps) {
  const { repo, policies, scheduler, clock } = deps;

  /** Counts what was posted (or passed over) on the request, unless it was edited or decided meanwhile. */
  const record = (r: PublishRequestRecord, count: number, slot: boolean) =>
    repo.update(r.id, (cur) => {
      if (cur.state !== 'pending' || cur.editedAt !== r.editedAt) return undefined;
      const prev = cur.reminded?.editedAt === cur.editedAt ? cur.reminded : { count: 0, slot: false };
      return {
        ...cur,
        reminded: { editedAt: cur.editedAt, count: Math.max(prev.count, count), slot: prev.slot || slot },
      };
    });

  return {
    /** (Re)arms the next reminder; called on create, on edit and after a restart (same task id: it moves). */
    async arm(r: PublishRequestRecord): Promise<void> {
      const next = owedReminders(r, await policies.get(r.channelKey))[0];
      if (next) await scheduler.schedule(REMIND_QUEUE, r.id, next.at, { id: r.id });
    },

    cancel: (id: string) => scheduler.cancel(REMIND_QUEUE, id),

    /**
     * A reminder is due. Only the newest due one is posted (a bot that was down does not post a backlog),
     * and the one before the scheduled time says all a waiting one would, so two due together post once.
     */
    async onRemind(task: Task): Promise<TaskOutcome> {
      const r = await repo.get(String(task.data.id ?? task.id));
      if (!r) return undefined;
      const policy = await policies.get(r.channelKey);
      const now = clock.now();
      if (isExpired(r, policy, now) || quorumReached(r, policy, now)) return undefined;
      const owed = owedReminders(r, policy);
      const due = owed.filter((x) => x.at <= now);
      if (due.length === 0) return owed[0] ? { again: owed[0].at } : undefined;
      const wait = due.filter((x) => x.kind === 'wait').at(-1);
      const slot = due.find((x) => x.kind === 'slot');
      // Past its time (the bot was down), a reminder of the time would only confuse.
      const show = slot && r.content.scheduleAt !== null && now < r.content.scheduleAt ? slot : wait;
      if (show) {
        const key = show.kind === 'slot' ? 'slot' : String(show.n);
        await deps.say(r, { text: reminderText(r, policy, now, show) }, `remind:${r.editedAt}:${key}`);
      }
      const stored = await record(r, wait?.kind === 'wait' ? wait.n : 0, slot !== undefined);
      const next = stored && owedReminders(stored, policy)[0];
      return next ? { again: next.at } : undefined;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
