// Publishing's sections of the person's own page (Slack's app Home): what waits for their approval, their
// own open requests, and what the channels they see will post in the next 7 days, each with its buttons.
import type { HomePart } from '../../commands/define-feature.ts';
import { type Card, link, type OutMessage, truncate } from '../../platform/message.ts';
import type { Origin } from '../../ports.ts';
import type { PublishDeps } from '../deps.ts';
import { formatWhen } from '../requests/schedule-time.ts';
import { publishWords } from '../words.ts';
import { lookAgainCard, mineCard, NOTHING_TO_APPROVE, toApproveCard } from './approvals-command.ts';
import type { Row } from './waiting.ts';

/** A Home view holds 100 blocks: a request takes two (text, buttons), so 20 leave room for the rest. */
const MAX_ON_HOME = 20;
const MAX_LINES = 15;
const UNCHECKED_HOME =
  'Slack did not say which channels you can see, so none is listed; open Home again in a minute. If it keeps happening, ask whoever installed the bot to paste the current manifest and reinstall it (scopes channels:read, groups:read).';

function upcomingCard(rows: Row[]): Card {
  const lines = rows.slice(0, MAX_LINES).map((row) => {
    const r = row.request;
    const at =
      r.content.scheduleAt === null
        ? ''
        : formatWhen(r.content.scheduleAt, row.policy.timezone, publishWords(undefined));
    const state = r.state === 'pending' ? 'if approved in time' : 'approved';
    const url = row.link;
    return `• ${at} — **${truncate(r.content.title || r.content.videoUrl, 80)}** → ${r.content.accounts.join(', ')} · ${state}${url ? ` · ${link('card', url)}` : ''}`;
  });
  return {
    title: `Scheduled in the next 7 days (${rows.length})`,
    body: rows.length ? lines.join('\n') : 'Nothing is scheduled in the channels you can see.',
    tone: 'info',
  };
}

async function renderPublishing(deps: PublishDeps, origin: Origin): Promise<OutMessage> {
  const { waiting } = deps.publish;
  const now = deps.clock.now();
  const lists = await waiting.lists({
    platform: origin.platform,
    workspaceId: origin.workspaceId,
    userId: origin.userId,
    ...(origin.roles ? { roles: origin.roles } : {}),
  });
  const shown = lists.toApprove.slice(0, MAX_ON_HOME);
  const head = `**Waiting for your approval** (${lists.toApprove.length})${
    lists.toApprove.length > shown.length ? ` — the oldest ${shown.length} below` : ''
  }${lists.toApprove.length ? '' : `\n${NOTHING_TO_APPROVE}`}`;
  const look = lookAgainCard(lists.lookAgain);
  const cards: Card[] = [
    ...shown.map((row) => toApproveCard(row, now)),
    mineCard(lists.mine, now),
    ...(look ? [look] : []),
    upcomingCard(lists.upcoming),
  ];
  // Home is asked from no channel: when the platform cannot say which channels they see, none is listed.
  const unchecked = lists.unchecked ? `\n${UNCHECKED_HOME}` : '';
  return { text: `${head}${unchecked}`, cards };
}

/** First on Home: what waits for the person. */
export const publishingHome: HomePart<PublishDeps> = { order: 10, render: renderPublishing };
