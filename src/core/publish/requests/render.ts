// The publish request card: what will be posted, where, when, by whom, how far the approval is, and
// the buttons allowed in its state. Decided cards lock (no buttons) and record the decision.
import { type Control, type Field, type OutMessage, quoteLines, truncate } from '../../platform/message.ts';
import {
  deciderName,
  isExpired,
  membersBehind,
  openChanges,
  standingApprovals,
  standsFor,
  waitsForOutsideReviewer,
} from '../approvals/approvals.ts';
import { ENDED_STATES } from '../approvals/decide.ts';
import type { Policy } from '../approvals/policy.ts';
import { liveReviewers } from '../review/links.ts';
import type { PublishRequestRecord, Reviewer } from './model.ts';
import { stillAble } from './reminders.ts';
import { formatWhen } from './schedule-time.ts';

const btn = (label: string, verb: string, id: string, style?: 'primary' | 'danger'): Control => ({
  kind: 'action',
  label,
  id: `pub:${verb}:${id}`,
  ...(style ? { style } : {}),
});

/** A menu of the live links, to revoke one reviewer's alone. */
const revokeOne = (id: string, reviewers: readonly Reviewer[]): Control => ({
  kind: 'select',
  id: `pub:revokeone:${id}`,
  placeholder: 'Revoke one reviewer’s link',
  options: reviewers.slice(0, 25).map((x) => ({ label: truncate(x.name, 75), value: x.id })),
});

const HEAD: Record<PublishRequestRecord['state'], string> = {
  pending: '📝 Publish request — waiting for approval',
  scheduled: '🗓️ Publish request — approved, scheduled',
  overdue: '⏰ Publish request — its time passed: post now, or pick a new time',
  publishing: '⏳ Publishing…',
  published: '✅ Published',
  failed: '⚠️ Not published',
  unknown: '❓ Outcome unknown — it may or may not have been posted',
  cancelled: '🚫 Cancelled',
};

const CHANGES_HEAD = '✏️ Publish request — changes requested';
const EXPIRED_HEAD = '⌛ Publish request — approvals expired (the requester can Edit to ask again)';

/**
 * A comment on one line of the card, inside quotation marks: its line breaks cannot start a line of their own
 * that reads as the bot's (the thread shows it whole, as a quote).
 */
const oneLine = (s: string): string => quoteLines(s).join(' ⏎ ');

/** Who asked for what, newest last; the card's field holds 1024 characters (Discord), so 3 at most. */
function changesText(open: PublishRequestRecord['changes']): string {
  const shown = open.slice(-3).map((c) => `${who(c)}${atText(c)}: ${truncate(oneLine(c.reason), 250)}`);
  const more = open.length > 3 ? `\n…and ${open.length - 3} earlier` : '';
  return `${shown.join('\n')}${more}\nApprovals still count; an Edit by the requester answers these.`;
}

/** Where an outside reviewer paused the video when they asked: " at 0:12". */
export const atText = (c: { position?: string | undefined }): string => (c.position ? ` at ${c.position}` : '');

/** The newest open change request on the card's first line too (the console and notifications show only it). */
function latestAsk(open: PublishRequestRecord['changes']): string {
  const last = open.at(-1);
  return last ? ` — ${who(last)} asks: “${truncate(oneLine(last.reason), 120)}”` : '';
}

/** The buttons a request offers in its state (also under each row of /scheduled). */
export function requestControls(r: PublishRequestRecord, expired: boolean): Control[] {
  const id = r.id;
  switch (r.state) {
    case 'pending':
      // Approvals ran out: Approve and Request changes could only be refused; Edit asks again.
      if (expired) return [btn('Edit', 'edit', id, 'primary'), btn('Cancel', 'cancel', id, 'danger')];
      return [
        btn('Approve', 'approve', id, 'primary'),
        btn('Request changes', 'changes', id),
        btn('Edit', 'edit', id),
        btn('Cancel', 'cancel', id, 'danger'),
      ];
    case 'scheduled':
      return [btn('Cancel', 'cancel', id, 'danger')];
    case 'overdue':
      return [
        btn('Post now', 'now', id, 'primary'),
        btn('New time', 'when', id),
        btn('Cancel', 'cancel', id, 'danger'),
      ];
    case 'failed':
      return [btn('Try again', 'retry', id, 'primary'), btn('Cancel', 'cancel', id, 'danger')];
    case 'unknown':
      return [btn('Mark as posted', 'mark', id), btn('Try again', 'retry', id, 'primary')];
    default:
      return [];
  }
}

const who = (p: { userId: string; reviewer?: string | undefined }) => deciderName(p);

/** An approval as the card lists it: who gave it, and "not counted" when no approver stands behind it. */
const approvalName = (a: PublishRequestRecord['approvals'][number], counted: Set<string>): string => {
  const who = standsFor(a);
  return who !== undefined && counted.has(who) ? deciderName(a) : `${deciderName(a)} (not counted)`;
};

