// Approvals run out: at that moment a durable scheduler task redraws the request card (Approve and
// Request changes gone, "approvals expired" in its title) and tells the requester in the thread, so a
// team sees the truth without clicking. The task lives in the scheduler's store (embedded or BullMQ), so
// a restart keeps it; a request edited meanwhile moves it (same task id), a decided one ignores it.
import type { Task, TaskOutcome } from '../scheduler.ts';
import { expiresAt, isExpired } from './approvals.ts';
import type { PublishRequestRecord } from './model.ts';
import type { PublishDeps } from './service-deps.ts';
import type { Steps } from './steps.ts';

/** The scheduler queue of approval expiries (one task per request, id = request id). */
export const EXPIRY_QUEUE = 'publish-expiry';

export function createExpiry(deps: PublishDeps, steps: Pick<Steps, 'show' | 'say'>) {
  const { repo, policies, clock, scheduler } = deps;
  return {
    /** (Re)arms the redraw for a waiting request; called on create, on edit and after a restart. */
    async watch(r: PublishRequestRecord): Promise<void> {
      if (r.state !== 'pending') return;
      const policy = await policies.get(r.channelKey);
      await scheduler.schedule(EXPIRY_QUEUE, r.id, expiresAt(r, policy), { id: r.id });
    },
    forget: (id: string) => scheduler.cancel(EXPIRY_QUEUE, id),
    async onDue(task: Task): Promise<TaskOutcome> {
      const r = await repo.get(String(task.data.id ?? task.id));
      if (r?.state !== 'pending') return undefined;
      const policy = await policies.get(r.channelKey);
      // Edited since, or the channel's expiry was lengthened: not yet, come back then.
      if (!isExpired(r, policy, clock.now())) return { again: expiresAt(r, policy) };
      await steps.show(r);
      const hours = Math.round(policy.expiryMs / 3600_000);
      await steps.say(
        r,
        {
          text: `⌛ <@${r.requester.userId}>, the approvals of this request ran out after ${hours} h, so nothing will be posted. Edit it to ask again (approvals start over), or Cancel it.`,
        },
        `expired:${r.editedAt}`,
      );
      return undefined;
    },
  };
}

export type Expiry = ReturnType<typeof createExpiry>;
