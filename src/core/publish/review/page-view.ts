// The outside reviewer's pages as data (core/platform/page.ts): the review page, the answer to a decision, and the
// plain pages for a link that opens nothing, a forged form, too many requests or a body too long. The web edge
// renders them, escaping every string; nothing here is HTML. The page works without scripts (plain form POSTs);
// with them, the schedule shows in the reader's own zone and the player's position fills "at 0:12".
import type { Page, PageBlock, PageFact, PageTime } from '../../platform/page.ts';
import { waitsForOutsideReviewer } from '../approvals/approvals.ts';
import { outsideId } from '../approvals/decide.ts';
import type { Policy } from '../approvals/policy.ts';
import type { Comment } from '../requests/comments.ts';
import { contentHash, type PublishRequestRecord, type Reviewer } from '../requests/model.ts';
import { answeredBy, answerKey, currentVersion, howText, versionOf, versionsOf } from '../requests/versions.ts';
import { approvalCount, type ReviewOutcome } from './outside-review.ts';

/**
 * What the page shows: the request, the link's reviewer and the channel's policy, at `now`, and the reviewer's own
 * comments from the log (comments.ts), each kept with the version it was made on.
 */
export interface ReviewView {
  request: PublishRequestRecord;
  reviewer: Reviewer;
  policy: Policy;
  now: number;
  comments?: readonly Comment[];
}

/** The position field's format in words: under the field, as the browser's message, and as the server's refusal. */
export const POSITION_HINT =
  'A moment in the video as minutes and seconds, such as 0:12, within the video’s length; or leave it empty.';

/** What a position must look like ("0:12", "1:02:03"), for the browser; the server reads it with readPosition. */
const POSITION_PATTERN = '[0-9]{1,2}(:[0-5][0-9]){1,2}';

/** A comment longer than this is not a review note. */
export const MAX_COMMENT = 1000;

/** The player's id: the position field follows it. */
const PLAYER = 'player';

/** Earlier change requests shown to a reviewer who comes back: the latest few. */
const EARLIER_SHOWN = 5;