export function approvalLine(r: PublishRequestRecord, policy: Policy, now: number): string {
  const outside =
    r.state === 'pending' && waitsForOutsideReviewer(r, policy, now) ? ' · waiting for an outside reviewer' : '';
  // With no members' approvals asked, the outside reviewer's is the whole of what the request waits for: said once.
  if (policy.approvals === 0) return outside ? "needs an outside reviewer's approval" : 'no approval needed';
  // Once decided, the approvals that decided it stay shown (a held post outlives their expiry; a new time
  // after a missed one changes the content's hash, not who approved it).
  const standing = standingApprovals(r, policy, now);
  const counted = membersBehind(r, policy, standing);
  const names = standing.length > 0 ? ` — ${standing.map((a) => approvalName(a, counted)).join(', ')}` : '';
  const expired = isExpired(r, policy, now) ? ' · ⌛ expired' : '';
  // Approvals that count for nobody (links invited by someone who may not approve): say what is still awaited.
  const short = policy.approvals - counted.size;
  const able = stillAble(r, policy, now);
  const from =
    policy.approvers.length === 0
      ? 'members who may approve'
      : able.length > 0
        ? able.join(', ')
        : 'no named approver left (change /setup approvers)';
  const awaited =
    r.state === 'pending' && short > 0 && standing.some((a) => standsFor(a) === undefined)
      ? ` · waiting for ${short} more from ${from} (an outside reviewer counts for the approver who invited them)`
      : '';
  return `needs ${policy.approvals} approval${policy.approvals === 1 ? '' : 's'} (${counted.size}/${policy.approvals})${names}${awaited}${outside}${expired}`;
}

export function renderRequestCard(r: PublishRequestRecord, policy: Policy, now: number): OutMessage {
  const c = r.content;
  const when = c.scheduleAt === null ? 'now, once approved' : formatWhen(c.scheduleAt, policy.timezone);
  const fields: Field[] = [
    { name: 'Title', value: truncate(c.title || '(none)', 256) },
    { name: 'Description', value: truncate(c.description || '(none)', 1000) },
    { name: 'Accounts', value: c.accounts.join(', '), inline: true },
    { name: 'Privacy', value: c.privacy, inline: true },
    { name: 'Schedule', value: when, inline: true },
    { name: 'Requested by', value: who(r.requester), inline: true },
    { name: 'Approval', value: approvalLine(r, policy, now) },
  ];
  if (r.posts.length > 0)
    fields.push({ name: 'Posts', value: r.posts.map((p) => `${p.account}: \`${p.postId}\``).join('\n') });
  const given = r.approvals.filter((a) => a.at >= r.editedAt);
  if (r.state !== 'pending' && given.length > 0)
    fields.push({ name: 'Approved by', value: [...new Set(given.map(who))].join(', '), inline: true });
  if (r.moved)
    fields.push({
      name: 'Moved by',
      value: `${who(r.moved)} at ${formatWhen(r.moved.at, policy.timezone)} (it was due ${formatWhen(r.moved.from, policy.timezone)})`,
    });
  if (r.decidedBy && r.decidedAt)
    fields.push({ name: decidedLabel(r), value: `${who(r.decidedBy)} at ${formatWhen(r.decidedAt, policy.timezone)}` });
  const open = r.state === 'pending' ? openChanges(r) : [];
  if (open.length > 0) fields.push({ name: 'Changes requested', value: changesText(open) });
  const expired = isExpired(r, policy, now);
  // Links end with the request: the names are shown, and revoking offered, only while they open something.
  const reviewers = ENDED_STATES.includes(r.state) || expired ? [] : liveReviewers(r);
  if (reviewers.length > 0)
    fields.push({ name: 'Outside reviewers', value: truncate(reviewers.map((x) => x.name).join(', '), 1000) });
  const outside: Control[] = [
    ...(r.state === 'pending' && !expired ? [btn('Invite reviewer', 'invite', r.id)] : []),
    ...(reviewers.length > 0 ? [btn('Revoke reviewer links', 'revoke', r.id, 'danger')] : []),
    // With several links, one of them can be ended alone (`pub:revokeone:<request>:<reviewer>`).
    ...(reviewers.length > 1 ? [revokeOne(r.id, reviewers)] : []),
  ];
  const head = expired ? EXPIRED_HEAD : open.length > 0 ? CHANGES_HEAD : HEAD[r.state];
  const tone =
    r.state === 'published' ? 'success' : r.state === 'failed' || r.state === 'unknown' ? 'error' : 'pending';
  return {
    text: `${head}: ${truncate(c.title || c.videoUrl, 120)}${expired ? '' : latestAsk(open)}`,
    cards: [
      {
        title: head,
        url: c.videoUrl,
        body: r.error ? truncate(r.error, 1500) : undefined,
        fields,
        tone,
        footer: `Request ${r.id} · approvals expire after ${Math.round(policy.expiryMs / 3600_000)} h`,
        controls: [{ kind: 'link', label: '▶ Video', url: c.videoUrl }, ...requestControls(r, expired), ...outside],
      },
    ],
  };
}

function decidedLabel(r: PublishRequestRecord): string {
  if (r.state === 'published') return 'Published by';
  if (r.state === 'cancelled') return 'Cancelled by';
  return 'Last action by';
}
