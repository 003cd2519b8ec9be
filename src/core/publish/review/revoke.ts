// Revoking review links takes effect: the links open nothing, and the approvals given through them that have
// not been published are taken back. A post held for its time (or overdue, or refused by the API and waiting
// for Try again) that no longer has its quorum goes back to waiting: its scheduler task is cancelled, its expiry
// and reminders armed again, and the card and the thread say so. A request being published, or whose outcome
// is unknown, keeps its approvals (what was sent cannot be taken back), and the thread says that too.
import { mention } from '../../platform/message.ts';
import type { Scheduler } from '../../scheduler.ts';
import { mayCancel, membersBehind } from '../approvals/approvals.ts';
import { ENDED_STATES, inWorkspace, type Member, outsideId } from '../approvals/decide.ts';
import type { Policy } from '../approvals/policy.ts';
import { type Advance, PUBLISH_QUEUE } from '../requests/advance.ts';
import type { PublishRequestRecord, RequestState } from '../requests/model.ts';
import type { RequestWrites } from '../requests/request-writes.ts';
import { publishWords } from '../words.ts';

/** States whose approvals have not been acted on for good: revoking takes a link's approval back. */
const TAKEN_BACK: readonly RequestState[] = ['pending', 'scheduled', 'overdue', 'failed'];

export interface RevokeDeps {
  clock: { now(): number };
  scheduler: Scheduler;
  writes: RequestWrites;
  advance: Advance;
}

/**
 * Whether a decided request still stands on its approvals once some are taken back: as many members behind
 * those given since its last edit as the channel asks, and an outside one where it asks for one.
 */
function stillApproved(r: PublishRequestRecord, policy: Policy): boolean {
  const given = r.approvals.filter((a) => a.at >= r.editedAt);
  const outside = policy.outsideReview !== 'required' || given.some((a) => a.reviewer !== undefined);
  return membersBehind(r, policy, given).size >= policy.approvals && outside;
}

export function createRevoke(deps: RevokeDeps) {
  const { clock, writes } = deps;

  /**
   * Ends every live link of the request, or the one of `reviewerId`: the thread hears it in the request's language,
   * the member who revoked is answered in their own.
   */
  return async function revoke(id: string, actor: Member, reviewerId?: string): Promise<string> {
    const { t } = actor;
    const at = clock.now();
    let names: string[] = [];
    let voided = false;
    let held: RequestState | undefined;
    const { record, refusal } = await writes.update(id, (r, policy) => {
      if (!inWorkspace(r, actor.where)) return t.t('decide.unknown');
      if (!mayCancel(r, actor)) return t.t('invite.notYours');
      // Links ended with the request.
      if (ENDED_STATES.includes(r.state)) return t.t('invite.noLinks');
      const live = r.reviewers.filter((x) => !x.revokedAt && (reviewerId === undefined || x.id === reviewerId));
      if (live.length === 0) return t.t(reviewerId === undefined ? 'invite.noLinks' : 'invite.alreadyRevoked');
      names = live.map((x) => x.name);
      const ids = new Set(live.map(outsideId));
      const reviewers = r.reviewers.map((x) => (live.includes(x) ? { ...x, revokedAt: at } : x));
      if (!TAKEN_BACK.includes(r.state)) {
        voided = false;
        held = r.state;
        return { ...r, reviewers };
      }
      const approvals = r.approvals.filter((a) => !ids.has(a.userId));
      voided = approvals.length < r.approvals.length;
      const next = { ...r, approvals, reviewers };
      held = r.state !== 'pending' && voided && !stillApproved(next, policy) ? r.state : undefined;
      return held ? { ...next, state: 'pending', error: undefined } : next;
    });
    if (refusal || !record) return refusal ?? t.t('decide.unknown');
    const backToWaiting = held !== undefined && record.state === 'pending';
    if (backToWaiting) {
      // The held post's task goes: were it to run, it would find the request waiting and post nothing anyway.
      await deps.scheduler.cancel(PUBLISH_QUEUE, id);
      await deps.advance.rearm(record);
    }
    const words = publishWords(record.locale);
    const consequence = backToWaiting
      ? 'waits'
      : held !== undefined
        ? held === 'publishing'
          ? 'publishing'
          : 'sent'
        : voided
          ? 'voided'
          : 'none';
    const line = words.t('invite.revokedLine', {
      revoker: mention(actor.userId),
      count: names.length,
      names: names.map((name) => words.t('approvals.quotedName', { name })).join(', '),
      consequence,
    });
    await writes.say(record, { text: line }, `revoke:${at}`);
    return t.t(backToWaiting ? 'invite.revokedWaits' : 'invite.revoked', { count: names.length });
  };
}
