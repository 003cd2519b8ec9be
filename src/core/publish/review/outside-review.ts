// Outside reviewers: people who are not in the workspace (a client, legal) approve or ask for changes from a
// personal link. Their approval counts as one toward the channel's number, bound to the content the page showed,
// like a member's; `outside_review=required` makes a request also wait for one. A link ends when its request is
// published, cancelled or expires, when the links are revoked, or when the same reviewer is invited again.
import { randomBytes } from 'node:crypto';
import { mention, type OutMessage } from '../../platform/message.ts';
import type { Clock } from '../../ports.ts';
import { type Actor, decidedText, isExpired, mayCancel, validApprovals } from '../approvals/approvals.ts';
import type { Policy, PolicyRepo } from '../approvals/policy.ts';
import {
  contentHash,
  type Decide,
  type Decided,
  type Person,
  type PublishRequestRecord,
  personOf,
  type Reviewer,
} from '../requests/model.ts';
import type { PublishRepo } from '../requests/repo.ts';
import { hashReviewToken, newReviewToken, sameReviewer } from './links.ts';

/** More live links than this on one request is a mistake, not a review. */
const MAX_LIVE_LINKS = 20;

export const ENDED_STATES: readonly PublishRequestRecord['state'][] = ['published', 'cancelled'];

export const outsideId = (reviewer: Reviewer): string => `outside:${reviewer.id}`;
export const liveReviewers = (r: PublishRequestRecord): Reviewer[] => r.reviewers.filter((x) => !x.revokedAt);

/** The link's request and reviewer while the link lives: not revoked or replaced, its request not ended. */
export function liveLink(
  r: PublishRequestRecord | undefined,
  tokenHash: string,
  policy: Policy,
  now: number,
): Reviewer | undefined {
  if (!r || ENDED_STATES.includes(r.state) || isExpired(r, policy, now)) return undefined;
  return r.reviewers.find((x) => x.tokenHash === tokenHash && !x.revokedAt);
}

/** The approval state as the page and the thread say it: "1 of 2". */
export function approvalCount(r: PublishRequestRecord, policy: Policy, now: number): { given: number; of: number } {
  const given = r.state === 'pending' ? validApprovals(r, policy, now).length : r.approvals.length;
  // With outside_review=required the outside approval may come on top of the channel's number: "2 of 2", not "2 of 1".
  return { given, of: Math.max(policy.approvals, policy.outsideReview === 'required' ? 1 : 0, given) };
}

export type ReviewDecision =
  | { kind: 'approve'; seenHash: string }
  | { kind: 'changes'; seenHash: string; reason: string; position?: string | undefined };

/** What the reviewer's page answers. `gone`: the same 404 as an unknown link. */
export type ReviewOutcome =
  | { kind: 'gone' }
  | { kind: 'refused'; message: string }
  | { kind: 'approved'; given: number; of: number }
  | { kind: 'changes' };

export const EDITED_SINCE_SHOWN =
  'The request was edited after this page was opened, so nothing was decided. Open your link again to see what it says now.';

export interface OutsideReviewDeps {
  repo: PublishRepo;
  policies: PolicyRepo;
  clock: Clock;
  update(id: string, decide: Decide): Promise<Decided>;
  say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void>;
  /** After approvals change: publish now, hold for its time, or keep waiting. */
  advance(r: PublishRequestRecord, by: Person | undefined): Promise<void>;
}

/** A member acting on the card (request-lifecycle.ts's Member). */
type Member = Actor & Person;

const NOT_YOURS = 'Only the person who asked, or someone who may configure the bot, can manage review links.';

