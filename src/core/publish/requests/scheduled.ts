// /scheduled: this channel's requests not published yet (waiting for approval, for their time, or for a
// decision after a failed or unknown outcome), each with the buttons it needs, then the last 10 published.
import { z } from 'zod';
import { run } from '../../commands/handler.ts';
import type { Translator } from '../../i18n/catalogue.ts';
import type { Card, Control, OutMessage } from '../../platform/message.ts';
import { mention, truncate } from '../../platform/message.ts';
import { deciderName, isExpired, mayCancel } from '../approvals/approvals.ts';
import type { Policy } from '../approvals/policy.ts';
import { defineCommand } from '../deps.ts';
import { SCHEDULED } from '../publish-table.ts';
import type { PublishRequestRecord } from './model.ts';
import { approvalLine, requestControls } from './render.ts';
import { formatWhen } from './schedule-time.ts';
import { currentVersion, versionsOf } from './versions.ts';

const LAST_PUBLISHED = 10;
const NOT_YET = ['pending', 'scheduled', 'overdue', 'publishing', 'failed', 'unknown'];
/** Discord shows at most 10 embeds per message: one per request not yet published, the last for the published. */
const MAX_WAITING_CARDS = 9;

/** Where a request stands, in words (the card's heading says the same at more length). */
function stateText(r: PublishRequestRecord, policy: Policy, now: number, t: Translator): string {
  switch (r.state) {
    case 'pending':
      return approvalLine(r, policy, now, t);
    case 'scheduled':
      return t.t('publish.scheduled.state_scheduled');
    case 'overdue':
      return t.t('publish.scheduled.state_overdue');
    case 'publishing':
      return t.t('publish.scheduled.state_publishing');
    case 'failed':
      return r.error
        ? t.t('publish.scheduled.state_failed_because', { error: truncate(r.error, 200) })
        : t.t('publish.scheduled.state_failed');
    case 'unknown':
      return t.t('publish.scheduled.state_unknown');
    default:
      return r.state;
  }
}

function line(r: PublishRequestRecord, policy: Policy, now: number, t: Translator): string {
  const c = r.content;
  const when =
    r.state === 'published'
      ? t.t('publish.scheduled.published_at', { when: formatWhen(r.decidedAt ?? r.updatedAt, policy.timezone, t) })
      : c.scheduleAt !== null
        ? formatWhen(c.scheduleAt, policy.timezone, t)
        : t.t(r.state === 'pending' ? 'publish.scheduled.when_approved' : 'publish.scheduled.right_away');
  // The approvals of the version shown only (a new version starts them over).
  const approvers = [
    ...new Set(r.approvals.filter((a) => (a.version ?? 1) === currentVersion(r)).map((a) => deciderName(a, t))),
  ].join(', ');
  const approved =
    approvers !== ''
      ? t.t('publish.scheduled.approved_by', { who: approvers })
      : policy.approvals === 0
        ? ''
        : r.state === 'pending'
          ? t.t('publish.scheduled.approved_by_nobody')
          : '';
  const what = truncate(r.content.title || c.videoUrl, 80);
  const state = r.state === 'published' ? '' : ` · ${stateText(r, policy, now, t)}`;
  // Which version went out (or would), and that its approvals were given on that version.
  const n = currentVersion(r);
  const version =
    versionsOf(r).length > 1
      ? t.t(approvers !== '' ? 'publish.scheduled.version_approved' : 'publish.scheduled.version', {
          state: r.state,
          n,
        })
      : '';
  return t.t('publish.scheduled.line', {
    id: r.id,
    what,
    accounts: c.accounts.join(', '),
    when,
    state,
    version,
    requester: mention(r.requester.userId),
    approved,
  });
}

export const scheduledCommand = defineCommand({
  spec: SCHEDULED,
  options: z.strictObject({}),
  prepare(_v, ctx) {
    return run(true, async (reply) => {
      const kit = ctx.deps.publish;
      const [all, policy] = await Promise.all([kit.repo.ofChannel(ctx.channelKey), kit.policies.get(ctx.channelKey)]);
      const now = ctx.deps.clock.now();
      const t = ctx.t;
      const waiting = all.filter((r) => NOT_YET.includes(r.state));
      const published = all
        .filter((r) => r.state === 'published')
        .slice(-LAST_PUBLISHED)
        .reverse();
      const me = { userId: ctx.origin.userId, canConfigure: ctx.canConfigure };
      // The rows offer what the request's own card offers, except approving, which belongs on the card.
      const controls = (r: PublishRequestRecord): Control[] => {
        if (r.state === 'failed' || r.state === 'unknown') return requestControls(r, false, t);
        const cancel = requestControls(r, isExpired(r, policy, now), t).filter(
          (c) => c.kind === 'action' && c.id.startsWith('pub:cancel:'),
        );
        return mayCancel(r, me) ? cancel : [];
      };
      const cards: Card[] = waiting.slice(0, MAX_WAITING_CARDS).map((r) => {
        const buttons = controls(r);
        return {
          title: truncate(r.content.title || r.content.videoUrl, 200),
          body: line(r, policy, now, t),
          tone: r.state === 'failed' || r.state === 'unknown' ? 'error' : 'pending',
          ...(buttons.length ? { controls: buttons } : {}),
        };
      });

      // Cards follow the text on every platform, so the published list is the last card, after the waiting ones.
      cards.push({
        title: t.t('publish.scheduled.last_published'),
        body: published.length
          ? published.map((r) => line(r, policy, now, t)).join('\n')
          : t.t('publish.scheduled.nothing_published'),
        tone: 'success',
      });
      const head =
        waiting.length > MAX_WAITING_CARDS
          ? t.t('publish.scheduled.head_more', { count: waiting.length, shown: MAX_WAITING_CARDS })
          : t.t('publish.scheduled.head', { count: waiting.length });
      const text = waiting.length ? head : `${head}\n${t.t('publish.scheduled.nothing_waiting')}`;
      const message: OutMessage = { text, cards };
      await reply.ephemeral(message);
    });
  },
});
