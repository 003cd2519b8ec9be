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

/** The states a new version may be made in (the one rule, decide.ts, says the same). */
const VERSIONED: readonly PublishRequestRecord['state'][] = ['pending', 'scheduled', 'overdue', 'failed'];

/**
 * A comment on one line of the card, inside quotation marks: its line breaks cannot start a line of their own
 * that reads as the bot's (the thread shows it whole, as a quote).
 */
const oneLine = (s: string): string => quoteLines(s).join(' ⏎ ');

/** Who asked for what, newest last; the card's field holds 1024 characters (Discord), so 3 at most. */
function changesText(r: PublishRequestRecord, open: PublishRequestRecord['changes'], t: Translator): string {
  // With several versions, each says which version it was asked on.
  const on = (c: (typeof open)[number]) =>
    versionsOf(r).length > 1 ? t.t('publish.card.change_on_version', { n: c.version ?? 1 }) : '';
  const shown = open.slice(-3).map((c) =>
    t.t('publish.card.change_line', {
      who: asker(c, t),
      at: atText(c, t),
      on: on(c),
      reason: truncate(oneLine(c.reason), 250),
    }),
  );
  const more = open.length > 3 ? `\n${t.t('publish.card.changes_more', { count: open.length - 3 })}` : '';
  return `${shown.join('\n')}${more}\n${t.t('publish.card.changes_tail')}`;
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
      const opened = asked.slice(-perVersion).map((c) => `${asker(c, t)}${atText(c, t)}`);
      const answered = v.answers
        .slice(-perVersion)
        .map((a) => t.t('publish.card.by_version_answer', { who: asker(a, t), at: atText(a, t), n: a.on ?? 1 }));
      const parts = [
        ...(opened.length ? [t.t('publish.card.by_version_open', { who: opened.join(', ') })] : []),
        ...(answered.length ? [t.t('publish.card.by_version_answers', { who: answered.join(', ') })] : []),
      ];
      return t.t('publish.card.by_version', {
        n: v.n,
        how: howText(v, t),
        parts: parts.length ? parts.join('; ') : t.t('publish.card.by_version_none'),
      });
    });
}

/** What the card says of the versions: the one shown, one in the making, one that could not be made. */
function versionText(r: PublishRequestRecord, t: Translator): string | undefined {
  const all = versionsOf(r);
  const n = currentVersion(r);
  const lines: string[] = [];
  const v = all.at(-1);
  if (all.length > 1 && v) {
    const made = t.t('publish.card.version_made', { n, total: all.length, how: howText(v, t), who: who(v.by, t) });
    lines.push(
      r.state === 'published' || r.state === 'publishing' || r.state === 'scheduled'
        ? t.t('publish.card.version_sent', { made, state: r.state, n })
        : made,
    );
  }
  if (r.making && !ENDED_STATES.includes(r.state))
    lines.push(
      t.t('publish.card.version_making', {
        n: r.making.n,
        how: howText({ how: r.making.how }, t),
        who: who(r.making.by, t),
        current: n,
      }),
    );
  if (r.unmade && !r.making && r.unmade.n > n)
    lines.push(
      t.t('publish.card.version_unmade', {
        n: r.unmade.n,
        error: truncate(oneLine(r.unmade.error), 300),
        current: n,
      }),
    );
  return lines.length ? truncate(lines.join('\n'), 1000) : undefined;
}

/** Where an outside reviewer paused the video when they asked: " at 0:12". */
export const atText = (c: { position?: string | undefined }, t: Translator): string =>
  c.position ? t.t('publish.card.at', { position: c.position }) : '';

/** The newest open change request on the card's first line too (the console and notifications show only it). */
function latestAsk(open: PublishRequestRecord['changes'], t: Translator): string {
  const last = open.at(-1);
  return last
    ? t.t('publish.card.latest_ask', { who: asker(last, t), reason: truncate(oneLine(last.reason), 120) })
    : '';
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
  return who !== undefined && counted.has(who)
    ? deciderName(a, t)
    : t.t('publish.card.not_counted', { who: deciderName(a, t) });
};

export function approvalLine(r: PublishRequestRecord, policy: Policy, now: number, t: Translator): string {
  const outside =
    r.state === 'pending' && waitsForOutsideReviewer(r, policy, now) ? t.t('publish.card.waiting_outside') : '';
  // With no members' approvals asked, the outside reviewer's is the whole of what the request waits for: said once.
  if (policy.approvals === 0)
    return outside ? t.t('publish.card.needs_outside') : t.t('publish.card.no_approval_needed');
  // Once decided, the approvals that decided it stay shown (a held post outlives their expiry; a new time
  // after a missed one changes the content's hash, not who approved it).
  const standing = standingApprovals(r, policy, now);
  const counted = membersBehind(r, policy, standing);
  const names = standing.length > 0 ? ` — ${standing.map((a) => approvalName(a, counted, t)).join(', ')}` : '';
  const expired = isExpired(r, policy, now) ? t.t('publish.card.expired') : '';
  // Approvals that count for nobody (links invited by someone who may not approve): say what is still awaited.
  const short = policy.approvals - counted.size;
  const able = stillAble(r, policy, now);
  const from =
    policy.approvers.length === 0
      ? t.t('publish.card.from_members')
      : able.length > 0
        ? able.join(', ')
        : t.t('publish.card.from_nobody');
  const awaited =
    r.state === 'pending' && short > 0 && standing.some((a) => standsFor(a) === undefined)
      ? t.t('publish.card.awaited', { short, from })
      : '';
  // From version 2 on, the count says whose approvals it is: that version's alone.
  const of = versionsOf(r).length > 1 ? t.t('publish.card.of_version', { n: currentVersion(r) }) : '';
  return t.t('publish.card.needs', {
    approvals: policy.approvals,
    counted: counted.size,
    total: policy.approvals,
    of,
    names,
    awaited,
    outside,
    expired,
  });
}

