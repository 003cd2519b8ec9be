// The life of a publish request: created → approved by the quorum → published now or held for its time
// → published / failed / unknown, or cancelled. Every change of a request happens under its lock, and
// every API call under its attempt's never-expiring claim, so clicks, replicas and restarts never post
// twice.
import type { OutMessage } from '../render/message.ts';
import type { Task, TaskOutcome } from '../scheduler/scheduler.ts';
import { type Content, contentHash, type Person, type PublishRequestRecord } from './model.ts';
import { claimOnce, withLock } from './once.ts';
import type { Policy } from './policy.ts';
import { callApi, outcomeText } from './publisher.ts';
import { renderRequestCard } from './render.ts';
import { type Actor, decidedText, mayCancel, mayEdit, quorumReached, refuseApproval } from './rules.ts';
import { formatWhen } from './schedule.ts';
import { OVERDUE_MS, PUBLISH_QUEUE, type PublishDeps } from './service-deps.ts';

export type Member = Actor & Person;
type Gate = (
  r: PublishRequestRecord,
  policy: Policy,
) => Promise<PublishRequestRecord | undefined> | PublishRequestRecord | undefined;

export function createPublishService(deps: PublishDeps) {
  const { repo, policies, clock } = deps;
  const lock = <T>(id: string, fn: () => Promise<T>) => withLock(deps.store, `publish:${id}`, fn);

  async function show(r: PublishRequestRecord): Promise<void> {
    const policy = await policies.get(r.channelKey);
    await deps.chat(r.thread.platform)?.updateCard(r.thread, renderRequestCard(r, policy, clock.now()));
  }
  async function say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void> {
    await deps.chat(r.thread.platform)?.postInThread(r.thread, message, `pub:${r.id}:${event}`);
  }

  /** Changes a request under its lock; `change` answers a refusal (string) or the new record. */
  async function update(
    id: string,
    change: (
      r: PublishRequestRecord,
      policy: Policy,
    ) => Promise<PublishRequestRecord | string> | PublishRequestRecord | string,
  ): Promise<{ record?: PublishRequestRecord; refusal?: string }> {
    const result = await lock(id, async () => {
      const r = await repo.get(id);
      if (!r) return { refusal: 'That publish request no longer exists.' };
      const next = await change(r, await policies.get(r.channelKey));
      if (typeof next === 'string') return { refusal: next };
      const saved = { ...next, updatedAt: clock.now() };
      await repo.save(saved);
      return { record: saved };
    });
    if (result.record) await show(result.record);
    return result;
  }

  /** The one way to the API: `gate` decides under the lock, then the attempt is claimed for good. */
  async function publish(id: string, by: Person | undefined, gate: Gate): Promise<boolean> {
    const started = await lock(id, async () => {
      const r = await repo.get(id);
      const policy = r && (await policies.get(r.channelKey));
      const next = r && policy ? await gate(r, policy) : undefined;
      if (!next || !(await claimOnce(deps.store, `publish:${id}:${next.attempt}`))) return undefined;
      const publishing: PublishRequestRecord = {
        ...next,
        state: 'publishing',
        error: undefined,
        updatedAt: clock.now(),
      };
      await repo.save(publishing);
      return publishing;
    });
    if (!started) return false;
    await show(started);
    const outcome = await callApi(deps, started);
    const done = await lock(id, async () => {
      const r = (await repo.get(id)) ?? started;
      const now = clock.now();
      const next: PublishRequestRecord =
        outcome.kind === 'published'
          ? {
              ...r,
              state: 'published',
              posts: outcome.posts,
              error: undefined,
              decidedBy: by ?? r.requester,
              decidedAt: now,
            }
          : { ...r, state: outcome.kind, error: outcome.error };
      await repo.save({ ...next, updatedAt: now });
      return next;
    });
    await show(done);
    await say(done, { text: outcomeText(done, outcome) }, `outcome:${done.attempt}`);
    return true;
  }

  /** After approvals change: publish now, hold for its time, or keep waiting. */
  async function advance(r: PublishRequestRecord, by: Person | undefined): Promise<void> {
    const policy = await policies.get(r.channelKey);
    if (r.state !== 'pending' || !quorumReached(r, policy, clock.now())) return;
    const at = r.content.scheduleAt;
    if (at !== null && at > clock.now()) {
      const { record } = await update(r.id, (cur, p) =>
        cur.state === 'pending' && quorumReached(cur, p, clock.now())
          ? { ...cur, state: 'scheduled' }
          : decidedText(cur),
      );
      if (record) {
        await deps.scheduler.schedule(PUBLISH_QUEUE, r.id, at, { id: r.id });
        await say(record, { text: `🗓️ Approved: it will be posted ${formatWhen(at, policy.timezone)}.` }, 'scheduled');
      }
      return;
    }
    await publish(r.id, by, (cur, p) =>
      cur.state === 'pending' && quorumReached(cur, p, clock.now()) ? cur : undefined,
    );
  }

  return {
    show,
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
      await advance(r, input.requester);
      return r;
    },

    async approve(id: string, actor: Member): Promise<string> {
      const { record, refusal } = await update(id, (r, policy) => {
        const why = refuseApproval(r, policy, actor, clock.now());
        if (why) return why;
        const hash = contentHash(r.content);
        if (r.approvals.some((a) => a.userId === actor.userId && a.hash === hash && a.at >= r.editedAt))
          return 'You already approved this request; it counts once.';
        const mine = {
          userId: actor.userId,
          ...(actor.userName ? { userName: actor.userName } : {}),
          at: clock.now(),
          hash,
        };
        return { ...r, approvals: [...r.approvals.filter((a) => a.userId !== actor.userId), mine] };
      });
      if (refusal) return refusal;
      if (record) await advance(record, actor);
      return 'Approved.';
    },

    async requestChanges(id: string, actor: Member, reason: string): Promise<string> {
      const { record, refusal } = await update(id, (r) => {
        if (r.state !== 'pending') return decidedText(r);
        if (r.requester.userId === actor.userId) return 'Use Edit to change your own request.';
        return { ...r, changes: [...r.changes, { userId: actor.userId, at: clock.now(), reason }] };
      });
      if (refusal) return refusal;
      if (record)
        await say(
          record,
          { text: `✏️ <@${actor.userId}> asks <@${record.requester.userId}> for changes: ${reason}` },
          `changes:${clock.now()}`,
        );
      return 'Asked for changes.';
    },

    async edit(id: string, actor: Member, content: Content): Promise<string> {
      let voided = false;
      const { record, refusal } = await update(id, (r) => {
        if (!mayEdit(r, actor)) return 'Only the person who asked can edit this request.';
        if (r.state !== 'pending') return decidedText(r);
        if (contentHash(r.content) === contentHash(content)) return r;
        voided = r.approvals.length > 0;
        return { ...r, content, approvals: [], editedAt: clock.now() };
      });
      if (refusal) return refusal;
      if (record && voided)
        await say(
          record,
          { text: '✏️ The request was edited: the approvals given so far no longer count.' },
          `edit:${clock.now()}`,
        );
      if (record) await advance(record, actor);
      return voided ? 'Saved: the earlier approvals were voided by the change.' : 'Saved.';
    },

    async cancel(id: string, actor: Member): Promise<string> {
      const { record, refusal } = await update(id, (r) => {
        if (!mayCancel(r, actor))
          return 'Only the person who asked, or someone who may configure the bot, can cancel this request.';
        if (!['pending', 'scheduled', 'overdue', 'failed'].includes(r.state)) return decidedText(r);
        return { ...r, state: 'cancelled', decidedBy: actor, decidedAt: clock.now() };
      });
      if (refusal) return refusal;
      await deps.scheduler.cancel(PUBLISH_QUEUE, id);
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
      const { refusal } = await update(id, (r) =>
        r.state === 'unknown'
          ? {
              ...r,
              state: 'published',
              decidedBy: actor,
              decidedAt: clock.now(),
              error: 'Marked as posted by hand (the API’s answer was never seen).',
            }
          : decidedText(r),
      );
      return refusal ?? 'Marked as posted.';
    },

    async retry(id: string, actor: Member): Promise<string> {
      const ok = await publish(id, actor, async (r) => {
        const allowed = r.state === 'failed' ? mayCancel(r, actor) : r.state === 'unknown' && actor.canConfigure;
        if (!allowed) return undefined;
        // Two Try again clicks must not become two attempts: the step itself is claimed once.
        if (!(await claimOnce(deps.store, `publish-retry:${id}:${r.attempt}`))) return undefined;
        return { ...r, attempt: r.attempt + 1 };
      });
      return ok
        ? 'Tried again.'
        : 'That cannot be tried again now (someone else did, or only people who may configure the bot can after an unknown outcome).';
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