export function createOutsideReview(deps: OutsideReviewDeps) {
  const { update, say, clock } = deps;

  async function read(tokenHash: string) {
    const id = await deps.repo.linkRequest(tokenHash);
    const r = id ? await deps.repo.get(id) : undefined;
    const policy = r ? await deps.policies.get(r.channelKey) : undefined;
    return { r, policy };
  }

  return {
    /** A new personal link for `name` (or a new one replacing theirs); the token is shown once, here. */
    async invite(id: string, actor: Member, name: string): Promise<{ token: string } | { refusal: string }> {
      const at = clock.now();
      const token = newReviewToken();
      const tokenHash = hashReviewToken(token);
      const freshId = randomBytes(6).toString('base64url');
      let replaced = false;
      let reviewerId = freshId;
      // The lookup first: a process that stops between the two leaves a lookup that opens nothing (the request
      // does not hold that hash), never a reviewer whose link cannot be found.
      await deps.repo.saveLink(tokenHash, id);
      const { record, refusal } = await update(id, (r, policy) => {
        if (!mayCancel(r, actor)) return NOT_YOURS;
        if (r.state !== 'pending') return decidedText(r);
        if (isExpired(r, policy, at))
          return 'This request expired: its approvals ran out of time. Edit it to ask again, then invite.';
        const earlier = r.reviewers.find((x) => sameReviewer(x.name, name));
        replaced = earlier !== undefined && !earlier.revokedAt;
        reviewerId = earlier?.id ?? freshId;
        if (!earlier && liveReviewers(r).length >= MAX_LIVE_LINKS)
          return `A request can have ${MAX_LIVE_LINKS} review links at most; revoke them to start again.`;
        const reviewer: Reviewer = { id: reviewerId, name, tokenHash, createdBy: personOf(actor), createdAt: at };
        return { ...r, reviewers: [...r.reviewers.filter((x) => x.id !== reviewerId), reviewer] };
      });
      if (refusal || !record) return { refusal: refusal ?? 'That publish request no longer exists.' };
      const again = replaced ? ' (their earlier link no longer opens)' : '';
      await say(
        record,
        { text: `🔗 ${mention(actor.userId)} created a review link for “${name}”, outside reviewer${again}.` },
        `invite:${reviewerId}:${at}`,
      );
      return { token };
    },

    /** Ends every link of the request at once; what those reviewers approved no longer counts. */
    async revoke(id: string, actor: Member): Promise<string> {
      const at = clock.now();
      let names: string[] = [];
      let voided = false;
      const { record, refusal } = await update(id, (r) => {
        if (!mayCancel(r, actor)) return NOT_YOURS;
        const live = liveReviewers(r);
        if (live.length === 0) return 'This request has no review links to revoke.';
        names = live.map((x) => x.name);
        const ids = new Set(live.map(outsideId));
        const approvals = r.state === 'pending' ? r.approvals.filter((a) => !ids.has(a.userId)) : r.approvals;
        voided = approvals.length < r.approvals.length;
        return {
          ...r,
          approvals,
          reviewers: r.reviewers.map((x) => (x.revokedAt ? x : { ...x, revokedAt: at })),
        };
      });
      if (refusal || !record) return refusal ?? 'That publish request no longer exists.';
      const list = names.map((n) => `“${n}”`).join(', ');
      await say(
        record,
        {
          text: `🔒 ${mention(actor.userId)} revoked the review links of ${list}: they open nothing now${voided ? ', and their approvals no longer count' : ''}.`,
        },
        `revoke:${at}`,
      );
      return `Revoked ${names.length} review link${names.length === 1 ? '' : 's'}.`;
    },

    /** What the review page shows, or undefined when the link opens nothing. */
    async view(tokenHash: string) {
      const { r, policy } = await read(tokenHash);
      const now = clock.now();
      const reviewer = policy && liveLink(r, tokenHash, policy, now);
      if (!r || !policy || !reviewer) return undefined;
      return { request: r, reviewer, policy, now };
    },

    /** An outside reviewer's decision, from the page's form. Repeats answer the same and post nothing. */
    async decide(tokenHash: string, decision: ReviewDecision): Promise<ReviewOutcome> {
      const { r, policy } = await read(tokenHash);
      const now = clock.now();
      if (!r || !policy) return { kind: 'gone' };
      const reviewer = liveLink(r, tokenHash, policy, now);
      if (!reviewer) {
        // The repeat of an approval that completed the quorum (the link ended with it) gets the same answer.
        const mine = r.reviewers.find((x) => x.tokenHash === tokenHash && !x.revokedAt);
        const given =
          mine &&
          decision.kind === 'approve' &&
          r.approvals.some((a) => a.userId === outsideId(mine) && a.hash === decision.seenHash);
        return given ? { kind: 'approved', ...approvalCount(r, policy, now) } : { kind: 'gone' };
      }
      return decision.kind === 'approve'
        ? approve(r.id, reviewer, decision.seenHash)
        : changes(r.id, reviewer, decision);
    },
  };

  async function approve(id: string, reviewer: Reviewer, seenHash: string): Promise<ReviewOutcome> {
    const at = clock.now();
    const userId = `outside:${reviewer.id}`;
    let repeat = false;
    let policyUsed: Policy | undefined;
    const { record, refusal } = await update(id, (r, policy) => {
      policyUsed = policy;
      repeat = false;
      const live = liveLink(r, reviewer.tokenHash, policy, at);
      if (!live) return 'gone';
      const hash = contentHash(r.content);
      const already = r.approvals.some((a) => a.userId === userId && a.hash === hash && a.at >= r.editedAt);
      if (already && seenHash === hash) {
        repeat = true;
        return r;
      }
      if (r.state !== 'pending') return decidedText(r);
      if (seenHash !== hash) return EDITED_SINCE_SHOWN;
      const mine = { userId, userName: live.name, reviewer: live.name, at, hash };
      return { ...r, approvals: [...r.approvals.filter((a) => a.userId !== userId), mine] };
    });
    if (refusal === 'gone' || !policyUsed) return { kind: 'gone' };
    if (refusal || !record) return { kind: 'refused', message: refusal ?? 'That request no longer exists.' };
    const count = approvalCount(record, policyUsed, at);
    if (!repeat)
      await say(
        record,
        { text: `✅ Approved by ${reviewer.name}, outside reviewer · ${count.given} of ${count.of}` },
        `outside-approve:${reviewer.id}:${seenHash}:${record.editedAt}`,
      );
    await deps.advance(record, { userId, userName: reviewer.name });
    return { kind: 'approved', ...count };
  }

  async function changes(
    id: string,
    reviewer: Reviewer,
    d: Extract<ReviewDecision, { kind: 'changes' }>,
  ): Promise<ReviewOutcome> {
    const at = clock.now();
    const userId = `outside:${reviewer.id}`;
    let repeat = false;
    const same = (c: PublishRequestRecord['changes'][number], r: PublishRequestRecord) =>
      c.userId === userId && c.reason === d.reason && c.position === d.position && c.at >= r.editedAt;
    const { record, refusal } = await update(id, (r, policy) => {
      repeat = false;
      if (!liveLink(r, reviewer.tokenHash, policy, at)) return 'gone';
      if (r.state !== 'pending') return decidedText(r);
      if (d.seenHash !== contentHash(r.content)) return EDITED_SINCE_SHOWN;
      if (r.changes.some((c) => same(c, r))) {
        repeat = true;
        return r;
      }
      // Asking for changes takes back one's own approval, as for members.
      const approvals = r.approvals.filter((a) => a.userId !== userId);
      const change = {
        userId,
        userName: reviewer.name,
        reviewer: reviewer.name,
        at,
        reason: d.reason,
        ...(d.position ? { position: d.position } : {}),
      };
      return { ...r, approvals, changes: [...r.changes, change] };
    });
    if (refusal === 'gone') return { kind: 'gone' };
    if (refusal || !record) return { kind: 'refused', message: refusal ?? 'That request no longer exists.' };
    if (!repeat) {
      const where = d.position ? ` at ${d.position}` : '';
      await say(
        record,
        { text: `✏️ Changes requested by ${reviewer.name}${where}: ${d.reason}` },
        `outside-changes:${reviewer.id}:${at}`,
      );
    }
    return { kind: 'changes' };
  }
}

export type OutsideReview = ReturnType<typeof createOutsideReview>;
