// Outside reviewers: people who are not in the workspace (a client, legal) approve or ask for changes from a
// personal link. Their decisions go through the one rule (decide.ts) like a member's: an approval is bound to
// the content the page showed and stands for the member who invited them (counted only when that member could
// approve themself); `outside_review=required` makes a request also wait for one, from anyone's link. A link
// ends when its request is published, cancelled or expires, when it is revoked (revoke.ts), or when the same
// reviewer is invited again. A link's change requests are bounded (10 an hour) and reach the thread coalesced:
// a durable task posts the newest of a burst a few seconds after the last.
import { randomBytes } from 'node:crypto';
import type { Translator } from '../../i18n/catalogue.ts';
import type { ShippedLocale } from '../../i18n/locales.ts';
import { mention } from '../../platform/message.ts';
import type { Clock, Logger } from '../../ports.ts';
import type { Scheduler, Task, TaskOutcome } from '../../scheduler.ts';
import {
  decidedText,
  deciderName,
  isExpired,
  mayCancel,
  membersBehind,
  standingApprovals,
} from '../approvals/approvals.ts';
import type { Approvers } from '../approvals/approvers.ts';
import {
  decide as decideRule,
  ENDED_STATES,
  inWorkspace,
  isRefusal,
  liveLink,
  type Member,
  outsideId,
  type Refusal,
} from '../approvals/decide.ts';
import type { Policy, PolicyRepo } from '../approvals/policy.ts';
import type { Advance } from '../requests/advance.ts';
import type { CommentLog } from '../requests/comments.ts';
import { type PublishRequestRecord, personOf, type Reviewer } from '../requests/model.ts';
import type { PublishRepo } from '../requests/repo.ts';
import type { RequestWrites } from '../requests/request-writes.ts';
import { currentVersion } from '../requests/versions.ts';
import { publishWords } from '../words.ts';
import { hashReviewToken, liveReviewers, newReviewToken, sameReviewer } from './links.ts';

export { ENDED_STATES, liveLink, liveReviewers, outsideId };

/** More live links than this on one request is a mistake, not a review. */
const MAX_LIVE_LINKS = 20;
/** The scheduler queue of outside change requests waiting to be said (one task per link, id `<request>-<reviewer>`). */
export const CHANGES_QUEUE = 'publish-changes';
/** A link's change requests this close together are one burst: the thread hears the newest, once. */
export const CHANGES_HOLD_MS = 5_000;

/**
 * The approval state as the page and the thread say it: "1 of 2", the members behind valid approvals out of
 * the channel's number (once decided, those that decided it). With `approvals=0 outside_review=required` the
 * one approval needed is an outside one.
 */