export function renderRequestCard(r: PublishRequestRecord, policy: Policy, now: number, t: Translator): OutMessage {
  const c = r.content;
  const when = c.scheduleAt === null ? t.t('publish.card.when_approved') : formatWhen(c.scheduleAt, policy.timezone, t);
  const version = versionText(r, t);
  const none = t.t('publish.card.none');
  const fields: Field[] = [
    ...(version ? [{ name: t.t('publish.card.field_version'), value: version }] : []),
    { name: t.t('publish.card.field_title'), value: truncate(c.title || none, 256) },
    { name: t.t('publish.card.field_description'), value: truncate(c.description || none, 1000) },
    { name: t.t('publish.card.field_accounts'), value: c.accounts.join(', '), inline: true },
    {
      name: t.t('publish.card.field_privacy'),
      value: t.t('publish.card.privacy', { privacy: c.privacy }),
      inline: true,
    },
    { name: t.t('publish.card.field_schedule'), value: when, inline: true },
    { name: t.t('publish.card.field_requested_by'), value: who(r.requester, t), inline: true },
    { name: t.t('publish.card.field_approval'), value: approvalLine(r, policy, now, t) },
  ];
  if (r.posts.length > 0)
    fields.push({
      name: t.t('publish.card.field_posts'),
      value: r.posts.map((p) => `${p.account}: \`${p.postId}\``).join('\n'),
    });
  const given = r.approvals.filter((a) => a.at >= r.editedAt);
  if (r.state !== 'pending' && given.length > 0)
    fields.push({
      name: t.t('publish.card.field_approved_by'),
      value: [...new Set(given.map((a) => who(a, t)))].join(', '),
      inline: true,
    });
  if (r.moved)
    fields.push({
      name: t.t('publish.card.field_moved_by'),
      value: t.t('publish.card.moved', {
        who: who(r.moved, t),
        when: formatWhen(r.moved.at, policy.timezone, t),
        from: formatWhen(r.moved.from, policy.timezone, t),
      }),
    });
  if (r.decidedBy && r.decidedAt)
    fields.push({
      name: t.t('publish.card.field_decided_by', { state: r.state }),
      value: t.t('publish.card.decided_at', {
        who: who(r.decidedBy, t),
        when: formatWhen(r.decidedAt, policy.timezone, t),
      }),
    });
  const open = r.state === 'pending' ? openChanges(r) : [];
  if (open.length > 0) fields.push({ name: t.t('publish.card.field_changes'), value: changesText(r, open, t) });
  if (versionsOf(r).length > 1)
    fields.push({
      name: t.t('publish.card.field_changes_by_version'),
      value: truncate(changesByVersion(r, t).join('\n'), 1000),
    });
  const expired = isExpired(r, policy, now);
  // Links end with the request: the names are shown, and revoking offered, only while they open something.
  const reviewers = ENDED_STATES.includes(r.state) || expired ? [] : liveReviewers(r);
  if (reviewers.length > 0)
    fields.push({
      name: t.t('publish.card.field_reviewers'),
      value: truncate(reviewers.map((x) => x.name).join(', '), 1000),
    });
  const outside: Control[] = [
    ...(r.state === 'pending' && !expired ? [btn(t.t('publish.card.invite'), 'invite', r.id)] : []),
    // The requester (or someone who may configure) makes the next version: not once it is being sent or sent.
    ...(VERSIONED.includes(r.state) && !r.making ? [btn(t.t('publish.card.new_version'), 'version', r.id)] : []),
    ...(reviewers.length > 0 ? [btn(t.t('publish.card.revoke'), 'revoke', r.id, 'danger')] : []),
    // With several links, one of them can be ended alone (`pub:revokeone:<request>:<reviewer>`).
    ...(reviewers.length > 1 ? [revokeOne(r.id, reviewers, t)] : []),
  ];
  const plainHead = expired
    ? t.t('publish.card.head_expired')
    : open.length > 0
      ? t.t('publish.card.head_changes')
      : t.t('publish.card.head', { state: r.state });
  const head =
    r.making && !ENDED_STATES.includes(r.state)
      ? t.t('publish.card.head_making', { head: plainHead, n: r.making.n })
      : plainHead;
  const tone =
    r.state === 'published' ? 'success' : r.state === 'failed' || r.state === 'unknown' ? 'error' : 'pending';
  return {
    text: t.t('publish.card.text', {
      head,
      title: truncate(c.title || c.videoUrl, 120),
      ask: expired ? '' : latestAsk(open, t),
    }),
    cards: [
      {
        title: head,
        url: c.videoUrl,
        body: r.error ? truncate(r.error, 1500) : undefined,
        fields,
        tone,
        footer: t.t('publish.card.footer', { id: r.id, hours: String(Math.round(policy.expiryMs / 3600_000)) }),
        controls: [
          { kind: 'link', label: t.t('publish.card.watch'), url: c.videoUrl },
          ...requestControls(r, expired, t),
          ...outside,
        ],
      },
    ],
  };
}
