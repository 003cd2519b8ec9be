// Revoking review links takes effect: the links open nothing, and the approvals given through them that have
// not been published are taken back. A post held for its time (or overdue, or refused by the API and waiting
// for Try again) that no longer has its quorum goes back to waiting: its scheduler task is cancelled, its expiry
// and reminders armed again, and the card and the thread say so. A request being published, or whose outcome
// is unknown, keeps its approvals (what was sent cannot be taken back), and the thread says that too.
import { mention } from '../../platform/message.ts';
import type { Scheduler } from '../../scheduler.ts';
import { mayCancel, membersBehind } from '../approvals/approvals.ts';
import { ENDED_STATES, inWorkspace, type Member, outsideId, UNKNOWN_REQUEST } from '../approvals/decide.ts';
import type { Policy } from '../approvals/policy.ts';
import { type Advance, PUBLISH_QUEUE } from '../requests/advance.ts';
import type { PublishRequestRecord, RequestState } from '../requests/model.ts';
import type { RequestWrites } from '../requests/request-writes.ts';

/** States whose approvals have not been acted on for good: revoking takes a link's approval back. */
const TAKEN_BACK: readonly RequestState[] = ['pending', 'scheduled', 'overdue', 'failed'];

const NOT_YOURS = 'Only the person who asked, or someone who may configure the bot, can manage review links.';

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

  /** Ends every live link of the request, or the one of `reviewerId`. */
  return async function revoke(id: string, actor: Member, reviewerId?: string): Promise<string> {
    const at = clock.now();
    let names: string[] = [];
    let voided = false;
    let held: RequestState | undefined;
    const { record, refusal } = await writes.update(id, (r, policy) => {
      if (!inWorkspace(r, actor.where)) return UNKNOWN_REQUEST;
      if (!mayCancel(r, actor)) return NOT_YOURS;
      // Links ended with the request.
      if (ENDED_STATES.includes(r.state)) return 'This request has no review links to revoke.';
      const live = r.reviewers.filter((x) => !x.revokedAt && (reviewerId === undefined || x.id === reviewerId));
      if (live.length === 0)
        return reviewerId === undefined
          ? 'This request has no review links to revoke.'
          : 'That review link is already revoked (or was never made).';
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
    if (refusal || !record) return refusal ?? UNKNOWN_REQUEST;
    const backToWaiting = held !== undefined && record.state === 'pending';
    if (backToWaiting) {
      // The held post's task goes: were it to run, it would find the request waiting and post nothing anyway.
      await deps.scheduler.cancel(PUBLISH_QUEUE, id);
      await deps.advance.rearm(record);
    }
    const list = names.map((n) => `“${n}”`).join(', ');
    const links = names.length === 1 ? 'review link' : 'review links';
    const consequence = backToWaiting
      ? ', and their approvals no longer count: nothing will be posted until the request has its approvals again, so it waits for them'
      : held !== undefined
        ? `; what they approved stands, as the request was already ${held === 'publishing' ? 'being published' : 'sent'}`
        : voided
          ? ', and their approvals no longer count'
          : '';
    await writes.say(
      record,
      { text: `🔒 ${mention(actor.userId)} revoked the ${links} of ${list}: they open nothing now${consequence}.` },
      `revoke:${at}`,
    );
    const n = `${names.length} ${links}`;
    return backToWaiting
      ? `Revoked ${n}. The post is no longer scheduled: it waits for approvals again.`
      : `Revoked ${n}.`;
  };
}
