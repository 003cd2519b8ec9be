// The life of a publish request: created → approved by the quorum → published now or held for its time
// → published / failed / unknown, or cancelled. Each action here is a decision on the stored record
// (see steps.ts for how it is written once and sent at most once).
import type { Once } from '../guarantees/once.ts';
import type { Task, TaskOutcome } from '../scheduler.ts';
import {
  type Actor,
  decidedText,
  isExpired,
  mayCancel,
  mayEdit,
  refuseApproval,
  refuseBeforeMembership,
} from './approvals.ts';
import { createApprovers } from './approvers.ts';
import type { Expiry } from './expiry.ts';
import { type Content, contentHash, type Person, type PublishRequestRecord, personOf } from './model.ts';
import { renderRequestCard } from './render.ts';
import { formatWhen } from './schedule.ts';
import { OVERDUE_MS, PUBLISH_QUEUE, type PublishDeps } from './service-deps.ts';
import type { Steps } from './steps.ts';

export type Member = Actor & Person;

export function createPublishService(deps: PublishDeps & { once: Once }, steps: Steps, expiry: Expiry) {
  const { repo, policies, clock } = deps;
  const { show, say, update, publish, advance } = steps;

  const approvers = createApprovers(deps);

  return {
    show,
    whyNoApprover: approvers.whyNoApprover,
    resolveApprovers: approvers.resolveApprovers,
    async create(input: {
      channelKey: string;
      thread: PublishRequestRecord['thread'];
      content: Content;
      requester: Person;
      id: string;
    }) {
      const now = clock.now();
      const r: PublishRequestRecord = {
        ...input,
        approvals: [],
        changes: [],
        state: 'pending',
        attempt: 1,
        posts: [],
        editedAt: now,
        createdAt: now,
        updatedAt: now,
      };
      await repo.save(r);
      await expiry.watch(r);
      await advance(r, input.requester);
      return r;
    },

    async approve(id: string, clicker: Member): Promise<string> {
      const at = clock.now();
      const seen = await repo.get(id);
      const policy = seen && (await policies.get(seen.channelKey));
      // Group membership is looked up only when it could decide (not for a decided or expired request).
      const early = seen && policy ? refuseBeforeMembership(seen, policy, clicker, at) : undefined;
      const actor = seen && policy && !early ? await approvers.withGroups(clicker, policy, seen.thread) : clicker;
      if (typeof actor === 'string') return actor;
      const { record, refusal } = await update(id, (r, policy) => {
        const why = refuseApproval(r, policy, actor, at);
        if (why) return why;
        const hash = contentHash(r.content);
        if (r.approvals.some((a) => a.userId === actor.userId && a.hash === hash && a.at >= r.editedAt))
          return 'You already approved this request; it counts once.';
        const mine = { userId: actor.userId, ...(actor.userName ? { userName: actor.userName } : {}), at, hash };
        return { ...r, approvals: [...r.approvals.filter((a) => a.userId !== actor.userId), mine] };
      });
      if (refusal) return refusal;
      if (record) await advance(record, actor);
      return 'Approved.';
    },

    async requestChanges(id: string, actor: Member, reason: string): Promise<string> {
      const at = clock.now();
      const { record, refusal } = await update(id, (r) => {
        if (r.state !== 'pending') return decidedText(r);
        if (r.requester.userId === actor.userId) return 'Use Edit to change your own request.';
        // Asking for changes takes back your own approval: one person does not both approve and object.
        const approvals = r.approvals.filter((a) => a.userId !== actor.userId);
        return { ...r, approvals, changes: [...r.changes, { ...personOf(actor), at, reason }] };
      });
      if (refusal) return refusal;
      if (record)
        await say(
          record,
          { text: `✏️ <@${actor.userId}> asks <@${record.requester.userId}> for changes: ${reason}` },
          `changes:${at}`,
        );
      return 'Asked for changes: the card shows your reason until the requester edits the request.';
    },

    async edit(id: string, actor: Member, content: Content): Promise<string> {
      const at = clock.now();
      let voided = false;
      let renewed = false;
      const { record, refusal } = await update(id, (r, policy) => {
        voided = false;
        if (!mayEdit(r, actor)) return 'Only the person who asked can edit this request.';
        if (r.state !== 'pending') return decidedText(r);
        // Saving an expired request, changed or not, asks again: its approvals start over.
        renewed = isExpired(r, policy, at);
        if (contentHash(r.content) === contentHash(content) && !renewed) return r;
        voided = r.approvals.length > 0 && !renewed;
        return { ...r, content, approvals: [], editedAt: at };
      });
      if (refusal) return refusal;
      if (record) await expiry.watch(record);
      if (renewed) {
        if (record) await advance(record, actor);
        return 'Asked again: approvals start over.';
      }
      if (record && voided)
        await say(
          record,
          { text: '✏️ The request was edited: the approvals given so far no longer count.' },
          `edit:${at}`,
        );
      if (record) await advance(record, actor);
      return voided ? 'Saved: the earlier approvals were voided by the change.' : 'Saved.';
    },

    async cancel(id: string, actor: Member): Promise<string> {
      const at = clock.now();
      const { record, refusal } = await update(id, (r) => {
        if (!mayCancel(r, actor))
          return 'Only the person who asked, or someone who may configure the bot, can cancel this request.';
        if (!['pending', 'scheduled', 'overdue', 'failed'].includes(r.state)) return decidedText(r);
        return { ...r, state: 'cancelled', decidedBy: actor, decidedAt: at };
      });
      if (refusal) return refusal;
      await deps.scheduler.cancel(PUBLISH_QUEUE, id);
      await expiry.forget(id);
      if (record)
        await say(record, { text: `🚫 Cancelled by <@${actor.userId}>; nothing will be posted.` }, 'cancelled');
      return 'Cancelled.';
    },

    async postNow(id: string, actor: Member): Promise<string> {
      const ok = await publish(id, actor, (r) => (r.state === 'overdue' && mayCancel(r, actor) ? r : undefined));
      return ok
        ? 'Posting now.'
        : 'Only the requester or someone who may configure the bot can post this, and only once.';
    },

    async markPosted(id: string, actor: Member): Promise<string> {
      if (!actor.canConfigure) return 'Only people who may configure the bot can mark a request as posted.';
      const at = clock.now();
      const { refusal } = await update(id, (r) =>
        r.state === 'unknown'
          ? {
              ...r,
              state: 'published',
              decidedBy: actor,
              decidedAt: at,
              error: 'Marked as posted by hand (the API’s answer was never seen).',
            }
          : decidedText(r),
      );
      return refusal ?? 'Marked as posted.';
    },

    async retry(id: string, actor: Member): Promise<string> {
      const refused =
        'That cannot be tried again now (someone else did, or only people who may configure the bot can after an unknown outcome).';
      const allowed = (r: PublishRequestRecord) =>
        r.state === 'failed' ? mayCancel(r, actor) : r.state === 'unknown' && actor.canConfigure;
      const seen = await repo.get(id);
      if (!seen || !allowed(seen)) return refused;
      // Two Try again clicks on the same attempt are one step: the step is claimed once (a click that
      // lands after the first attempt already ended must not start a third).
      if (!(await deps.once.first({ kind: 'publish', requestId: `${id}:retry:${seen.attempt}` }))) return refused;
      const ok = await publish(id, actor, (r) =>
        r.attempt === seen.attempt && allowed(r) ? { ...r, attempt: r.attempt + 1 } : undefined,
      );
      return ok ? 'Tried again.' : refused;
    },

    /** A held post's time came (the scheduler may run it twice; the claim keeps it once). */
    async onDue(task: Task): Promise<TaskOutcome> {
      const id = String(task.data.id ?? task.id);
      const r = await repo.get(id);
      if (r?.state !== 'scheduled') return undefined;
      const at = r.content.scheduleAt ?? task.dueAt;
      if (clock.now() - at > OVERDUE_MS) {
        const { record } = await update(id, (cur) =>
          cur.state === 'scheduled' ? { ...cur, state: 'overdue' } : decidedText(cur),
        );
        const policy = await policies.get(r.channelKey);
        if (record)
          await say(
            record,
            {
              text: `⏰ This post was due ${formatWhen(at, policy.timezone)}, while the bot was down. Post it now, or cancel? (buttons on the request card)`,
              controls: renderRequestCard(record, policy, clock.now()).cards?.[0]?.controls?.slice(1),
            },
            'overdue',
          );
        return undefined;
      }
      await publish(id, undefined, (cur) => (cur.state === 'scheduled' ? cur : undefined));
      return undefined;
    },

    /** Requests a dead process left in `publishing`: their outcome is unknown, never assumed. */
    async recover(staleMs: number): Promise<void> {
      for await (const r of repo.all()) {
        // Requests from before expiry had its own task get one (scheduling the same id again moves it).
        if (r.state === 'pending') await expiry.watch(r);
        if (r.state !== 'publishing' || clock.now() - r.updatedAt < staleMs) continue;
        const { record } = await update(r.id, (cur) =>
          cur.state === 'publishing'
            ? {
                ...cur,
                state: 'unknown',
                error:
                  'The bot stopped while this was being published, so the post may or may not have been created. Check the accounts, then use “Mark as posted” or “Try again”.',
              }
            : decidedText(cur),
        );
        if (record) await say(record, { text: `❓ Outcome unknown: ${record.error}` }, `recovered:${record.attempt}`);
      }
    },
  };
}

export type PublishService = ReturnType<typeof createPublishService>;
