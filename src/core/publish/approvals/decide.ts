// The one decision rule: what an approval or a change request does to a publish request, whether it comes from
// a member's button on the card, from /approvals, from the Slack Home tab or from an outside reviewer's page.
// Pure: the stored record, the channel's policy, who decides (their groups already read, approvers.ts), what
// and when go in; the next record or a refusal comes out. A compare-and-set write runs it again when another
// click or replica changed the record first, so every caller gets the same answer from the same record.
//
// Every approval has a team member behind it: a member's stands for that member, an outside reviewer's for the
// member who invited them, and only when that member could approve themself (an allowed approver, and not the
// requester when self-approval is off). The quorum counts those members once each (approvals.ts).
import type { Translator } from '../../i18n/catalogue.ts';
import type { Platform } from '../../ports.ts';
import type { Answer, Making, Person, PublishRequestRecord, Reviewer, Version } from '../requests/model.ts';
import { contentHash, personOf } from '../requests/model.ts';
import {
  answerKey,
  answerOf,
  currentVersion,
  howText,
  MAKING_STALE_MS,
  MAX_VERSIONS,
  versionsOf,
} from '../requests/versions.ts';
import { publishWords } from '../words.ts';
import { type Actor, decidedText, isExpired, mayCancel, openChanges } from './approvals.ts';
import { APPROVALS_EN } from './messages.ts';
import { approversText, type Policy } from './policy.ts';

/** Where a request lives, or where a person acts from: the platform and its workspace (guild, team). */
export interface Where {
  platform: Platform;
  workspaceId: string;
}

/**
 * A member acting on a request: who they are, what they may do, the workspace they act from, and their own
 * language (`t`, the reader's translator): what is refused is said to them alone, in it.
 */
export type Member = Actor & Person & { where: Where; t: Translator };

export type Decision =
  | { kind: 'approve'; seenHash?: string | undefined }
  | { kind: 'changes'; reason: string; position?: string | undefined; seenHash?: string | undefined };

/**
 * Who decides. A member with the groups they are in (`roles`), or the outside reviewer whose link is used
 * (`tokenHash`), with the member who invited them and that member's groups, and the language of the page they
 * decide on (`t`): a refusal is said to the decider alone, in their language.
 */
export type Decider =
  | { kind: 'member'; member: Member }
  | { kind: 'outside'; tokenHash: string; inviter: Actor; t: Translator };

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
  | 'too-many'
  | 'not-yours'
  | 'making'
  | 'versions';

/** Why nothing changed, said to the person who decided only (`message`, in their language). */
export interface Refusal {
  refused: RefusalCode;
  message: string;
}

export type Verdict = PublishRequestRecord | Refusal;

export const isRefusal = (v: Verdict): v is Refusal => 'refused' in v;

/** A link may ask for changes this many times an hour; past it, its page says so (and the thread is not flooded). */
export const MAX_ASKS_PER_HOUR = 10;
const HOUR_MS = 3600_000;

/**
 * What a request of another workspace, or one that does not exist, answers alike (`decide.unknown` in the
 * reader's language; this English is for answers not yet translated).
 */
export const UNKNOWN_REQUEST = APPROVALS_EN['decide.unknown'];

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
const others = (policy: Policy, t: Translator) =>
  policy.approvers.length === 0 ? t.t('decide.anyoneElse') : approversText(policy, t);

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
  const { t } = member;
  if (!inWorkspace(r, member.where)) return refuse('unknown', t.t('decide.unknown'));
  if (r.state !== 'pending') return refuse('decided', decidedText(r, t));
  if (isExpired(r, policy, now)) return refuse('expired', t.t('decide.expired'));
  if (member.userId === r.requester.userId && !policy.selfApprove)
    return refuse('self', t.t('decide.self', { approvers: others(policy, t) }));
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
  if (!reviewer) return refuse('gone', decider.t.t('review.notFound.text'));
  return decision.kind === 'approve'
    ? outsideApproves(r, policy, reviewer, decider, decision.seenHash ?? '', now)
    : outsideAsks(r, reviewer, decider.t, decision, now);
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
  const { t } = member;
  if (!isApprover(member, policy))
    return refuse('not-approver', t.t('decide.notApprover', { approvers: approversText(policy, t) }));
  const hash = contentHash(r.content);
  if (seenHash !== undefined && seenHash !== hash) return refuse('edited', t.t('decide.editedMember'));
  if (approvedSince(r, member.userId, hash)) return refuse('already', t.t('decide.alreadyApproved'));
  return withApproval(r, { ...personOf(member), at: now, hash, standsFor: member.userId, version: currentVersion(r) });
}

function memberAsks(
  r: PublishRequestRecord,
  member: Member,
  d: Extract<Decision, { kind: 'changes' }>,
  now: number,
): Verdict {
  const { t } = member;
  if (!inWorkspace(r, member.where)) return refuse('unknown', t.t('decide.unknown'));
  if (r.state !== 'pending') return refuse('decided', decidedText(r, t));
  if (r.requester.userId === member.userId) return refuse('own-request', t.t('decide.ownRequest'));
  if (askedAlready(r, member.userId, d)) return refuse('already', t.t('decide.alreadyAsked'));
  return withChange(r, { ...personOf(member), at: now, reason: d.reason, version: currentVersion(r) });
}

