// The life of a publish request: created → approved by the quorum (or changes asked, edited, reminded,
// approvals run out) → published now or held for its time (overdue if the bot was down then or the quorum
// came after it: post now, or at a new time) → published / failed / unknown, or cancelled. Every action
// is a decision on the stored record, written by compare-and-set (two clicks or two replicas each re-read
// and re-decide, so exactly one moves it), and redraws the card.
import type { Outbox } from '../guarantees/outbox.ts';
import { MAX_CARD_REDRAWS } from '../platform/last-edit.ts';
import { mention, type OutMessage } from '../platform/message.ts';
import type { ChatPort, Platform } from '../ports.ts';
import type { Scheduler, Task, TaskOutcome } from '../scheduler.ts';
import {
  type Actor,
  decidedText,
  expiresAt,
  isExpired,
  mayCancel,
  mayEdit,
  quorumReached,
  refuseApproval,
  refuseBeforeMembership,
} from './approvals.ts';
import type { Approvers } from './approvers.ts';
import { createMissedSlots } from './missed-slot.ts';
import {
  type Content,
  contentHash,
  type Decide,
  type Decided,
  type Person,
  type PublishRequestRecord,
  personOf,
} from './model.ts';
import { createOutsideReview } from './outside-review.ts';
import type { Policy, PolicyRepo } from './policy.ts';
import { createPublisher, type PublisherDeps } from './publisher.ts';
import { createReminders } from './reminders.ts';
import { renderRequestCard } from './render.ts';
import type { PublishRepo } from './repo.ts';
import { formatWhen } from './schedule-time.ts';

/** The scheduler queue of posts held for their time (one task per request, id = request id). */
export const PUBLISH_QUEUE = 'publish';
/** The scheduler queue of approval expiries: the card is redrawn when approvals run out, without a click. */
export const EXPIRY_QUEUE = 'publish-expiry';
/**
 * The scheduler queue of publish attempts' watches (one task per attempt, id = `<request id>-<attempt>`): an
 * attempt still `publishing` once stale is shown as outcome unknown while the bot runs, not only at a start.
 */
export const STALE_QUEUE = 'publish-stale';
/** A process stopped mid-call (found by `recover` at the next start). */
const STOPPED =
  'The bot stopped while this was being published, so the post may or may not have been created. Check the accounts, then use “Mark as posted” or “Try again”.';
/** The bot ran on, but the call's outcome could not be written (the store away past the bound of its writes). */
const UNRECORDED =
  'The bot could not record whether this was published, so the post may or may not have been created. Check the accounts, then use “Mark as posted” or “Try again”.';
/** A post whose time passed longer ago than this (the bot was down) asks before posting. */
const OVERDUE_MS = 15 * 60_000;

export type Member = Actor & Person;

const EDITED_SINCE_SEEN =
  'This request was edited after the list you clicked in was drawn, so nothing was approved: open its card to see what it says now, and approve there.';
const ALREADY_APPROVED = 'You already approved this request; it counts once.';

export interface RequestLifecycleDeps extends Omit<PublisherDeps, 'update' | 'show' | 'say' | 'watch'> {
  repo: PublishRepo;
  policies: PolicyRepo;
  approvers: Approvers;
  chat: (platform: Platform) => ChatPort | undefined;
  /** Posts a request's news in its thread once. */
  outbox: Outbox;
  scheduler: Scheduler;
  /** An attempt `publishing` this long has an outcome nobody will write: it is shown as unknown. */
  staleMs: number;
}