export function approvalCount(r: PublishRequestRecord, policy: Policy, now: number): { given: number; of: number } {
  const standing = standingApprovals(r, policy, now);
  if (policy.approvals === 0) {
    const of = policy.outsideReview === 'required' ? 1 : 0;
    return { given: standing.some((a) => a.reviewer !== undefined) ? of : 0, of };
  }
  const given = membersBehind(r, policy, standing).size;
  return { given, of: Math.max(policy.approvals, given) };
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

export interface OutsideReviewDeps {
  repo: PublishRepo;
  policies: PolicyRepo;
  approvers: Approvers;
  clock: Clock;
  logger: Logger;
  scheduler: Scheduler;
  writes: RequestWrites;
  advance: Advance;
  comments: CommentLog;
}

export function createOutsideReview(deps: OutsideReviewDeps) {
  const { writes, clock } = deps;
  const { update, say } = writes;

  async function read(tokenHash: string) {
    const id = await deps.repo.linkRequest(tokenHash);
    const r = id ? await deps.repo.get(id) : undefined;
    const policy = r ? await deps.policies.get(r.channelKey) : undefined;
    return { r, policy };
  }

  /** The member behind a link, with the groups that make them an approver (read as for their own click). */
  async function inviterOf(r: PublishRequestRecord, policy: Policy, reviewer: Reviewer) {
    const inviter = {
      userId: reviewer.createdBy.userId,
      canConfigure: false,
      ...(reviewer.inviterRoles ? { roles: reviewer.inviterRoles } : {}),
    };
    // Only the groups are read here: a refusal's words are never said.
    const checked = await deps.approvers.withGroups(inviter, policy, r.thread, publishWords(r.locale));
    // A group that could not be read makes nobody an approver: the approval is kept, counted for no one.
    return typeof checked === 'string' ? { ...inviter, roles: [] } : checked;
  }

  /**
   * Runs the rule for the link `tokenHash` on the stored record; `refused` is what it said, if it refused, in `t`
   * (the language of the reviewer's page).
   */
  async function decideOnRecord(
    r: PublishRequestRecord,
    tokenHash: string,
    inviter: { userId: string; canConfigure: boolean; roles?: readonly string[] },
    t: Translator,
    decision: Parameters<typeof decideRule>[3],
    redraw: boolean,
  ) {
    const at = clock.now();
    let refused: Refusal | undefined;
    let policy: Policy | undefined;
    const { record } = await update(
      r.id,
      (cur, p) => {
        policy = p;
        const next = decideRule(cur, p, { kind: 'outside', tokenHash, inviter, t }, decision, at);
        refused = isRefusal(next) ? next : undefined;
        return isRefusal(next) ? next.message : next;
      },
      redraw,
    );
    return { record, refused, policy, at };
  }

  async function approve(
    r: PublishRequestRecord,
    policy: Policy,
    reviewer: Reviewer,
    tokenHash: string,
    seenHash: string,
    t: Translator,
  ): Promise<ReviewOutcome> {
    const inviter = await inviterOf(r, policy, reviewer);
    const done = await decideOnRecord(r, tokenHash, inviter, t, { kind: 'approve', seenHash }, true);
    const used = done.policy ?? policy;
    if (done.refused?.refused === 'gone') return { kind: 'gone' };
    if (done.refused?.refused === 'already')
      return { kind: 'approved', ...approvalCount((await deps.repo.get(r.id)) ?? r, used, done.at) };
    if (done.refused || !done.record)
      return { kind: 'refused', message: done.refused?.message ?? t.t('decide.unknown') };
    const record = done.record;
    const count = approvalCount(record, used, done.at);
    const mine = record.approvals.find((a) => a.userId === outsideId(reviewer));
    // The thread hears it in the request's language. An approval that stands for nobody says so: it cannot pass
    // for an approver's.
    const words = publishWords(record.locale);
    const text = words.t('invite.approvedLine', {
      name: deciderName(mine ?? { userId: outsideId(reviewer), reviewer: reviewer.name }, words),
      counted: used.approvals > 0 ? 'yes' : 'no',
      given: count.given,
      of: count.of,
      notCounted: used.approvals > 0 && mine?.standsFor === undefined ? 'yes' : 'no',
      needed: used.approvals,
      inviter: mention(reviewer.createdBy.userId),
    });
    await say(record, { text }, `outside-approve:${reviewer.id}:${seenHash}:${record.editedAt}`);
    await deps.advance.advance(record, { userId: outsideId(reviewer), userName: reviewer.name });
    return { kind: 'approved', ...count };
  }

  async function changes(
    r: PublishRequestRecord,
    reviewer: Reviewer,
    tokenHash: string,
    d: Extract<ReviewDecision, { kind: 'changes' }>,
    t: Translator,
  ): Promise<ReviewOutcome> {
    const inviter = { userId: reviewer.createdBy.userId, canConfigure: false };
    // The card is redrawn when the thread hears of it (onChangesDue): a burst redraws it once.
    const done = await decideOnRecord(r, tokenHash, inviter, t, { ...d }, false);
    if (done.refused?.refused === 'gone') return { kind: 'gone' };
    if (done.refused?.refused === 'already') return { kind: 'changes' };
    if (done.refused || !done.record)
      return { kind: 'refused', message: done.refused?.message ?? t.t('decide.unknown') };
    const { record, at } = done;
    await deps.comments.add(record.id, {
      userId: outsideId(reviewer),
      reviewer: reviewer.name,
      at,
      reason: d.reason,
      ...(d.position ? { position: d.position } : {}),
      version: currentVersion(record),
    });
    // Said after a pause, the newest of a burst only: each ask moves the link's one task.
    await deps.scheduler.schedule(CHANGES_QUEUE, `${record.id}-${reviewer.id}`, at + CHANGES_HOLD_MS, {
      id: record.id,
      reviewer: reviewer.id,
    });
    return { kind: 'changes' };
  }

  return {
    /**
     * A new personal link for `name` (or a new one replacing theirs), its page in `locale` when the inviter chose
     * one; the token is shown once, here. A refusal is in the inviter's language (`actor.t`), the thread's line in
     * the request's.
     */
    async invite(
      id: string,
      actor: Member,
      name: string,
      locale?: ShippedLocale,
    ): Promise<{ token: string } | { refusal: string }> {
      const { t } = actor;
      const at = clock.now();
      const token = newReviewToken();
      const tokenHash = hashReviewToken(token);
      const freshId = randomBytes(6).toString('base64url');
      let replaced = false;
      let reviewerId = freshId;
      const seen = await deps.repo.get(id);
      if (!seen || !inWorkspace(seen, actor.where)) return { refusal: t.t('decide.unknown') };
      // The lookup first: a process that stops between the two leaves a lookup that opens nothing (the request
      // does not hold that hash), never a reviewer whose link cannot be found.
      await deps.repo.saveLink(tokenHash, id);
      const { record, refusal } = await update(id, (r, policy) => {
        if (!mayCancel(r, actor)) return t.t('invite.notYours');
        if (r.state !== 'pending') return decidedText(r, t);
        if (isExpired(r, policy, at)) return t.t('invite.expired');
        const earlier = r.reviewers.find((x) => sameReviewer(x.name, name));
        replaced = earlier !== undefined && !earlier.revokedAt;
        reviewerId = earlier?.id ?? freshId;
        if (!earlier && liveReviewers(r).length >= MAX_LIVE_LINKS)
          return t.t('invite.tooManyLinks', { max: MAX_LIVE_LINKS });
        const reviewer: Reviewer = {
          id: reviewerId,
          name,
          tokenHash,
          createdBy: personOf(actor),
          // Discord sends the inviter's roles with the click: they make the link's approval count or not.
          ...(actor.roles ? { inviterRoles: [...actor.roles] } : {}),
          createdAt: at,
          ...(locale ? { locale } : {}),
        };
        return { ...r, reviewers: [...r.reviewers.filter((x) => x.id !== reviewerId), reviewer] };
      });
      if (refusal || !record) return { refusal: refusal ?? t.t('decide.unknown') };
      const text = publishWords(record.locale).t('invite.createdLine', {
        inviter: mention(actor.userId),
        name,
        replaced: replaced ? 'yes' : 'no',
      });
      await say(record, { text }, `invite:${reviewerId}:${at}`);
      return { token };
    },

    /**
     * What the review page shows, or undefined when the link opens nothing: the request, and this reviewer's own
     * comments (the log keeps them apart from the request), for what each version answered of them.
     */
    async view(tokenHash: string) {
      const { r, policy } = await read(tokenHash);
      const now = clock.now();
      const reviewer = policy && liveLink(r, tokenHash, policy, now);
      if (!r || !policy || !reviewer) return undefined;
      const comments = (await deps.comments.list(r.id)).filter((c) => c.userId === outsideId(reviewer));
      return { request: r, reviewer, policy, now, comments };
    },

    /**
     * An outside reviewer's decision, from the page's form; a refusal is in `t`, the language of their page.
     * Repeats answer the same and post nothing.
     */
    async decide(tokenHash: string, decision: ReviewDecision, t: Translator): Promise<ReviewOutcome> {
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
        ? approve(r, policy, reviewer, tokenHash, decision.seenHash, t)
        : changes(r, reviewer, tokenHash, decision, t);
    },

    /**
     * A link's burst of change requests has settled: the thread hears the newest, once (the outbox keys it by
     * its time), and the card is redrawn. A task run twice, or after a newer ask moved it, says nothing twice.
     */
    async onChangesDue(task: Task): Promise<TaskOutcome> {
      const r = await deps.repo.get(String(task.data.id));
      const reviewer = r?.reviewers.find((x) => x.id === String(task.data.reviewer));
      const ask = reviewer && r?.changes.find((c) => c.userId === outsideId(reviewer));
      if (!r || !reviewer || !ask) return undefined;
      await writes
        .show(r)
        .catch((err: unknown) => deps.logger.warn({ err, requestId: r.id }, 'could not redraw a publish request card'));
      const text = publishWords(r.locale).t('invite.changesLine', {
        name: reviewer.name,
        at: ask.position ? 'yes' : 'no',
        position: ask.position ?? '',
      });
      await say(r, { text, quote: ask.reason }, `outside-changes:${reviewer.id}:${ask.at}`);
      return undefined;
    },
  };
}

export type OutsideReview = ReturnType<typeof createOutsideReview>;