function outsideApproves(
  r: PublishRequestRecord,
  policy: Policy,
  reviewer: Reviewer,
  { inviter, t }: Extract<Decider, { kind: 'outside' }>,
  seenHash: string,
  now: number,
): Verdict {
  const userId = outsideId(reviewer);
  const hash = contentHash(r.content);
  if (seenHash === hash && approvedSince(r, userId, hash)) return refuse('already', t.t('review.youApproved'));
  if (r.state !== 'pending') return refuse('decided', decidedText(r, t));
  if (seenHash !== hash) return refuse('edited', t.t('review.refusal.edited'));
  // The inviter stands behind the link only while it is theirs (a link re-made by someone else is another link).
  const behind = inviter.userId === reviewer.createdBy.userId && countsFor(r, policy, inviter);
  const next = withApproval(r, {
    userId,
    userName: reviewer.name,
    reviewer: reviewer.name,
    invitedBy: reviewer.createdBy.userId,
    ...(behind ? { standsFor: inviter.userId } : {}),
    at: now,
    hash,
    version: currentVersion(r),
  });
  return withReviewer(next, { ...reviewer, decidedOn: currentVersion(r) });
}

const withReviewer = (r: PublishRequestRecord, reviewer: Reviewer): PublishRequestRecord => ({
  ...r,
  reviewers: r.reviewers.map((x) => (x.id === reviewer.id ? reviewer : x)),
});

function outsideAsks(
  r: PublishRequestRecord,
  reviewer: Reviewer,
  t: Translator,
  d: Extract<Decision, { kind: 'changes' }>,
  now: number,
): Verdict {
  const userId = outsideId(reviewer);
  if (r.state !== 'pending') return refuse('decided', decidedText(r, t));
  if (d.seenHash !== contentHash(r.content)) return refuse('edited', t.t('review.refusal.edited'));
  if (askedAlready(r, userId, d)) return refuse('already', t.t('review.refusal.askedAlready'));
  const asked = (reviewer.asked ?? []).filter((at) => now - at < HOUR_MS);
  if (asked.length >= MAX_ASKS_PER_HOUR)
    return refuse('too-many', t.t('review.refusal.tooManyAsks', { max: MAX_ASKS_PER_HOUR }));
  const change: Change = {
    userId,
    userName: reviewer.name,
    reviewer: reviewer.name,
    at: now,
    reason: d.reason,
    ...(d.position ? { position: d.position } : {}),
    invitedBy: reviewer.createdBy.userId,
    version: currentVersion(r),
  };
  return withReviewer(withChange(r, change), { ...reviewer, asked: [...asked, now], decidedOn: currentVersion(r) });
}

// ---------------------------------------------------------------- versions

/** The states a new version may replace the video in: not once it is being sent, sent, or may have been. */
const VERSIONABLE: readonly PublishRequestRecord['state'][] = ['pending', 'scheduled', 'overdue', 'failed'];

/** What a new version is made of, and which of the open change requests it answers (their keys, versions.ts). */
export interface NewVersion {
  videoUrl: string;
  thumbnailUrl?: string | undefined;
  how: Version['how'];
  note?: string | undefined;
  source?: Version['source'];
  cut?: Version['cut'];
  answers: readonly string[];
}

/** A version in the making is still on its way: a reservation without a job is given up after a while. */
const makingNow = (r: PublishRequestRecord, now: number): Making | undefined =>
  r.making && (r.making.jobId !== undefined || now - r.making.at < MAKING_STALE_MS) ? r.making : undefined;

/**
 * Whether `member` may make the next version of `r` now: the requester or someone who may configure the bot, on
 * a request not yet being sent, with fewer than MAX_VERSIONS versions and none in the making.
 */
export function refuseVersion(r: PublishRequestRecord, member: Member, now: number): Refusal | undefined {
  const { t } = member;
  if (!inWorkspace(r, member.where)) return refuse('unknown', t.t('decide.unknown'));
  if (!mayCancel(r, member)) return refuse('not-yours', t.t('decide.notYoursVersion'));
  if (!VERSIONABLE.includes(r.state))
    return refuse('decided', r.state === 'published' ? t.t('decide.publishedVersion') : decidedText(r, t));
  const making = makingNow(r, now);
  if (making) return refuse('making', t.t('decide.making', { n: making.n, how: howText({ how: making.how }, t) }));
  if (versionsOf(r).length >= MAX_VERSIONS)
    return refuse('versions', t.t('decide.tooManyVersions', { max: MAX_VERSIONS }));
  return undefined;
}

/** The open change requests `keys` names (a key no longer open is left out: answered or replaced meanwhile). */
const answered = (r: PublishRequestRecord, keys: readonly string[]): Answer[] =>
  openChanges(r)
    .filter((c) => keys.includes(answerKey(c)))
    .map(answerOf);

