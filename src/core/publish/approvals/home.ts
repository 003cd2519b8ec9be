// Publishing's sections of the person's own page (Slack's app Home): what waits for their approval, their
// own open requests, and what the channels they see will post in the next 7 days, each with its buttons.
import type { HomePart } from '../../commands/define-feature.ts';
import type { Translator } from '../../i18n/catalogue.ts';
import { type Card, link, type OutMessage, truncate } from '../../platform/message.ts';
import type { Origin } from '../../ports.ts';
import type { PublishDeps } from '../deps.ts';
import { formatWhen } from '../requests/schedule-time.ts';
import { publishWords } from '../words.ts';
import { lookAgainCard, mineCard, toApproveCard, waitingHead } from './approvals-command.ts';
import type { Row } from './waiting.ts';

/** A Home view holds 100 blocks: a request takes two (text, buttons), so 20 leave room for the rest. */
const MAX_ON_HOME = 20;
const MAX_LINES = 15;

function upcomingCard(t: Translator, rows: Row[]): Card {
  const lines = rows.slice(0, MAX_LINES).map((row) => {
    const r = row.request;
    const when = r.content.scheduleAt === null ? '' : formatWhen(r.content.scheduleAt, row.policy.timezone, t);
    const state = t.t(r.state === 'pending' ? 'approvals.home.ifApproved' : 'approvals.home.approved');
    const title = truncate(r.content.title || r.content.videoUrl, 80);
    const url = row.link;
    const line = t.t('approvals.home.upcomingLine', { when, title, accounts: r.content.accounts.join(', '), state });
    return `${line}${url ? ` · ${link(t.t('approvals.home.card'), url)}` : ''}`;
  });
  return {
    title: t.t('approvals.home.upcomingTitle', { count: rows.length }),
    body: rows.length ? lines.join('\n') : t.t('approvals.home.upcomingNone'),
    tone: 'info',
  };
}

async function renderPublishing(deps: PublishDeps, origin: Origin): Promise<OutMessage> {
  const { waiting } = deps.publish;
  const now = deps.clock.now();
  // The page is the viewer's own: in their language (publishing's words, in the language Slack says they read).
  const t = publishWords(origin.locale);
  const lists = await waiting.lists({
    platform: origin.platform,
    workspaceId: origin.workspaceId,
    userId: origin.userId,
    ...(origin.roles ? { roles: origin.roles } : {}),
  });
  const shown = lists.toApprove.slice(0, MAX_ON_HOME);
  const head = waitingHead(t, lists.toApprove.length, shown.length);
  const look = lookAgainCard(t, lists.lookAgain);
  const cards: Card[] = [
    ...shown.map((row) => toApproveCard(t, row, now)),
    mineCard(t, lists.mine, now),
    ...(look ? [look] : []),
    upcomingCard(t, lists.upcoming),
  ];
  // Home is asked from no channel: when the platform cannot say which channels they see, none is listed.
  const unchecked = lists.unchecked ? `\n${t.t('approvals.home.unchecked')}` : '';
  return { text: `${head}${unchecked}`, cards };
}

/** First on Home: what waits for the person. */
export const publishingHome: HomePart<PublishDeps> = { order: 10, render: renderPublishing };
