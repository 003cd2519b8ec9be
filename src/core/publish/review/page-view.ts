// The outside reviewer's pages as data (core/platform/page.ts): the review page, the answer to a decision, and the
// plain pages for a link that opens nothing, a forged form, too many requests or a body too long. The web edge
// renders them, escaping every string; nothing here is HTML. The page works without scripts (plain form POSTs);
// with them, the schedule shows in the reader's own zone and the player's position fills "at 0:12". Every word is the
// review room's (messages.ts), in the reader's language (`t`); the reader's own text (comments) and the team's
// (titles, descriptions) are values, escaped by the edge like any other string.
import type { Translator } from '../../i18n/catalogue.ts';
import type { Page, PageBlock, PageFact, PageTime } from '../../platform/page.ts';
import { waitsForOutsideReviewer } from '../approvals/approvals.ts';
import { outsideId } from '../approvals/decide.ts';
import type { Policy } from '../approvals/policy.ts';
import type { Comment } from '../requests/comments.ts';
import { contentHash, type PublishRequestRecord, type Reviewer } from '../requests/model.ts';
import { answeredBy, answerKey, currentVersion, howText, versionOf, versionsOf } from '../requests/versions.ts';
import { REVIEW_EN } from './messages.ts';
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
export const POSITION_HINT = REVIEW_EN['review.positionHint'];

/** What a position must look like ("0:12", "1:02:03"), for the browser; the server reads it with readPosition. */
const POSITION_PATTERN = '[0-9]{1,2}(:[0-5][0-9]){1,2}';

/** A comment longer than this is not a review note. */
export const MAX_COMMENT = 1000;

/** The player's id: the position field follows it. */
const PLAYER = 'player';

/** Earlier change requests shown to a reviewer who comes back: the latest few. */
const EARLIER_SHOWN = 5;

/**
 * "Thu, Dec 24, 2026, 17:00 UTC (UTC+00:00)" in the reader's language ("jue, 24 dic 2026, 17:00 …"): what a reader
 * without the script sees. The translator given to the pages is UTC's (route.ts), since the server does not know the
 * reader's zone.
 */
