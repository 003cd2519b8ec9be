// /approvals: answered privately with the requests the person may approve now (each with Approve and a
// link to its card), then their own open requests. Approve here is the card's approval, bound to the
// content the list showed: `pubok:<request id>:<content hash>` is refused if the request changed since.
import { z } from 'zod';
import { run } from '../../commands/handler.ts';
import type { Translator } from '../../i18n/catalogue.ts';
import {
  type Card,
  type Control,
  link,
  mention,
  type OutMessage,
  plainText,
  truncate,
} from '../../platform/message.ts';
import { defineAction, defineCommand, type PublishContext } from '../deps.ts';
import { APPROVALS } from '../publish-table.ts';
import { contentHash, type PublishRequestRecord } from '../requests/model.ts';
import { member } from '../requests/publish-commands.ts';
import { approvalLine, changesByVersion } from '../requests/render.ts';
import { formatWhen } from '../requests/schedule-time.ts';
import { versionsOf } from '../requests/versions.ts';
import { expiresAt } from './approvals.ts';
import type { Row, Viewer, WaitingLists } from './waiting.ts';

/**
 * Discord shows at most 10 embeds a message and 25 buttons: 8 requests, two buttons each, then one card of your own
 * (and one of your reviewers who can look again, when there are any: then 7 requests).
 */
export const MAX_LISTED = 8;
const MAX_MINE = 15;

const titleOf = (r: PublishRequestRecord) => r.content.title || r.content.videoUrl;

/** Where the request's card is: a link where the platform has one. */
const where = (t: Translator, row: Row): string =>
  row.link ? link(t.t('approvals.openTheCard'), row.link) : t.t('approvals.onItsCard');

const openCard = (t: Translator, row: Row): Control[] =>
  row.link ? [{ kind: 'link', label: t.t('approvals.openCard'), url: row.link }] : [];

/** The Approve of a listed request, bound to the content the list shows. */
export const approveControl = (t: Translator, r: PublishRequestRecord): Control => ({
  kind: 'action',
  label: t.t('approvals.approveTitled', { title: plainText(truncate(titleOf(r), 40)) }),
  id: `pubok:${r.id}:${contentHash(r.content)}`,
  style: 'primary',
});

/** The open and answered change requests of each version (newest first), once a request has several versions. */
const versionLines = (t: Translator, r: PublishRequestRecord): string[] =>
  versionsOf(r).length > 1 ? changesByVersion(r, t, 2) : [];

/** Your outside reviewers who can look again: their link shows a version newer than the one they decided on. */
export function lookAgainCard(t: Translator, rows: WaitingLists['lookAgain']): Card | undefined {
  if (rows.length === 0) return undefined;
  const lines = rows.slice(0, MAX_MINE).map((row) => {
    const names = row.reviewers.map((name) => t.t('approvals.quotedName', { name })).join(', ');
    const n = row.request.content.version ?? 1;
    const title = truncate(titleOf(row.request), 80);
    return t.t('approvals.lookAgainLine', { names, title, n, where: where(t, row) });
  });
  return {
    title: t.t('approvals.lookAgainTitle'),
    body: `${lines.join('\n')}\n${t.t('approvals.lookAgainFooter')}`,
    tone: 'info',
  };
}

export function toApproveCard(t: Translator, row: Row, now: number): Card {
  const { request: r, policy } = row;
  const zone = policy.timezone;
  return {
    title: truncate(titleOf(r), 200),
    body: [
      t.t('approvals.requestedBy', { requester: mention(r.requester.userId), where: where(t, row) }),
      t.t('approvals.waitingSince', {
        since: formatWhen(r.createdAt, zone, t),
        expires: formatWhen(expiresAt(r, policy), zone, t),
      }),
      approvalLine(r, policy, now, t),
      ...versionLines(t, r),
    ].join('\n'),
    tone: 'pending',
    controls: [approveControl(t, r), ...openCard(t, row)],
  };
}

