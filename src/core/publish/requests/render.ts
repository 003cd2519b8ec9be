// The publish request card: what will be posted, where, when, by whom, how far the approval is, and
// the buttons allowed in its state. Decided cards lock (no buttons) and record the decision.
import type { Translator } from '../../i18n/catalogue.ts';
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
import { currentVersion, howText, versionsOf } from './versions.ts';

const btn = (label: string, verb: string, id: string, style?: 'primary' | 'danger'): Control => ({
  kind: 'action',
  label,
  id: `pub:${verb}:${id}`,
  ...(style ? { style } : {}),
});

/** A menu of the live links, to revoke one reviewer's alone. */
const revokeOne = (id: string, reviewers: readonly Reviewer[], t: Translator): Control => ({
  kind: 'select',
  id: `pub:revokeone:${id}`,
  placeholder: t.t('publish.card.revoke_one'),
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
/** The states a new version may be made in (the one rule, decide.ts, says the same). */
const VERSIONED: readonly PublishRequestRecord['state'][] = ['pending', 'scheduled', 'overdue', 'failed'];
const EXPIRED_HEAD = '⌛ Publish request — approvals expired (the requester can Edit to ask again)';

/**
 * A comment on one line of the card, inside quotation marks: its line breaks cannot start a line of their own
 * that reads as the bot's (the thread shows it whole, as a quote).
 */
const oneLine = (s: string): string => quoteLines(s).join(' ⏎ ');

/** Who asked for what, newest last; the card's field holds 1024 characters (Discord), so 3 at most. */
function changesText(r: PublishRequestRecord, open: PublishRequestRecord['changes'], t: Translator): string {
  // With several versions, each says which version it was asked on.
  const on = (c: (typeof open)[number]) => (versionsOf(r).length > 1 ? ` (on version ${c.version ?? 1})` : '');
  const shown = open.slice(-3).map((c) => `${asker(c, t)}${atText(c, t)}${on(c)}: ${truncate(oneLine(c.reason), 250)}`);
  const more = open.length > 3 ? `\n…and ${open.length - 3} earlier` : '';
  return `${shown.join('\n')}${more}\nApprovals still count; a New version… or an Edit by the requester answers these.`;
}

/** How many versions' change requests the card lists (newest first), within the 1,024 characters of a field. */
const VERSIONS_ON_CARD = 3;

/**
 * The change requests of each version, newest version first: those still open (asked on it) and those it answered.
 * Reasons of open ones are in "Changes requested"; answered ones are named by who and where (their text is kept in
 * the comment log, not in the request).
 */
export function changesByVersion(r: PublishRequestRecord, t: Translator, perVersion = 3): string[] {
  const open = openChanges(r);
  return versionsOf(r)
    .slice()
    .reverse()
    .slice(0, VERSIONS_ON_CARD)
    .map((v) => {
      const asked = open.filter((c) => (c.version ?? 1) === v.n);
      const parts = [
        ...(asked.length
          ? [
              `open: ${asked
                .slice(-perVersion)
                .map((c) => `${asker(c, t)}${atText(c, t)}`)
                .join(', ')}`,
            ]
          : []),
        ...(v.answers.length
          ? [
              `answers ${v.answers
                .slice(-perVersion)
                .map((a) => `${asker(a, t)}${atText(a, t)} (asked on version ${a.on ?? 1})`)
                .join(', ')}`,
            ]
          : []),
      ];
      return `Version ${v.n} (${howText(v, t)}): ${parts.length ? parts.join('; ') : 'no change requests'}`;
    });
}

/** What the card says of the versions: the one shown, one in the making, one that could not be made. */
function versionText(r: PublishRequestRecord, t: Translator): string | undefined {
  const all = versionsOf(r);
  const n = currentVersion(r);
  const lines: string[] = [];
  const v = all.at(-1);
  if (all.length > 1 && v) {
    const made = `Version ${n} of ${all.length}: ${howText(v, t)}, by ${who(v.by, t)}`;
    lines.push(
      r.state === 'published' || r.state === 'publishing' || r.state === 'scheduled'
        ? `${made}. ${r.state === 'published' ? 'Posted' : r.state === 'publishing' ? 'Being posted' : 'To be posted'}: version ${n}, with approvals given on version ${n}.`
        : made,
    );
  }
  if (r.making && !ENDED_STATES.includes(r.state))
    lines.push(
      `🛠️ Version ${r.making.n} in the making (${howText({ how: r.making.how }, t)}) by ${who(r.making.by, t)}: it becomes the video when its job completes; until then version ${n} stands.`,
    );
  if (r.unmade && !r.making && r.unmade.n > n)
    lines.push(
      `⚠️ Version ${r.unmade.n} could not be made: ${truncate(oneLine(r.unmade.error), 300)} Version ${n} stays, with its approvals.`,
    );
  return lines.length ? truncate(lines.join('\n'), 1000) : undefined;
}

/** Where an outside reviewer paused the video when they asked: " at 0:12". */
export const atText = (c: { position?: string | undefined }, t: Translator): string =>
  c.position ? t.t('publish.card.at', { position: c.position }) : '';

/** The newest open change request on the card's first line too (the console and notifications show only it). */
function latestAsk(open: PublishRequestRecord['changes'], t: Translator): string {
  const last = open.at(-1);
  return last ? ` — ${asker(last, t)} asks: “${truncate(oneLine(last.reason), 120)}”` : '';
}

/** The buttons a request offers in its state (also under each row of /scheduled). */
export function requestControls(r: PublishRequestRecord, expired: boolean, t: Translator): Control[] {
  const id = r.id;
  const cancel = btn(t.t('publish.card.cancel'), 'cancel', id, 'danger');
  switch (r.state) {
    case 'pending':
      // Approvals ran out: Approve and Request changes could only be refused; Edit asks again.
      if (expired) return [btn(t.t('publish.card.edit'), 'edit', id, 'primary'), cancel];
      return [
        btn(t.t('publish.card.approve'), 'approve', id, 'primary'),
        btn(t.t('publish.card.request_changes'), 'changes', id),
        btn(t.t('publish.card.edit'), 'edit', id),
        cancel,
      ];
    case 'scheduled':
      return [cancel];
    case 'overdue':
      return [
        btn(t.t('publish.card.post_now'), 'now', id, 'primary'),
        btn(t.t('publish.card.new_time'), 'when', id),
        cancel,
      ];
    case 'failed':
      return [btn(t.t('publish.card.try_again'), 'retry', id, 'primary'), cancel];
    case 'unknown':
      return [
        btn(t.t('publish.card.mark_posted'), 'mark', id),
        btn(t.t('publish.card.try_again'), 'retry', id, 'primary'),
      ];
    default:
      return [];
  }
}

const who = (p: { userId: string; reviewer?: string | undefined }, t: Translator) => deciderName(p, t);
/** A change request as the card names who asked: a member, or a reviewer by name (the thread names the inviter). */
const asker = (c: { userId: string; reviewer?: string | undefined }, t: Translator) =>
  deciderName({ userId: c.userId, reviewer: c.reviewer }, t);

/** An approval as the card lists it: who gave it, and "not counted" when no approver stands behind it. */
const approvalName = (a: PublishRequestRecord['approvals'][number], counted: Set<string>, t: Translator): string => {
  const who = standsFor(a);
  return who !== undefined && counted.has(who) ? deciderName(a, t) : `${deciderName(a, t)} (not counted)`;
};

export function approvalLine(r: PublishRequestRecord, policy: Policy, now: number, t: Translator): string {
  const outside =
    r.state === 'pending' && waitsForOutsideReviewer(r, policy, now) ? ' · waiting for an outside reviewer' : '';
  // With no members' approvals asked, the outside reviewer's is the whole of what the request waits for: said once.
  if (policy.approvals === 0) return outside ? "needs an outside reviewer's approval" : 'no approval needed';
  // Once decided, the approvals that decided it stay shown (a held post outlives their expiry; a new time
  // after a missed one changes the content's hash, not who approved it).
  const standing = standingApprovals(r, policy, now);
  const counted = membersBehind(r, policy, standing);
  const names = standing.length > 0 ? ` — ${standing.map((a) => approvalName(a, counted, t)).join(', ')}` : '';
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
  // From version 2 on, the count says whose approvals it is: that version's alone.
  const of = versionsOf(r).length > 1 ? ` of version ${currentVersion(r)}` : '';
  return `needs ${policy.approvals} approval${policy.approvals === 1 ? '' : 's'} (${counted.size}/${policy.approvals})${of}${names}${awaited}${outside}${expired}`;
}

export function renderRequestCard(r: PublishRequestRecord, policy: Policy, now: number, t: Translator): OutMessage {
  const c = r.content;
  const when = c.scheduleAt === null ? 'now, once approved' : formatWhen(c.scheduleAt, policy.timezone, t);
  const version = versionText(r, t);
  const fields: Field[] = [
    ...(version ? [{ name: 'Version', value: version }] : []),
    { name: 'Title', value: truncate(c.title || '(none)', 256) },
    { name: 'Description', value: truncate(c.description || '(none)', 1000) },
    { name: 'Accounts', value: c.accounts.join(', '), inline: true },
    { name: 'Privacy', value: c.privacy, inline: true },
    { name: 'Schedule', value: when, inline: true },
    { name: 'Requested by', value: who(r.requester, t), inline: true },
    { name: 'Approval', value: approvalLine(r, policy, now, t) },
  ];
  if (r.posts.length > 0)
    fields.push({ name: 'Posts', value: r.posts.map((p) => `${p.account}: \`${p.postId}\``).join('\n') });
  const given = r.approvals.filter((a) => a.at >= r.editedAt);
  if (r.state !== 'pending' && given.length > 0)
    fields.push({ name: 'Approved by', value: [...new Set(given.map((a) => who(a, t)))].join(', '), inline: true });
  if (r.moved)
    fields.push({
      name: 'Moved by',
      value: `${who(r.moved, t)} at ${formatWhen(r.moved.at, policy.timezone, t)} (it was due ${formatWhen(r.moved.from, policy.timezone, t)})`,
    });
  if (r.decidedBy && r.decidedAt)
    fields.push({
      name: decidedLabel(r),
      value: `${who(r.decidedBy, t)} at ${formatWhen(r.decidedAt, policy.timezone, t)}`,
    });
  const open = r.state === 'pending' ? openChanges(r) : [];
  if (open.length > 0) fields.push({ name: 'Changes requested', value: changesText(r, open, t) });
  if (versionsOf(r).length > 1)
    fields.push({ name: 'Change requests by version', value: truncate(changesByVersion(r, t).join('\n'), 1000) });
  const expired = isExpired(r, policy, now);
  // Links end with the request: the names are shown, and revoking offered, only while they open something.
  const reviewers = ENDED_STATES.includes(r.state) || expired ? [] : liveReviewers(r);
  if (reviewers.length > 0)
    fields.push({ name: 'Outside reviewers', value: truncate(reviewers.map((x) => x.name).join(', '), 1000) });
  const outside: Control[] = [
    ...(r.state === 'pending' && !expired ? [btn(t.t('publish.card.invite'), 'invite', r.id)] : []),
    // The requester (or someone who may configure) makes the next version: not once it is being sent or sent.
    ...(VERSIONED.includes(r.state) && !r.making ? [btn(t.t('publish.card.new_version'), 'version', r.id)] : []),
    ...(reviewers.length > 0 ? [btn(t.t('publish.card.revoke'), 'revoke', r.id, 'danger')] : []),
    // With several links, one of them can be ended alone (`pub:revokeone:<request>:<reviewer>`).
    ...(reviewers.length > 1 ? [revokeOne(r.id, reviewers, t)] : []),
  ];
  const making = r.making && !ENDED_STATES.includes(r.state) ? ` · version ${r.making.n} in the making` : '';
  const head = `${expired ? EXPIRED_HEAD : open.length > 0 ? CHANGES_HEAD : HEAD[r.state]}${making}`;
  const tone =
    r.state === 'published' ? 'success' : r.state === 'failed' || r.state === 'unknown' ? 'error' : 'pending';
  return {
    text: `${head}: ${truncate(c.title || c.videoUrl, 120)}${expired ? '' : latestAsk(open, t)}`,
    cards: [
      {
        title: head,
        url: c.videoUrl,
        body: r.error ? truncate(r.error, 1500) : undefined,
        fields,
        tone,
        footer: `Request ${r.id} · approvals expire after ${Math.round(policy.expiryMs / 3600_000)} h`,
        controls: [
          { kind: 'link', label: t.t('publish.card.watch'), url: c.videoUrl },
          ...requestControls(r, expired, t),
          ...outside,
        ],
      },
    ],
  };
}

function decidedLabel(r: PublishRequestRecord): string {
  if (r.state === 'published') return 'Published by';
  if (r.state === 'cancelled') return 'Cancelled by';
  return 'Last action by';
}
