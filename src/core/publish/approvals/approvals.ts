// Where approvals are counted: which ones still count toward a request's quorum (bound to its content,
// given since its last edit, not expired) and who may approve, edit or cancel it. Refusals are values
// (shown to the person who clicked only), never exceptions.

import { mention } from '../../platform/message.ts';
import { contentHash, type PublishRequestRecord } from '../requests/model.ts';
import { approversText, type Policy } from './policy.ts';

/** The approvers, besides the requester: "anyone else in the channel" when anyone may. */
const others = (policy: Policy) =>
  policy.approvers.length === 0 ? 'anyone else in the channel' : approversText(policy);

export interface Actor {
  userId: string;
  canConfigure: boolean;
  /** Discord roles / Slack user groups the person is in, when known (see approvers.ts). */
  roles?: readonly string[];
}

/** Who approved or asked, as messages name them: a member's mention, or an outside reviewer's name. */
export const deciderName = (p: { userId: string; reviewer?: string | undefined }): string =>
  p.reviewer !== undefined ? `${p.reviewer}, outside reviewer` : mention(p.userId);

/** Approvals that still count: bound to the current content, given after the last edit, not expired. */
export function validApprovals(r: PublishRequestRecord, policy: Policy, now: number) {
  const hash = contentHash(r.content);
  return r.approvals.filter((a) => a.hash === hash && a.at >= r.editedAt && now - a.at <= policy.expiryMs);
}

/**
 * Change requests still open: made since the last edit (an edit answers them), and not followed by an
 * approval from the same person (approving says they are satisfied). Others may approve meanwhile; the
 * card keeps listing what is open until the requester edits.
 */
export function openChanges(r: PublishRequestRecord) {
  return r.changes.filter((c) => c.at >= r.editedAt && !r.approvals.some((a) => a.userId === c.userId && a.at > c.at));
}

/** With `outside_review=required`, the request still lacks an outside reviewer's approval of this version. */
export function waitsForOutsideReviewer(r: PublishRequestRecord, policy: Policy, now: number): boolean {
  return policy.outsideReview === 'required' && !validApprovals(r, policy, now).some((a) => a.reviewer !== undefined);
}

/** An outside approval counts as one toward the channel's number, like a member's. */
export function quorumReached(r: PublishRequestRecord, policy: Policy, now: number): boolean {
  return validApprovals(r, policy, now).length >= policy.approvals && !waitsForOutsideReviewer(r, policy, now);
}

export function isExpired(r: PublishRequestRecord, policy: Policy, now: number): boolean {
  return r.state === 'pending' && now - r.editedAt > policy.expiryMs;
}

/** The first moment `isExpired` is true (it compares strictly). */
export const expiresAt = (r: PublishRequestRecord, policy: Policy): number => r.editedAt + policy.expiryMs + 1;

function isApprover(actor: Actor, policy: Policy): boolean {
  if (policy.approvers.length === 0) return true;
  return policy.approvers.some((a) =>
    a.startsWith('role:') ? (actor.roles ?? []).includes(a.slice(5)) : a === actor.userId,
  );
}

/** The refusals that need no group lookup: decided, expired, self-approval. */
export function refuseBeforeMembership(
  r: PublishRequestRecord,
  policy: Policy,
  actor: Actor,
  now: number,
): string | undefined {
  if (r.state !== 'pending') return decidedText(r);
  if (isExpired(r, policy, now))
    return 'This request expired: its approvals ran out of time. The requester can Edit it to ask again.';
  if (actor.userId === r.requester.userId && !policy.selfApprove)
    return `You cannot approve your own request in this channel (self_approve=no). Who may approve: ${others(policy)}.`;
  return undefined;
}

/** `actor.roles`: the groups they are in (Discord sends them; Slack's are looked up in approvers.ts). */
export function refuseApproval(r: PublishRequestRecord, policy: Policy, actor: Actor, now: number): string | undefined {
  const why = refuseBeforeMembership(r, policy, actor, now);
  if (why) return why;
  if (!isApprover(actor, policy))
    return `You are not one of the approvers of this channel. Who may approve: ${approversText(policy)}.`;
  return undefined;
}

export const mayEdit = (r: PublishRequestRecord, actor: Actor) => actor.userId === r.requester.userId;
export const mayCancel = (r: PublishRequestRecord, actor: Actor) =>
  actor.userId === r.requester.userId || actor.canConfigure;

export function decidedText(r: PublishRequestRecord): string {
  switch (r.state) {
    case 'published':
      return 'This request was already published.';
    case 'cancelled':
      return 'This request was cancelled.';
    case 'publishing':
      return 'This request is being published right now.';
    case 'unknown':
      return 'This request’s outcome is unknown; someone who may configure the bot can mark it as posted or try again.';
    case 'scheduled':
      return 'This request is already approved and scheduled.';
    default:
      return 'This request was already decided.';
  }
}
