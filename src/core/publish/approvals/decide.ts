// The one decision rule: what an approval or a change request does to a publish request, whether it comes from
// a member's button on the card, from /approvals, from the Slack Home tab or from an outside reviewer's page.
// Pure: the stored record, the channel's policy, who decides (their groups already read, approvers.ts), what
// and when go in; the next record or a refusal comes out. A compare-and-set write runs it again when another
// click or replica changed the record first, so every caller gets the same answer from the same record.
//
// Every approval has a team member behind it: a member's stands for that member, an outside reviewer's for the
// member who invited them, and only when that member could approve themself (an allowed approver, and not the
// requester when self-approval is off). The quorum counts those members once each (approvals.ts).
import type { Platform } from '../../ports.ts';
import type { Person, PublishRequestRecord, Reviewer } from '../requests/model.ts';
import { contentHash, personOf } from '../requests/model.ts';
import { type Actor, decidedText, isExpired } from './approvals.ts';
import { approversText, type Policy } from './policy.ts';

/** Where a request lives, or where a person acts from: the platform and its workspace (guild, team). */
export interface Where {
  platform: Platform;
  workspaceId: string;
}

/** A member acting on a request: who they are, what they may do, and the workspace they act from. */
export type Member = Actor & Person & { where: Where };

export type Decision =
  | { kind: 'approve'; seenHash?: string | undefined }
  | { kind: 'changes'; reason: string; position?: string | undefined; seenHash?: string | undefined };

/**
 * Who decides. A member with the groups they are in (`roles`), or the outside reviewer whose link is used
 * (`tokenHash`), with the member who invited them and that member's groups.
 */
export type Decider = { kind: 'member'; member: Member } | { kind: 'outside'; tokenHash: string; inviter: Actor };

export type RefusalCode =
  | 'unknown'
  | 'gone'
  | 'decided'
  | 'expired'
  | 'self'
  | 'not-approver'
  | 'edited'
  | 'already'
  | 'own-request'
  | 'too-many';

/** Why nothing changed, said to the person who decided only. */
export interface Refusal {
  refused: RefusalCode;
  message: string;
}

export type Verdict = PublishRequestRecord | Refusal;

export const isRefusal = (v: Verdict): v is Refusal => 'refused' in v;

/** A link may ask for changes this many times an hour; past it, its page says so (and the thread is not flooded). */
export const MAX_ASKS_PER_HOUR = 10;
const HOUR_MS = 3600_000;

/** What a request of another workspace, or one that does not exist, answers alike. */
export const UNKNOWN_REQUEST = 'That publish request no longer exists.';

/** The request lives where the person acts: a request of another workspace is answered as an unknown id. */
export const inWorkspace = (r: PublishRequestRecord, where: Where): boolean =>
  r.thread.platform === where.platform && r.thread.workspaceId === where.workspaceId;

/** A link's requests end with it: published or cancelled. */
export const ENDED_STATES: readonly PublishRequestRecord['state'][] = ['published', 'cancelled'];

/** The reviewer whose link this is while it opens something: not revoked or replaced, its request not ended. */
export function liveLink(
  r: PublishRequestRecord | undefined,
  tokenHash: string,
  policy: Policy,
  now: number,
): Reviewer | undefined {
  if (!r || ENDED_STATES.includes(r.state) || isExpired(r, policy, now)) return undefined;
  return r.reviewers.find((x) => x.tokenHash === tokenHash && !x.revokedAt);
}

export const outsideId = (reviewer: Pick<Reviewer, 'id'>): string => `outside:${reviewer.id}`;

export function isApprover(actor: Actor, policy: Policy): boolean {
  if (policy.approvers.length === 0) return true;
  return policy.approvers.some((a) =>
    a.startsWith('role:') ? (actor.roles ?? []).includes(a.slice(5)) : a === actor.userId,
  );
}

/** Whether `who` could approve `r` themself: an approval they stand behind counts toward its quorum. */
export const countsFor = (r: PublishRequestRecord, policy: Policy, who: Actor): boolean =>
  isApprover(who, policy) && (policy.selfApprove || who.userId !== r.requester.userId);

const refuse = (refused: RefusalCode, message: string): Refusal => ({ refused, message });

/** The approvers, besides the requester: "anyone else in the channel" when anyone may. */
const others = (policy: Policy) =>
  policy.approvers.length === 0 ? 'anyone else in the channel' : approversText(policy);

const EDITED_SINCE: Record<Decider['kind'], string> = {
  member:
    'This request was edited after the list you clicked in was drawn, so nothing was approved: open its card to see what it says now, and approve there.',
  outside:
    'The request was edited after this page was opened, so nothing was decided. Open your link again to see what it says now.',
};

/**
 * The refusals of a member's approval that need no group lookup (another workspace, decided, expired,
 * self-approval): reading a group's members is a platform call, made only when it could decide.
 */
export function refuseBeforeMembership(
  r: PublishRequestRecord,
  policy: Policy,
  member: Member,
  now: number,
): Refusal | undefined {
  if (!inWorkspace(r, member.where)) return refuse('unknown', UNKNOWN_REQUEST);
  if (r.state !== 'pending') return refuse('decided', decidedText(r));
  if (isExpired(r, policy, now))
    return refuse(
      'expired',
      'This request expired: its approvals ran out of time. The requester can Edit it to ask again.',
    );
  if (member.userId === r.requester.userId && !policy.selfApprove)
    return refuse(
      'self',
      `You cannot approve your own request in this channel (self_approve=no). Who may approve: ${others(policy)}.`,
    );
  return undefined;
}

