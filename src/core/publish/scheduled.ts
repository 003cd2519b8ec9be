// /scheduled: this channel's requests waiting for approval or for their time, and the last 10 published.
import { z } from 'zod';
import { defineCommand, run } from '../commands/handler.ts';
import { SCHEDULED } from '../commands/table.ts';
import type { Card, OutMessage } from '../platform/message.ts';
import { mention, truncate } from '../platform/message.ts';
import { mayCancel } from './approvals.ts';
import type { PublishRequestRecord } from './model.ts';
import type { Policy } from './policy.ts';
import { approvalLine } from './render.ts';
import { formatWhen } from './schedule-time.ts';

const LAST_PUBLISHED = 10;
const WAITING = ['pending', 'scheduled', 'overdue', 'failed', 'unknown', 'publishing'];

function line(r: PublishRequestRecord, policy: Policy, now: number): string {
  const c = r.content;
  const when = c.scheduleAt === null ? 'now once approved' : formatWhen(c.scheduleAt, policy.timezone);
  const approvedBy = [...new Set(r.approvals.map((a) => mention(a.userId)))].join(', ') || 'nobody yet';
  const what = truncate(c.title || c.videoUrl, 80);
  const state = r.state === 'pending' ? approvalLine(r, policy, now) : r.state;
  return `\`${r.id}\` **${what}** → ${c.accounts.join(', ')} · ${when} · ${state} · requested by ${mention(r.requester.userId)} · approved by ${approvedBy}`;
}

export const scheduledCommand = defineCommand({
  spec: SCHEDULED,
  options: z.strictObject({}),
  prepare(_v, ctx) {
    return run(true, async (reply) => {
      const kit = ctx.deps.publish;
      const [all, policy] = await Promise.all([kit.repo.ofChannel(ctx.channelKey), kit.policies.get(ctx.channelKey)]);
      const now = ctx.deps.clock.now();
      const waiting = all.filter((r) => WAITING.includes(r.state));
      const published = all
        .filter((r) => r.state === 'published')
        .slice(-LAST_PUBLISHED)
        .reverse();
      const me = { userId: ctx.origin.userId, canConfigure: ctx.canConfigure };
      const cancellable = (r: PublishRequestRecord) =>
        ['pending', 'scheduled', 'overdue', 'failed'].includes(r.state) && mayCancel(r, me);
      // Discord: at most 10 embeds per message; one card per waiting request, each with its own Cancel.
      const cards: Card[] = waiting.slice(0, 10).map((r) => ({
        title: truncate(r.content.title || r.content.videoUrl, 200),
        body: line(r, policy, now),
        tone: 'pending',
        ...(cancellable(r)
          ? { controls: [{ kind: 'action', label: 'Cancel', id: `pub:cancel:${r.id}`, style: 'danger' }] }
          : {}),
      }));
      const text = [
        `**Waiting for approval or for their time** (${waiting.length})`,
        waiting.length ? '' : 'Nothing waiting.',
        '**Last published**',
        published.length ? published.map((r) => line(r, policy, now)).join('\n') : 'Nothing published yet.',
      ]
        .filter(Boolean)
        .join('\n');
      const message: OutMessage = { text, ...(cards.length ? { cards } : {}) };
      await reply.ephemeral(message);
    });
  },
});