/** Where one of your own requests stands. */
function stateOf(t: Translator, { request: r, policy }: Row, now: number): string {
  switch (r.state) {
    case 'pending':
      return t.t('approvals.state.pending', { approval: approvalLine(r, policy, now, t) });
    case 'scheduled':
      return r.content.scheduleAt === null
        ? t.t('approvals.state.scheduledSoon')
        : t.t('approvals.state.scheduledAt', { when: formatWhen(r.content.scheduleAt, policy.timezone, t) });
    case 'overdue':
    case 'publishing':
    case 'failed':
    case 'unknown':
      return t.t(`approvals.state.${r.state}`);
    default:
      return r.state;
  }
}

export function mineCard(t: Translator, rows: Row[], now: number): Card {
  const lines = rows.slice(0, MAX_MINE).map((row) => {
    const versions = versionLines(t, row.request);
    const more = versions.length ? `\n  ${versions.join('\n  ')}` : '';
    const title = truncate(titleOf(row.request), 80);
    return `${t.t('approvals.mineLine', { title, state: stateOf(t, row, now), where: where(t, row) })}${more}`;
  });
  const more = rows.length > MAX_MINE ? `\n${t.t('approvals.mineMore', { count: rows.length - MAX_MINE })}` : '';
  return {
    title: t.t('approvals.mineTitle', { count: rows.length }),
    body: rows.length ? `${lines.join('\n')}${more}` : t.t('approvals.mineNone'),
    tone: 'info',
  };
}

/** "**Waiting for your approval** (n)", the oldest `shown` below when not all are, or that nothing waits. */
export function waitingHead(t: Translator, count: number, shown: number): string {
  if (count === 0) return `${t.t('approvals.waitingHead', { count })}\n${t.t('approvals.nothingToApprove')}`;
  return count > shown ? t.t('approvals.waitingHeadOldest', { count, shown }) : t.t('approvals.waitingHead', { count });
}

/** What /approvals answers, in the reader's language (`t`). */
export function renderApprovals(t: Translator, lists: WaitingLists, now: number): OutMessage {
  const { toApprove } = lists;
  const shown = toApprove.slice(0, lists.lookAgain.length > 0 ? MAX_LISTED - 1 : MAX_LISTED);
  const head = waitingHead(t, toApprove.length, shown.length);
  return {
    text: lists.unchecked ? `${head}\n${t.t('approvals.unchecked')}` : head,
    cards: [
      ...shown.map((row) => toApproveCard(t, row, now)),
      mineCard(t, lists.mine, now),
      ...[lookAgainCard(t, lists.lookAgain)].filter((c): c is Card => c !== undefined),
    ],
  };
}

export const viewerOf = (ctx: PublishContext): Viewer => ({
  platform: ctx.origin.platform,
  workspaceId: ctx.origin.workspaceId,
  userId: ctx.origin.userId,
  channelId: ctx.origin.channelId,
  ...(ctx.origin.roles ? { roles: ctx.origin.roles } : {}),
});

export const approvalsCommand = defineCommand({
  spec: APPROVALS,
  options: z.strictObject({}),
  prepare(_v, ctx) {
    return run(true, async (reply) => {
      const kit = ctx.deps.publish;
      const lists = await kit.waiting.lists(viewerOf(ctx));
      await reply.ephemeral(renderApprovals(ctx.t, lists, ctx.deps.clock.now()));
    });
  },
});

/** Approve from a list (/approvals, the Slack Home tab): `pubok:<request id>:<content hash>`. */
export const approveFromListAction = defineAction({
  verb: 'pubok',
  arg: z.string().regex(/^[A-Za-z0-9_-]{4,40}:[A-Za-z0-9_-]{16,40}$/),
  prepare(arg, ctx) {
    const [id = '', hash = ''] = arg.split(':');
    return run(true, (reply) =>
      ctx.deps.publish.service.approve(id, member(ctx), (text) => reply.ephemeral({ text }), hash),
    );
  },
});
