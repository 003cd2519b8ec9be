// Where approvals are counted: which ones still count toward a request's quorum (bound to its content,
// given since its last edit, not expired, one per team member behind them) and who may edit or cancel it.
// Who may approve, and what an approval or a change request does to a request, is decide.ts.

import type { Translator } from '../../i18n/catalogue.ts';
import { mention } from '../../platform/message.ts';
import { contentHash, type PublishRequestRecord } from '../requests/model.ts';
import type { Policy } from './policy.ts';

export interface Actor {
  userId: string;
  canConfigure: boolean;
  /** Discord roles / Slack user groups the person is in, when known (see approvers.ts). */
  roles?: readonly string[];
}

/**
 * Who approved or asked, as messages name them: a member's mention, or an outside reviewer's name with the
 * member who invited them (mentioned from the id the record keeps, never from text).
 */
export const deciderName = (
  p: { userId: string; reviewer?: string | undefined; invitedBy?: string | undefined },
  t: Translator,
): string =>
  p.reviewer === undefined
    ? mention(p.userId)
    : p.invitedBy
      ? t.t('publish.card.outside_reviewer_invited', { name: p.reviewer, inviter: mention(p.invitedBy) })
      : t.t('publish.card.outside_reviewer', { name: p.reviewer });

type Approval = PublishRequestRecord['approvals'][number];

/**
 * Approvals that still count: of the current version, bound to the current content, given after the last edit,
 * not expired. No approval of an earlier version ever counts for a later one.
 */
export function validApprovals(r: PublishRequestRecord, policy: Policy, now: number): Approval[] {
  const hash = contentHash(r.content);
  const version = r.content.version ?? 1;
  return r.approvals.filter(
    (a) => (a.version ?? 1) === version && a.hash === hash && a.at >= r.editedAt && now - a.at <= policy.expiryMs,
  );
}

/**
 * The team member an approval counts as: a member's own (records from before `standsFor` hold members'
 * approvals only under their own id), an outside reviewer's inviter when they could approve, else nobody.
 */
export const standsFor = (a: Approval): string | undefined =>
  a.standsFor ?? (a.reviewer === undefined ? a.userId : undefined);

/**
 * The distinct members behind `approvals` who count toward the quorum: an approval counts once however many
 * links stand behind it, and the requester never counts when self-approval is off.
 */
export function membersBehind(r: PublishRequestRecord, policy: Policy, approvals: readonly Approval[]): Set<string> {
  const out = new Set<string>();
  for (const a of approvals) {
    const who = standsFor(a);
    if (who !== undefined && (policy.selfApprove || who !== r.requester.userId)) out.add(who);
  }
  return out;
}

/**
 * The approvals a request stands on: while it waits, those still valid; once decided, those given since its
 * last edit (a held post outlives their expiry, and a New time changes its hash, not who approved it).
 */
export const standingApprovals = (r: PublishRequestRecord, policy: Policy, now: number): Approval[] =>
  r.state === 'pending' ? validApprovals(r, policy, now) : r.approvals.filter((a) => a.at >= r.editedAt);

/** How many members stand behind the valid approvals: the "k" of "k of N". */
export const countedApprovals = (r: PublishRequestRecord, policy: Policy, now: number): number =>
  membersBehind(r, policy, validApprovals(r, policy, now)).size;

/**
 * Change requests still open: made since the last edit (an edit answers them), and not followed by an
 * approval from the same person (approving says they are satisfied). Others may approve meanwhile; the
 * card keeps listing what is open until the requester edits.
 */
export function openChanges(r: PublishRequestRecord) {
  // A new version answers only what its maker ticked: the rest stays open from before it (changesFrom).
  const from = r.changesFrom ?? r.editedAt;
  return r.changes.filter((c) => c.at >= from && !r.approvals.some((a) => a.userId === c.userId && a.at > c.at));
}

/** With `outside_review=required`, the request still lacks an outside reviewer's approval of this version (from anyone's link). */
export function waitsForOutsideReviewer(r: PublishRequestRecord, policy: Policy, now: number): boolean {
  return policy.outsideReview === 'required' && !validApprovals(r, policy, now).some((a) => a.reviewer !== undefined);
}

/** The quorum: that many distinct allowed members behind valid approvals, and the outside approval if required. */
export function quorumReached(r: PublishRequestRecord, policy: Policy, now: number): boolean {
  return countedApprovals(r, policy, now) >= policy.approvals && !waitsForOutsideReviewer(r, policy, now);
}

export function isExpired(r: PublishRequestRecord, policy: Policy, now: number): boolean {
  return r.state === 'pending' && now - r.editedAt > policy.expiryMs;
}

/** The first moment `isExpired` is true (it compares strictly). */
export const expiresAt = (r: PublishRequestRecord, policy: Policy): number => r.editedAt + policy.expiryMs + 1;

export const mayEdit = (r: PublishRequestRecord, actor: Actor) => actor.userId === r.requester.userId;
export const mayCancel = (r: PublishRequestRecord, actor: Actor) =>
  actor.userId === r.requester.userId || actor.canConfigure;

/** Why a request can no longer be acted on as asked: what it is now. */
export const decidedText = (r: PublishRequestRecord, t: Translator): string =>
  t.t('publish.card.decided', { state: r.state });