/** The one rule: `decision` by `decider` on `r` at `now`, under the channel's `policy`. */
export function decide(
  r: PublishRequestRecord,
  policy: Policy,
  decider: Decider,
  decision: Decision,
  now: number,
): Verdict {
  if (decider.kind === 'member')
    return decision.kind === 'approve'
      ? memberApproves(r, policy, decider.member, decision.seenHash, now)
      : memberAsks(r, decider.member, decision, now);
  const reviewer = liveLink(r, decider.tokenHash, policy, now);
  if (!reviewer) return refuse('gone', 'This link does not open anything.');
  return decision.kind === 'approve'
    ? outsideApproves(r, policy, reviewer, decider.inviter, decision.seenHash ?? '', now)
    : outsideAsks(r, reviewer, decision, now);
}

type Approval = PublishRequestRecord['approvals'][number];
type Change = PublishRequestRecord['changes'][number];

const approvedSince = (r: PublishRequestRecord, userId: string, hash: string) =>
  r.approvals.some((a) => a.userId === userId && a.hash === hash && a.at >= r.editedAt);

/** One approval per decider: a new one replaces theirs. */
const withApproval = (r: PublishRequestRecord, a: Approval): PublishRequestRecord => ({
  ...r,
  approvals: [...r.approvals.filter((x) => x.userId !== a.userId), a],
});

/**
 * One open change request per person, their newest, and none of their approvals (asking for changes takes
 * back one's own approval): a burst of asks leaves one entry, so the record does not grow with comments.
 */
const withChange = (r: PublishRequestRecord, c: Change): PublishRequestRecord => ({
  ...r,
  approvals: r.approvals.filter((a) => a.userId !== c.userId),
  changes: [...r.changes.filter((x) => x.userId !== c.userId), c],
});

/** The same ask again (a double submit, a repeated click) since the last edit. */
const askedAlready = (r: PublishRequestRecord, userId: string, d: Extract<Decision, { kind: 'changes' }>) =>
  r.changes.some(
    (c) => c.userId === userId && c.reason === d.reason && c.position === d.position && c.at >= r.editedAt,
  );

function memberApproves(
  r: PublishRequestRecord,
  policy: Policy,
  member: Member,
  seenHash: string | undefined,
  now: number,
): Verdict {
  const early = refuseBeforeMembership(r, policy, member, now);
  if (early) return early;
  if (!isApprover(member, policy))
    return refuse(
      'not-approver',
      `You are not one of the approvers of this channel. Who may approve: ${approversText(policy)}.`,
    );
  const hash = contentHash(r.content);
  if (seenHash !== undefined && seenHash !== hash) return refuse('edited', EDITED_SINCE.member);
  if (approvedSince(r, member.userId, hash))
    return refuse('already', 'You already approved this request; it counts once.');
  return withApproval(r, { ...personOf(member), at: now, hash, standsFor: member.userId });
}

function memberAsks(
  r: PublishRequestRecord,
  member: Member,
  d: Extract<Decision, { kind: 'changes' }>,
  now: number,
): Verdict {
  if (!inWorkspace(r, member.where)) return refuse('unknown', UNKNOWN_REQUEST);
  if (r.state !== 'pending') return refuse('decided', decidedText(r));
  if (r.requester.userId === member.userId) return refuse('own-request', 'Use Edit to change your own request.');
  if (askedAlready(r, member.userId, d))
    return refuse('already', 'You already asked for this change; the card shows it.');
  return withChange(r, { ...personOf(member), at: now, reason: d.reason });
}

function outsideApproves(
  r: PublishRequestRecord,
  policy: Policy,
  reviewer: Reviewer,
  inviter: Actor,
  seenHash: string,
  now: number,
): Verdict {
  const userId = outsideId(reviewer);
  const hash = contentHash(r.content);
  if (seenHash === hash && approvedSince(r, userId, hash)) return refuse('already', 'You approved this version.');
  if (r.state !== 'pending') return refuse('decided', decidedText(r));
  if (seenHash !== hash) return refuse('edited', EDITED_SINCE.outside);
  // The inviter stands behind the link only while it is theirs (a link re-made by someone else is another link).
  const behind = inviter.userId === reviewer.createdBy.userId && countsFor(r, policy, inviter);
  return withApproval(r, {
    userId,
    userName: reviewer.name,
    reviewer: reviewer.name,
    invitedBy: reviewer.createdBy.userId,
    ...(behind ? { standsFor: inviter.userId } : {}),
    at: now,
    hash,
  });
}

function outsideAsks(
  r: PublishRequestRecord,
  reviewer: Reviewer,
  d: Extract<Decision, { kind: 'changes' }>,
  now: number,
): Verdict {
  const userId = outsideId(reviewer);
  if (r.state !== 'pending') return refuse('decided', decidedText(r));
  if (d.seenHash !== contentHash(r.content)) return refuse('edited', EDITED_SINCE.outside);
  if (askedAlready(r, userId, d)) return refuse('already', 'You asked for this already; the team has it.');
  const asked = (reviewer.asked ?? []).filter((at) => now - at < HOUR_MS);
  if (asked.length >= MAX_ASKS_PER_HOUR)
    return refuse(
      'too-many',
      `This link has asked for changes ${MAX_ASKS_PER_HOUR} times in the last hour, the most one link may. The team has your latest comment; you can ask again within the hour as earlier asks age out.`,
    );
  const change: Change = {
    userId,
    userName: reviewer.name,
    reviewer: reviewer.name,
    at: now,
    reason: d.reason,
    ...(d.position ? { position: d.position } : {}),
  };
  const next = withChange(r, change);
  const counted = { ...reviewer, asked: [...asked, now] };
  return { ...next, reviewers: next.reviewers.map((x) => (x.id === reviewer.id ? counted : x)) };
}