export function createRequestLifecycle(deps: RequestLifecycleDeps) {
  const { repo, policies, clock, scheduler, approvers } = deps;

  /**
   * Redraws the card, then reads the request back once the edit landed and draws it again while it shows
   * something else than what is stored: a redraw computed from an earlier record (another replica's, or
   * one read before a failover) must not be the card's last word. The edit asks the store right before it is
   * sent (`stillDue`), so one drawn from a record another replica has moved on from ("Publishing…" after its
   * "Published") is not sent at all: the card never steps back, even for a moment.
   */
  async function show(r: PublishRequestRecord): Promise<void> {
    const port = deps.chat(r.thread.platform);
    if (!port) return;
    let drawn = r;
    for (let redraws = 0; redraws <= MAX_CARD_REDRAWS; redraws++) {
      const policy = await policies.get(drawn.channelKey);
      const at = clock.now();
      const card = renderRequestCard(drawn, policy, at);
      const drawsAsCard = (stored: PublishRequestRecord | undefined) =>
        stored !== undefined && JSON.stringify(renderRequestCard(stored, policy, at)) === JSON.stringify(card);
      const made = await port.updateCard(drawn.thread, card, 'final', async () =>
        drawsAsCard(await repo.get(drawn.id)),
      );
      const stored = await repo.get(drawn.id);
      if (!stored || drawsAsCard(stored) || (!made && stored.updatedAt === drawn.updatedAt)) return;
      drawn = stored;
    }
    deps.logger.warn({ requestId: r.id }, 'the publish request card kept falling behind its request');
  }
  async function say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void> {
    const port = deps.chat(r.thread.platform);
    if (port) await deps.outbox.post(port, r.thread, message, `pub:${r.id}:${event}`);
  }

  /**
   * Applies a decision to a request by compare-and-set, then redraws its card (unless the caller will). Once
   * the decision is written, a redraw that fails (its read-back meeting a failover, the platform refusing the
   * edit) is logged, never thrown: the caller would take the decision for not made and skip what it calls
   * for (a held post's task, the thread's question), leaving the request in a state nobody moves on.
   */
  async function update(id: string, decide: Decide, redraw = true): Promise<Decided> {
    const gone = { refusal: 'That publish request no longer exists.' };
    const current = await repo.get(id);
    if (!current) return gone;
    const policy = await policies.get(current.channelKey);
    const now = clock.now();
    // The last call of `decide` is the one whose answer counts (earlier ones lost a race and were re-run).
    let last: Decided = gone;
    const stored = await repo.update(id, (r) => {
      const next = decide(r, policy);
      last = typeof next === 'string' ? { refusal: next } : { record: { ...next, updatedAt: now } };
      return last.record;
    });
    const result: Decided = last.record && stored ? { record: stored } : last;
    if (result.record && redraw)
      await show(result.record).catch((err: unknown) =>
        deps.logger.warn({ err, requestId: id }, 'could not redraw a publish request card'),
      );
    return result;
  }

  /** The watch of an attempt just moved to `publishing`, due when it is stale (the same id again only moves it). */
  async function watch(r: PublishRequestRecord): Promise<void> {
    await scheduler.schedule(STALE_QUEUE, `${r.id}-${r.attempt}`, r.updatedAt + deps.staleMs, {
      id: r.id,
      attempt: r.attempt,
    });
  }

  /** Shows a request still publishing (the attempt `ours` accepts) as outcome unknown, and says why once. */
  async function unknownOutcome(id: string, ours: (r: PublishRequestRecord) => boolean, error: string): Promise<void> {
    const { record } = await update(id, (cur) =>
      cur.state === 'publishing' && ours(cur) ? { ...cur, state: 'unknown', error } : decidedText(cur),
    );
    if (record) await tellUnknown(record);
  }
  const tellUnknown = (r: PublishRequestRecord) =>
    say(r, { text: `❓ Outcome unknown: ${r.error}` }, `recovered:${r.attempt}`);

  const publisher = createPublisher({ ...deps, update, show, say, watch });
  const reminders = createReminders({ ...deps, say });
  const missed = createMissedSlots({ ...deps, publishQueue: PUBLISH_QUEUE, update, say });

  /** (Re)arms the redraw for when approvals run out, and the reminders; on create, on edit and after a restart. */
  async function watchExpiry(r: PublishRequestRecord): Promise<void> {
    if (r.state !== 'pending') return;
    const policy = await policies.get(r.channelKey);
    await scheduler.schedule(EXPIRY_QUEUE, r.id, expiresAt(r, policy), { id: r.id });
    await reminders.arm(r);
  }

  /** After approvals change: publish now, hold for its time, or keep waiting. */
  async function advance(r: PublishRequestRecord, by: Person | undefined): Promise<void> {
    const policy = await policies.get(r.channelKey);
    if (r.state !== 'pending' || !quorumReached(r, policy, clock.now())) return;
    const at = r.content.scheduleAt;
    const ready = (cur: PublishRequestRecord, p: Policy) =>
      cur.state === 'pending' && quorumReached(cur, p, clock.now());
    if (at !== null && at > clock.now()) {
      // The task first: a request held with no task would never be posted, while a task whose request was
      // not moved (the store went away between the two) finds it waiting at its time and does nothing.
      await scheduler.schedule(PUBLISH_QUEUE, r.id, at, { id: r.id });
      const { record } = await update(r.id, (cur, p) =>
        ready(cur, p) ? { ...cur, state: 'scheduled' } : decidedText(cur),
      );
      if (record) {
        await say(record, { text: `🗓️ Approved: it will be posted ${formatWhen(at, policy.timezone)}.` }, 'scheduled');
      }
      return;
    }
    // The quorum came after the post's time: asked, never posted late without a word.
    if (at !== null) return missed.ask(r, 'late');
    await publisher.publish(r.id, by, (cur, p) => (ready(cur, p) ? cur : undefined));
  }

  const outside = createOutsideReview({ ...deps, update, say, advance });

  /** A request still waiting whose quorum is met (what it called for never happened); else undefined. */
  async function stalled(id: string): Promise<PublishRequestRecord | undefined> {
    const r = await repo.get(id);
    const policy = r && (await policies.get(r.channelKey));
    if (!r || !policy || r.state !== 'pending' || !quorumReached(r, policy, clock.now())) return undefined;
    return r;
  }

  return {
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
        reviewers: [],
        state: 'pending',
        attempt: 1,
        posts: [],
        editedAt: now,
        createdAt: now,
        updatedAt: now,
      };
      await repo.save(r);
      await watchExpiry(r);
      await advance(r, input.requester);
      return r;
    },

    /**
     * `tell` answers the approver privately, once: the refusal, or "Approved." as soon as the approval is stored,
     * before the card is redrawn and what it calls for (a publish of a few seconds) runs, so the person who clicked
     * hears first. `seenHash`: the content the approver saw (a list drawn earlier); an approval never counts for
     * newer content.
     */
    async approve(
      id: string,
      clicker: Member,
      tell: (text: string) => Promise<void>,
      seenHash?: string,
    ): Promise<void> {
      // The answer is only a courtesy: its failure must not keep the approval from taking effect.
      const approved = () =>
        tell('Approved.').catch((err: unknown) =>
          deps.logger.warn({ err, requestId: id }, 'approval not acknowledged'),
        );
      const at = clock.now();
      const seen = await repo.get(id);
      const policy = seen && (await policies.get(seen.channelKey));
      // Group membership is looked up only when it could decide (not for a decided or expired request).
      const early = seen && policy ? refuseBeforeMembership(seen, policy, clicker, at) : undefined;
      const actor = seen && policy && !early ? await approvers.withGroups(clicker, policy, seen.thread) : clicker;
      if (typeof actor === 'string') return tell(actor);
      const { record, refusal } = await update(
        id,
        (r, policy) => {
          const why = refuseApproval(r, policy, actor, at);
          if (why) return why;
          const hash = contentHash(r.content);
          if (seenHash !== undefined && seenHash !== hash) return EDITED_SINCE_SEEN;
          if (r.approvals.some((a) => a.userId === actor.userId && a.hash === hash && a.at >= r.editedAt))
            return ALREADY_APPROVED;
          const mine = { userId: actor.userId, ...(actor.userName ? { userName: actor.userName } : {}), at, hash };
          return { ...r, approvals: [...r.approvals.filter((a) => a.userId !== actor.userId), mine] };
        },
        false,
      );
      // The approval counted but what it called for never happened (the store went away between the two, as
      // in a failover), so the request waits with its quorum met: clicking Approve again carries it forward.
      const stuck = refusal === ALREADY_APPROVED ? await stalled(id) : undefined;
      if (stuck) {
        await approved();
        return advance(stuck, actor);
      }
      if (refusal) return tell(refusal);
      await approved();
      if (!record) return;
      await show(record);
      await advance(record, actor);
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
          { text: `✏️ ${mention(actor.userId)} asks ${mention(record.requester.userId)} for changes: ${reason}` },
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
        // Review links ended when the request expired: asking again does not reopen them (invite again).
        const reviewers = renewed ? r.reviewers.map((x) => (x.revokedAt ? x : { ...x, revokedAt: at })) : r.reviewers;
        return { ...r, content, approvals: [], editedAt: at, reviewers };
      });
      if (refusal) return refusal;
      if (record) await watchExpiry(record);
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

    /**
     * The workspace removed the bot: its open requests are cancelled with `reason` on the request (what /scheduled
     * and Home show after a reinstall), nothing is posted there and no card is redrawn (there is no token to).
     * Returns how many were cancelled.
     */
    async endWorkspace(platform: Platform, workspaceId: string, reason: string): Promise<number> {
      let cancelled = 0;
      const at = clock.now();
      for (const open of await repo.openIn(platform, workspaceId)) {
        const stored = await repo.update(open.id, (r) =>
          ['pending', 'scheduled', 'overdue'].includes(r.state)
            ? { ...r, state: 'cancelled', error: reason, decidedAt: at, updatedAt: at }
            : undefined,
        );
        if (stored?.state !== 'cancelled' || stored.decidedAt !== at) continue;
        cancelled++;
        await scheduler.cancel(PUBLISH_QUEUE, open.id);
        await scheduler.cancel(EXPIRY_QUEUE, open.id);
        await reminders.cancel(open.id);
      }
      return cancelled;
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
      await scheduler.cancel(PUBLISH_QUEUE, id);
      await scheduler.cancel(EXPIRY_QUEUE, id);
      await reminders.cancel(id);
      if (record)
        await say(record, { text: `🚫 Cancelled by ${mention(actor.userId)}; nothing will be posted.` }, 'cancelled');
      return 'Cancelled.';
    },

    async postNow(id: string, actor: Member): Promise<string> {
      const ok = await publisher.publish(id, actor, (r) =>
        r.state === 'overdue' && mayCancel(r, actor) ? r : undefined,
      );
      return ok
        ? 'Posting now.'
        : 'Only the requester or someone who may configure the bot can post this, and only once.';
    },

    /** New time on an overdue post (the form's time is already read and checked). */
    reschedule: missed.reschedule,

    /** Outside reviewers: invite (a personal link), revoke the links, what a link shows, a decision from it. */
    outside,

    /** A reminder of a request still waiting for its quorum is due. */
    onRemind: reminders.onRemind,

    /**
     * The channel's policy changed (`/setup remind=…`, `approval_expiry=…`): requests already waiting take it at
     * once, their next reminder and their expiry counted from when each was asked or last edited, instead of
     * firing first at the time the old policy gave them (a day later for the default `remind`).
     */
    async policyChanged(channelKey: string): Promise<void> {
      for (const r of await repo.ofChannel(channelKey)) await watchExpiry(r);
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
      return (await publisher.retry(seen, actor, allowed)) ? 'Tried again.' : refused;
    },

    /** A held post's time came (the scheduler may run it twice; the publisher's claim keeps it once). */
    async onDue(task: Task): Promise<TaskOutcome> {
      const id = String(task.data.id ?? task.id);
      const r = await repo.get(id);
      if (r?.state !== 'scheduled') return undefined;
      const at = r.content.scheduleAt ?? task.dueAt;
      if (clock.now() - at > OVERDUE_MS) {
        await missed.ask(r, 'down');
        return undefined;
      }
      await publisher.publish(id, undefined, (cur) => (cur.state === 'scheduled' ? cur : undefined));
      return undefined;
    },

    /**
     * Approvals ran out: the card is redrawn (Approve and Request changes gone) and the requester told, so
     * a team sees the truth without clicking. The task lives in the scheduler's store, so a restart keeps
     * it; an edit meanwhile moves it (same task id), a decided request ignores it.
     */
    async onExpiry(task: Task): Promise<TaskOutcome> {
      const r = await repo.get(String(task.data.id ?? task.id));
      if (r?.state !== 'pending') return undefined;
      const policy = await policies.get(r.channelKey);
      // Edited since, or the channel's expiry was lengthened: not yet, come back then.
      if (!isExpired(r, policy, clock.now())) return { again: expiresAt(r, policy) };
      await show(r);
      const hours = Math.round(policy.expiryMs / 3600_000);
      await say(
        r,
        {
          text: `⌛ ${mention(r.requester.userId)}, the approvals of this request ran out after ${hours} h, so nothing will be posted. Edit it to ask again (approvals start over), or Cancel it.`,
        },
        `expired:${r.editedAt}`,
      );
      return undefined;
    },

    /**
     * An attempt's watch is due: if the request is still publishing on that attempt, the outcome was never
     * written (the store away past the bound of its writes, or the process gone): it is shown as unknown,
     * never assumed. Anything else (an outcome written, a later attempt) is left as it is.
     */
    async onStale(task: Task): Promise<TaskOutcome> {
      const id = String(task.data.id);
      const attempt = Number(task.data.attempt);
      const r = await repo.get(id);
      if (!r || r.attempt !== attempt) return undefined;
      // Shown already but not yet said (a run cut off between the two, run again): the thread is told once.
      if (r.state === 'unknown' && r.error === UNRECORDED) await tellUnknown(r);
      if (r.state !== 'publishing') return undefined;
      const due = r.updatedAt + deps.staleMs;
      if (clock.now() < due) return { again: due };
      await unknownOutcome(id, (cur) => cur.attempt === attempt, UNRECORDED);
      return undefined;
    },

    /** Requests a dead process left in `publishing`: their outcome is unknown, never assumed. */
    async recover(staleMs: number): Promise<void> {
      for await (const r of repo.all()) {
        // Requests from before expiry had its own task get one (scheduling the same id again moves it).
        if (r.state === 'pending') await watchExpiry(r);
        if (r.state !== 'publishing' || clock.now() - r.updatedAt < staleMs) continue;
        await unknownOutcome(r.id, () => true, STOPPED);
      }
    },
  };
}

export type RequestLifecycle = ReturnType<typeof createRequestLifecycle>;