/** "Tue, 01 Dec 2026 17:00 UTC (UTC+00:00)": what a reader without the script sees. */
function utcText(at: number): string {
  const d = new Date(at);
  const date = d.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
  const time = d.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${date}, ${time} UTC (UTC+00:00)`;
}

const moment = (at: number): PageTime => ({ at, fallback: utcText(at) });

const page = (status: number, title: string, blocks: PageBlock[], headers?: Record<string, string>): Page => ({
  status,
  lang: 'en',
  title,
  blocks,
  ...(headers ? { headers } : {}),
});

function stateText(r: PublishRequestRecord): string {
  switch (r.state) {
    case 'scheduled':
      return 'The team has its approvals: this post is scheduled.';
    case 'overdue':
      return 'The team has its approvals; its time passed and the team is choosing a new one.';
    case 'publishing':
      return 'This post is being published now.';
    default:
      return 'The team has its approvals; nothing more is needed from you.';
  }
}

function approvalText(r: PublishRequestRecord, policy: Policy, now: number): string {
  const count = approvalCount(r, policy, now);
  if (count.of === 0) return 'no approval needed';
  const outside =
    r.state === 'pending' && waitsForOutsideReviewer(r, policy, now) ? ' · waiting for an outside reviewer' : '';
  return `${count.given} of ${count.of} approval${count.of === 1 ? '' : 's'}${outside}`;
}

/** "0:12" as seconds, for the player; undefined for no position. */
function secondsOf(position: string | undefined): number | undefined {
  if (!position) return undefined;
  return position.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** A comment's moment in its version's video: following it plays that version from there. */
function seekOf(r: PublishRequestRecord, c: { position?: string | undefined; version?: number | undefined }) {
  const seconds = secondsOf(c.position);
  const v = versionOf(r, c.version ?? 1);
  if (seconds === undefined || !v || !c.position) return undefined;
  return { video: PLAYER, src: v.videoUrl, seconds, label: `▶ ${c.position}` };
}

/**
 * What this reviewer asked for on each version (newest version first), in the video's time order, each moment a
 * link that plays that version from there; and which version answered each.
 */
function commentsByVersion(r: PublishRequestRecord, comments: readonly Comment[]): PageBlock[] {
  const versions = [...new Set(comments.map((c) => c.version ?? 1))].sort((a, b) => b - a);
  return versions.map((n) => {
    const mine = comments
      .filter((c) => (c.version ?? 1) === n)
      .slice(-EARLIER_SHOWN)
      .sort(
        (a, b) =>
          (secondsOf(a.position) ?? Number.POSITIVE_INFINITY) - (secondsOf(b.position) ?? Number.POSITIVE_INFINITY) ||
          a.at - b.at,
      );
    return {
      kind: 'entries',
      title: `Your comments on version ${n}`,
      items: mine.map((c) => {
        const by = answeredBy(r, answerKey(c));
        const seek = seekOf(r, c);
        return {
          at: moment(c.at),
          text: `${c.position ? `At ${c.position}: ` : ''}${c.reason}${by ? ` (answered by version ${by.n})` : ''}`,
          ...(seek ? { seek } : {}),
        };
      }),
    };
  });
}

/**
 * For a request with several versions: which one this is, what changed since the version the reviewer last
 * decided on (and which of their comments it answers), and the earlier versions to watch in the player.
 */
function versionBlocks(view: ReviewView): { facts: PageFact[]; blocks: PageBlock[] } {
  const { request: r, reviewer } = view;
  const all = versionsOf(r);
  if (all.length < 2) return { facts: [], blocks: [] };
  const n = currentVersion(r);
  const current = versionOf(r, n);
  const facts = [
    { label: 'Version', value: `Version ${n} of ${all.length}${current ? ` (${howText(current)})` : ''}` },
  ];
  const blocks: PageBlock[] = [];
  const since = reviewer.decidedOn;
  if (since !== undefined && since < n) {
    const said = new Map((view.comments ?? []).map((c) => [answerKey(c), c.reason]));
    blocks.push({ kind: 'heading', text: `What changed since version ${since}, the one you last decided on` });
    blocks.push({
      kind: 'list',
      items: all
        .filter((v) => v.n > since)
        .map((v) => {
          const mine = v.answers.filter((a) => a.userId === outsideId(reviewer));
          const answers = mine.map((a) => {
            const reason = said.get(answerKey(a));
            return `It answers your comment${a.position ? ` at ${a.position}` : ''}${reason ? `: “${reason}”` : ''}.`;
          });
          return `Version ${v.n}: ${howText(v)}, by ${v.by.userName ?? 'the team'}. ${answers.join(' ')}`.trim();
        }),
    });
  }
  blocks.push({ kind: 'heading', text: 'Versions' });
  for (const v of [...all].reverse())
    blocks.push({
      kind: 'watch',
      seek: {
        video: PLAYER,
        src: v.videoUrl,
        seconds: 0,
        label: v.n === n ? `Watch version ${n} again (the one to decide on)` : `Watch version ${v.n} (${howText(v)})`,
      },
    });
  return { facts, blocks };
}

/** What this reviewer asked for before, with when: they see it again when they come back to the link. */
function earlierChanges(r: PublishRequestRecord, reviewer: Reviewer, comments?: readonly Comment[]): PageBlock[] {
  // With several versions, each version's comments from the log, in the video's time order.
  if (comments && versionsOf(r).length > 1) return commentsByVersion(r, comments);
  const mine = r.changes.filter((c) => c.userId === `outside:${reviewer.id}`).slice(-EARLIER_SHOWN);
  if (mine.length === 0) return [];
  return [
    {
      kind: 'entries',
      title: mine.length === 1 ? 'Your earlier change request' : 'Your earlier change requests',
      items: mine.map((c) => {
        const seek = seekOf(r, c);
        return {
          at: moment(c.at),
          text: `${c.position ? `At ${c.position}: ` : ''}${c.reason}${c.at < r.editedAt ? ' (before the last edit)' : ''}`,
          ...(seek ? { seek } : {}),
        };
      }),
    },
  ];
}

function decisionForms(r: PublishRequestRecord, reviewer: Reviewer, formToken: string): PageBlock[] {
  const hash = contentHash(r.content);
  const hidden = { form_token: formToken, version: hash };
  const approved = r.approvals.some(
    (a) => a.userId === `outside:${reviewer.id}` && a.hash === hash && a.at >= r.editedAt,
  );
  return [
    ...(approved ? [{ kind: 'text' as const, text: 'You approved this version.', tone: 'note' as const }] : []),
    {
      kind: 'form',
      hidden,
      fields: [],
      buttons: [{ name: 'decision', value: 'approve', label: 'Approve', primary: true }],
    },
    {
      kind: 'form',
      hidden,
      fields: [
        { kind: 'textarea', name: 'comment', label: 'What should change?', maxLength: MAX_COMMENT, required: true },
        {
          kind: 'text',
          name: 'at',
          label: 'At (optional; pausing the player fills it in)',
          hint: POSITION_HINT,
          maxLength: 8,
          pattern: POSITION_PATTERN,
          placeholder: '0:12',
          positionOf: PLAYER,
        },
      ],
      buttons: [{ name: 'decision', value: 'changes', label: 'Request changes' }],
    },
  ];
}

export function reviewPage(view: ReviewView, formToken: string): Page {
  const { request: r, reviewer, policy, now } = view;
  const c = r.content;
  const title = c.title || '(no title)';
  const versions = versionBlocks(view);
  return page(200, `Review: ${title}`, [
    { kind: 'text', text: `Review requested from ${reviewer.name}`, tone: 'note' },
    { kind: 'heading', text: title },
    ...(c.videoUrl
      ? [
          {
            kind: 'video' as const,
            id: PLAYER,
            src: c.videoUrl,
            ...(c.thumbnailUrl ? { poster: c.thumbnailUrl } : {}),
            linkText: 'Open the video',
          },
        ]
      : []),
    { kind: 'heading', text: 'Description' },
    { kind: 'text', text: c.description || '(no description)', tone: 'quote' },
    {
      kind: 'facts',
      items: [
        { label: 'Accounts', value: c.accounts.join(', ') },
        { label: 'Privacy', value: c.privacy },
        { label: 'Schedule', value: c.scheduleAt === null ? 'As soon as it is approved' : moment(c.scheduleAt) },
        { label: 'Approval', value: approvalText(r, policy, now) },
        ...versions.facts,
      ],
    },
    ...versions.blocks,
    ...earlierChanges(r, reviewer, view.comments),
    ...(r.state === 'pending'
      ? decisionForms(r, reviewer, formToken)
      : [{ kind: 'text' as const, text: stateText(r), tone: 'note' as const }]),
  ]);
}

/** The answer to a decision: what was decided, and nothing more. */
export function outcomePage(outcome: Exclude<ReviewOutcome, { kind: 'gone' }>): Page {
  switch (outcome.kind) {
    case 'approved':
      return page(200, 'Approved', [
        { kind: 'heading', text: '✅ You approved it' },
        {
          kind: 'text',
          text: `The team sees your approval in their thread (${outcome.given} of ${outcome.of} approvals).`,
        },
      ]);
    case 'changes':
      return page(200, 'Changes requested', [
        { kind: 'heading', text: '✏️ You asked for changes' },
        { kind: 'text', text: 'The team sees your comment in their thread.' },
      ]);
    default:
      return page(200, 'Nothing decided', [
        { kind: 'heading', text: 'Nothing was decided' },
        { kind: 'text', text: outcome.message },
      ]);
  }
}

/** Ended, revoked and unknown links alike: nothing of the request. */
export const notFoundPage = (): Page =>
  page(404, 'Not found', [
    { kind: 'heading', text: 'Not found' },
    { kind: 'text', text: 'This link does not open anything.' },
  ]);

export const tooManyPage = (): Page =>
  page(
    429,
    'Too many requests',
    [
      { kind: 'heading', text: 'Too many requests' },
      { kind: 'text', text: 'Wait a minute, then try again.' },
    ],
    { 'retry-after': '60' },
  );

export const forbiddenPage = (): Page =>
  page(403, 'Not accepted', [
    { kind: 'heading', text: 'Not accepted' },
    {
      kind: 'text',
      text: 'This form did not come from your review page. Open your link again and decide there.',
    },
  ]);

export const badRequestPage = (message: string): Page =>
  page(400, 'Not sent', [
    { kind: 'heading', text: 'Not sent' },
    { kind: 'text', text: message },
    { kind: 'text', text: 'Go back, then send it again.' },
  ]);

export const tooLargePage = (): Page =>
  page(413, 'Too long', [
    { kind: 'heading', text: 'Too long' },
    { kind: 'text', text: 'That was too long to send. Shorten the comment, then try again.' },
  ]);

export const unavailablePage = (): Page =>
  page(500, 'Not available', [
    { kind: 'heading', text: 'Not available just now' },
    { kind: 'text', text: 'Try again in a minute.' },
  ]);