function utcText(t: Translator, at: number): string {
  const when = t.dateTime(at, {
    dateStyle: undefined,
    timeStyle: undefined,
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return t.t('review.utc', { when });
}

const moment = (t: Translator, at: number): PageTime => ({ at, fallback: utcText(t, at) });

/** A language the reader may switch to: the link that shows the page in it (`?lang=es`) and its own name. */
export interface LanguageChoice {
  lang: string;
  name: string;
  href: string;
}

const page = (
  t: Translator,
  status: number,
  title: string,
  blocks: PageBlock[],
  headers?: Record<string, string>,
): Page => ({
  status,
  lang: t.locale,
  title,
  blocks,
  ...(headers ? { headers } : {}),
});

function stateText(t: Translator, r: PublishRequestRecord): string {
  switch (r.state) {
    case 'scheduled':
    case 'overdue':
    case 'publishing':
      return t.t(`review.state.${r.state}`);
    default:
      return t.t('review.state.done');
  }
}

function approvalText(t: Translator, r: PublishRequestRecord, policy: Policy, now: number): string {
  const count = approvalCount(r, policy, now);
  if (count.of === 0) return t.t('review.noApprovalNeeded');
  const text = t.t('review.approvalCount', count);
  return r.state === 'pending' && waitsForOutsideReviewer(r, policy, now)
    ? t.t('review.waitingOutside', { count: text })
    : text;
}

/** A comment's text with its moment ("At 0:12: …"). */
const atPosition = (t: Translator, position: string | undefined, comment: string) =>
  position ? t.t('review.commentAt', { position, comment }) : comment;

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
function commentsByVersion(t: Translator, r: PublishRequestRecord, comments: readonly Comment[]): PageBlock[] {
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
      title: t.t('review.commentsOn', { n }),
      items: mine.map((c) => {
        const by = answeredBy(r, answerKey(c));
        const seek = seekOf(r, c);
        const text = atPosition(t, c.position, c.reason);
        return {
          at: moment(t, c.at),
          text: by ? t.t('review.answeredBy', { comment: text, n: by.n }) : text,
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
function versionBlocks(t: Translator, view: ReviewView): { facts: PageFact[]; blocks: PageBlock[] } {
  const { request: r, reviewer } = view;
  const all = versionsOf(r);
  if (all.length < 2) return { facts: [], blocks: [] };
  const n = currentVersion(r);
  const current = versionOf(r, n);
  const facts = [
    {
      label: t.t('review.version'),
      value: current
        ? t.t('review.versionOfHow', { n, total: all.length, how: howText(current, t) })
        : t.t('review.versionOf', { n, total: all.length }),
    },
  ];
  const blocks: PageBlock[] = [];
  const since = reviewer.decidedOn;
  if (since !== undefined && since < n) {
    const said = new Map((view.comments ?? []).map((c) => [answerKey(c), c.reason]));
    blocks.push({ kind: 'heading', text: t.t('review.changedSince', { n: since }) });
    blocks.push({
      kind: 'list',
      items: all
        .filter((v) => v.n > since)
        .map((v) => {
          const mine = v.answers.filter((a) => a.userId === outsideId(reviewer));
          const answers = mine.map((a) => {
            const reason = said.get(answerKey(a));
            const values = { position: a.position ?? '', comment: reason ?? '' };
            if (a.position) return t.t(reason ? 'review.answersAtQuoted' : 'review.answersAt', values);
            return t.t(reason ? 'review.answersQuoted' : 'review.answers', values);
          });
          const line = t.t('review.versionLine', {
            n: v.n,
            how: howText(v, t),
            by: v.by.userName ?? t.t('review.theTeam'),
          });
          return [line, ...answers].join(' ');
        }),
    });
  }
  blocks.push({ kind: 'heading', text: t.t('review.versions') });
  for (const v of [...all].reverse())
    blocks.push({
      kind: 'watch',
      seek: {
        video: PLAYER,
        src: v.videoUrl,
        seconds: 0,
        label:
          v.n === n ? t.t('review.watchCurrent', { n }) : t.t('review.watchVersion', { n: v.n, how: howText(v, t) }),
      },
    });
  return { facts, blocks };
}

/** What this reviewer asked for before, with when: they see it again when they come back to the link. */
function earlierChanges(
  t: Translator,
  r: PublishRequestRecord,
  reviewer: Reviewer,
  comments?: readonly Comment[],
): PageBlock[] {
  // With several versions, each version's comments from the log, in the video's time order.
  if (comments && versionsOf(r).length > 1) return commentsByVersion(t, r, comments);
  const mine = r.changes.filter((c) => c.userId === `outside:${reviewer.id}`).slice(-EARLIER_SHOWN);
  if (mine.length === 0) return [];
  return [
    {
      kind: 'entries',
      title: t.t('review.earlier', { count: mine.length }),
      items: mine.map((c) => {
        const seek = seekOf(r, c);
        const text = atPosition(t, c.position, c.reason);
        return {
          at: moment(t, c.at),
          text: c.at < r.editedAt ? t.t('review.beforeEdit', { comment: text }) : text,
          ...(seek ? { seek } : {}),
        };
      }),
    },
  ];
}

function decisionForms(t: Translator, r: PublishRequestRecord, reviewer: Reviewer, formToken: string): PageBlock[] {
  const hash = contentHash(r.content);
  // The language rides with the decision, so its answer is in the language the reader chose.
  const hidden = { form_token: formToken, version: hash, lang: t.locale };
  const approved = r.approvals.some(
    (a) => a.userId === `outside:${reviewer.id}` && a.hash === hash && a.at >= r.editedAt,
  );
  return [
    ...(approved ? [{ kind: 'text' as const, text: t.t('review.youApproved'), tone: 'note' as const }] : []),
    {
      kind: 'form',
      hidden,
      fields: [],
      buttons: [{ name: 'decision', value: 'approve', label: t.t('review.approve'), primary: true }],
    },
    {
      kind: 'form',
      hidden,
      fields: [
        {
          kind: 'textarea',
          name: 'comment',
          label: t.t('review.whatShouldChange'),
          maxLength: MAX_COMMENT,
          required: true,
        },
        {
          kind: 'text',
          name: 'at',
          label: t.t('review.atLabel'),
          hint: t.t('review.positionHint'),
          maxLength: 8,
          pattern: POSITION_PATTERN,
          placeholder: '0:12',
          positionOf: PLAYER,
        },
      ],
      buttons: [{ name: 'decision', value: 'changes', label: t.t('review.requestChanges') }],
    },
  ];
}

/**
 * The review page in `t`'s language, with the languages the reader may switch to (none: no switcher). The
 * switcher comes first, so a reader who cannot read the page finds their own language's name before any word.
 */
export function reviewPage(
  view: ReviewView,
  formToken: string,
  t: Translator,
  languages: readonly LanguageChoice[] = [],
): Page {
  const { request: r, reviewer, policy, now } = view;
  const c = r.content;
  const title = c.title || t.t('review.noTitle');
  const versions = versionBlocks(t, view);
  return page(t, 200, t.t('review.title', { title }), [
    ...(languages.length > 0
      ? [{ kind: 'languages' as const, label: t.t('review.language'), current: t.locale, items: [...languages] }]
      : []),
    { kind: 'text', text: t.t('review.requestedFrom', { name: reviewer.name }), tone: 'note' },
    { kind: 'heading', text: title },
    ...(c.videoUrl
      ? [
          {
            kind: 'video' as const,
            id: PLAYER,
            src: c.videoUrl,
            ...(c.thumbnailUrl ? { poster: c.thumbnailUrl } : {}),
            linkText: t.t('review.openVideo'),
          },
        ]
      : []),
    { kind: 'heading', text: t.t('review.description') },
    { kind: 'text', text: c.description || t.t('review.noDescription'), tone: 'quote' },
    {
      kind: 'facts',
      items: [
        { label: t.t('review.accounts'), value: c.accounts.join(', ') },
        { label: t.t('review.privacy'), value: t.t('review.privacyValue', { privacy: c.privacy }) },
        {
          label: t.t('review.schedule'),
          value: c.scheduleAt === null ? t.t('review.whenApproved') : moment(t, c.scheduleAt),
        },
        { label: t.t('review.approval'), value: approvalText(t, r, policy, now) },
        ...versions.facts,
      ],
    },
    ...versions.blocks,
    ...earlierChanges(t, r, reviewer, view.comments),
    ...(r.state === 'pending'
      ? decisionForms(t, r, reviewer, formToken)
      : [{ kind: 'text' as const, text: stateText(t, r), tone: 'note' as const }]),
  ]);
}

/** The answer to a decision: what was decided, and nothing more. */
export function outcomePage(outcome: Exclude<ReviewOutcome, { kind: 'gone' }>, t: Translator): Page {
  switch (outcome.kind) {
    case 'approved':
      return page(t, 200, t.t('review.approved.title'), [
        { kind: 'heading', text: t.t('review.approved.heading') },
        { kind: 'text', text: t.t('review.approved.text', { given: outcome.given, of: outcome.of }) },
      ]);
    case 'changes':
      return page(t, 200, t.t('review.changes.title'), [
        { kind: 'heading', text: t.t('review.changes.heading') },
        { kind: 'text', text: t.t('review.changes.text') },
      ]);
    default:
      // The rule's own refusal (decide.ts), said in this page's language (the route hands the rule its translator).
      return page(t, 200, t.t('review.refused.title'), [
        { kind: 'heading', text: t.t('review.refused.heading') },
        { kind: 'text', text: outcome.message },
      ]);
  }
}

/** A plain page: a heading that is its title too, and its lines. */
const plain = (t: Translator, status: number, title: string, lines: string[], headers?: Record<string, string>) =>
  page(
    t,
    status,
    title,
    [{ kind: 'heading', text: title }, ...lines.map((text) => ({ kind: 'text' as const, text }))],
    headers,
  );

/** Ended, revoked and unknown links alike: nothing of the request. */
export const notFoundPage = (t: Translator): Page =>
  plain(t, 404, t.t('review.notFound.title'), [t.t('review.notFound.text')]);

export const tooManyPage = (t: Translator): Page =>
  plain(t, 429, t.t('review.tooMany.title'), [t.t('review.tooMany.text')], { 'retry-after': '60' });

export const forbiddenPage = (t: Translator): Page =>
  plain(t, 403, t.t('review.forbidden.title'), [t.t('review.forbidden.text')]);

export const badRequestPage = (t: Translator, message: string): Page =>
  plain(t, 400, t.t('review.badRequest.title'), [message, t.t('review.badRequest.again')]);

export const tooLargePage = (t: Translator): Page =>
  plain(t, 413, t.t('review.tooLarge.title'), [t.t('review.tooLarge.text')]);

export const unavailablePage = (t: Translator): Page =>
  page(t, 500, t.t('review.unavailable.title'), [
    { kind: 'heading', text: t.t('review.unavailable.heading') },
    { kind: 'text', text: t.t('review.unavailable.text') },
  ]);