/**
 * Reserves the next version for a job that will make it: the card says it is in the making, and another New
 * version… waits for it. The job's end makes it a version (`addVersion` with `making`) or says it failed.
 */
export function reserveVersion(
  r: PublishRequestRecord,
  member: Member,
  v: Pick<NewVersion, 'how' | 'note' | 'cut' | 'answers'>,
  now: number,
): Verdict {
  const refused = refuseVersion(r, member, now);
  if (refused) return refused;
  const making: Making = {
    n: versionsOf(r).length + 1,
    how: v.how,
    ...(v.note ? { note: v.note } : {}),
    by: personOf(member),
    at: now,
    ...(v.cut ? { cut: v.cut } : {}),
    answers: answered(r, v.answers),
  };
  return { ...r, making };
}

/**
 * The job that makes reserved version `n` is `jobId` (a reservation another job took over is left alone). Its
 * refusals, and those of a failed version's below, only stop a write: nobody reads them, so they stay English
 * (a job's version that cannot land is told in the thread: `addVersion`).
 */
export function madeBy(r: PublishRequestRecord, n: number, at: number, jobId: string): PublishRequestRecord | Refusal {
  if (r.making?.n !== n || r.making.at !== at || r.making.jobId !== undefined)
    return refuse('making', 'That version is no longer in the making.');
  return { ...r, making: { ...r.making, jobId } };
}

/** The job of reserved version `n` failed: the request keeps its version, and the card says why. */
export function versionFailed(r: PublishRequestRecord, n: number, jobId: string, error: string, now: number): Verdict {
  if (r.making?.n !== n || (r.making.jobId !== undefined && r.making.jobId !== jobId))
    return refuse('making', 'That version is no longer in the making.');
  const { making: _gone, ...rest } = r;
  return { ...rest, unmade: { n, at: now, error } };
}

/**
 * The next version of `r`: its video replaces the request's, its approvals start over (an approval is bound to
 * its version: `validApprovals` counts none of an earlier one, and the version is part of the content's hash),
 * the change requests it answers leave the open ones and stay listed under it, a held post goes back to waiting.
 * `by` made it: a member now, checked here; or the job of the version reserved as `making` (checked when reserved).
 */
export function addVersion(
  r: PublishRequestRecord,
  policy: Policy,
  by: { member: Member } | { making: { n: number; jobId: string }; person: Person },
  v: NewVersion,
  now: number,
): Verdict {
  if ('member' in by) {
    const refused = refuseVersion(r, by.member, now);
    if (refused) return refused;
  } else {
    // Said in the request's thread when the job's video cannot become its version: in the request's language.
    const t = publishWords(r.locale);
    if (r.making?.n !== by.making.n || (r.making.jobId !== undefined && r.making.jobId !== by.making.jobId))
      return refuse('making', t.t('decide.noLongerMaking'));
    if (!VERSIONABLE.includes(r.state)) return refuse('decided', decidedText(r, t));
    if (versionsOf(r).length >= MAX_VERSIONS)
      return refuse('versions', t.t('decide.versionsAtMost', { max: MAX_VERSIONS }));
  }
  const n = versionsOf(r).length + 1;
  const person = 'member' in by ? personOf(by.member) : by.person;
  // A job's version answers what its maker ticked when it was asked for, those still open.
  const keys = 'member' in by ? v.answers : (r.making?.answers ?? []).map(answerKey);
  const answers = answered(r, keys);
  const gone = new Set(answers.map(answerKey));
  const version: Version = {
    n,
    videoUrl: v.videoUrl,
    ...(v.thumbnailUrl ? { thumbnailUrl: v.thumbnailUrl } : {}),
    at: now,
    by: person,
    how: v.how,
    ...(v.note ? { note: v.note } : {}),
    ...(v.source ? { source: v.source } : {}),
    ...(v.cut ? { cut: v.cut } : {}),
    answers,
  };
  const { thumbnailUrl: _old, ...kept } = r.content;
  // Asked again when its approvals had run out: links ended with them and are not reopened (as an Edit).
  const renewed = isExpired(r, policy, now);
  const { making: _making, unmade: _unmade, error: _error, moved: _moved, reminded: _reminded, ...rest } = r;
  return {
    ...rest,
    content: { ...kept, videoUrl: v.videoUrl, ...(v.thumbnailUrl ? { thumbnailUrl: v.thumbnailUrl } : {}), version: n },
    versions: [...versionsOf(r), version],
    approvals: [],
    changes: r.changes.filter((c) => !gone.has(answerKey(c))),
    // Those it does not answer stay open, though asked before its approvals started over.
    changesFrom: r.changesFrom ?? r.editedAt,
    state: 'pending',
    editedAt: now,
    reviewers: renewed ? r.reviewers.map((x) => (x.revokedAt ? x : { ...x, revokedAt: now })) : r.reviewers,
  };
}
