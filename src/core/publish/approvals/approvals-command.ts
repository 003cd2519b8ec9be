// /approvals: answered privately with the requests the person may approve now (each with Approve and a
// link to its card), then their own open requests. Approve here is the card's approval, bound to the
// content the list showed: `pubok:<request id>:<content hash>` is refused if the request changed since.
import { z } from 'zod';
import { run } from '../../commands/handler.ts';
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
import { publishWords } from '../words.ts';
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
const where = (row: Row): string => (row.link ? link('open the card', row.link) : 'on its card in the channel');

const openCard = (row: Row): Control[] => (row.link ? [{ kind: 'link', label: 'Open card', url: row.link }] : []);

/** The Approve of a listed request, bound to the content the list shows. */
export const approveControl = (r: PublishRequestRecord): Control => ({
  kind: 'action',
  label: `Approve “${plainText(truncate(titleOf(r), 40))}”`,
  id: `pubok:${r.id}:${contentHash(r.content)}`,
  style: 'primary',
});

/** The open and answered change requests of each version (newest first), once a request has several versions. */
const versionLines = (r: PublishRequestRecord): string[] =>
  versionsOf(r).length > 1 ? changesByVersion(r, publishWords(undefined), 2) : [];

/** Your outside reviewers who can look again: their link shows a version newer than the one they decided on. */
export function lookAgainCard(rows: WaitingLists['lookAgain']): Card | undefined {
  if (rows.length === 0) return undefined;
  const lines = rows.slice(0, MAX_MINE).map((row) => {
    const names = row.reviewers.map((x) => `“${x}”`).join(', ');
    const n = row.request.content.version ?? 1;
    return `• ${names} can look again at **${truncate(titleOf(row.request), 80)}**: the link you sent them shows version ${n} now · ${where(row)}`;
  });
  return {
    title: 'Your outside reviewers can look again',
    body: `${lines.join('\n')}\nThe bot cannot write to them: send them their link again (it is the same link).`,
    tone: 'info',
  };
}

export function toApproveCard(row: Row, now: number): Card {
  const { request: r, policy } = row;
  const zone = policy.timezone;
  return {
    title: truncate(titleOf(r), 200),
    body: [
      `Requested by ${mention(r.requester.userId)} · ${where(row)}`,
      `Waiting since ${formatWhen(r.createdAt, zone, publishWords(undefined))} · expires ${formatWhen(expiresAt(r, policy), zone, publishWords(undefined))}`,
      approvalLine(r, policy, now, publishWords(undefined)),
      ...versionLines(r),
    ].join('\n'),
    tone: 'pending',
    controls: [approveControl(r), ...openCard(row)],
  };
}

/** Where one of your own requests stands. */
function stateOf({ request: r, policy }: Row, now: number): string {
  switch (r.state) {
    case 'pending':
      return `waiting for approval: ${approvalLine(r, policy, now, publishWords(undefined))}`;
    case 'scheduled':
      return `approved, to be posted ${r.content.scheduleAt === null ? 'soon' : formatWhen(r.content.scheduleAt, policy.timezone, publishWords(undefined))}`;
    case 'overdue':
      return 'its time passed while the bot was down: Post now or Cancel on its card';
    case 'publishing':
      return 'publishing now';
    case 'failed':
      return 'not published: Try again or Cancel on its card';
    case 'unknown':
      return 'outcome unknown: check the account, then decide on its card';
    default:
      return r.state;
  }
}

export function mineCard(rows: Row[], now: number): Card {
  const lines = rows.slice(0, MAX_MINE).map((row) => {
    const versions = versionLines(row.request);
    const more = versions.length ? `\n  ${versions.join('\n  ')}` : '';
    return `• **${truncate(titleOf(row.request), 80)}** — ${stateOf(row, now)} · ${where(row)}${more}`;
  });
  const more = rows.length > MAX_MINE ? `\n…and ${rows.length - MAX_MINE} more (see /scheduled in each channel)` : '';
  return {
    title: `Your open requests (${rows.length})`,
    body: rows.length ? `${lines.join('\n')}${more}` : 'You have no publish request waiting.',
    tone: 'info',
  };
}

export const NOTHING_TO_APPROVE =
  'Nothing is waiting for your approval in the channels you can see. When someone asks with /publish where you may approve, it shows up here and on its card in the channel.';
const UNCHECKED =
  'The platform did not say which channels you can see, so only the one you asked from is listed; try again in a minute.';

export function renderApprovals(lists: WaitingLists, now: number): OutMessage {
  const { toApprove } = lists;
  const shown = toApprove.slice(0, lists.lookAgain.length > 0 ? MAX_LISTED - 1 : MAX_LISTED);
  const more = toApprove.length > shown.length ? ` — the oldest ${shown.length} below` : '';
  const head = toApprove.length
    ? `**Waiting for your approval** (${toApprove.length})${more}`
    : `**Waiting for your approval** (0)\n${NOTHING_TO_APPROVE}`;
  return {
    text: lists.unchecked ? `${head}\n${UNCHECKED}` : head,
    cards: [
      ...shown.map((row) => toApproveCard(row, now)),
      mineCard(lists.mine, now),
      ...[lookAgainCard(lists.lookAgain)].filter((c): c is Card => c !== undefined),
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
      await reply.ephemeral(renderApprovals(lists, ctx.deps.clock.now()));
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
