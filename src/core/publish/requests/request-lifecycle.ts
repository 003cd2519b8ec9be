// The life of a publish request: created → approved by the quorum (or changes asked, edited, reminded,
// approvals run out) → published now or held for its time (overdue if the bot was down then or the quorum
// came after it: post now, or at a new time) → published / failed / unknown, or cancelled. Every action is a
// decision on the stored record written by compare-and-set (request-writes.ts), and every action a member
// takes answers a request of another workspace as an unknown id. Approvals and change requests go through
// the one rule (approvals/decide.ts); outside reviewers' links are review/.
import type { Outbox } from '../../guarantees/outbox.ts';
import type { JobService } from '../../jobs/service.ts';
import { mention } from '../../platform/message.ts';
import type { ChatPort, Platform } from '../../ports.ts';
import type { Scheduler, Task, TaskOutcome } from '../../scheduler.ts';
import { decidedText, expiresAt, isExpired, mayCancel, mayEdit } from '../approvals/approvals.ts';
import type { Approvers } from '../approvals/approvers.ts';
import { inWorkspace, type Member, UNKNOWN_REQUEST } from '../approvals/decide.ts';
import { createMemberDecisions } from '../approvals/member-decisions.ts';
import type { PolicyRepo } from '../approvals/policy.ts';
import { createOutsideReview } from '../review/outside-review.ts';
import { createRevoke } from '../review/revoke.ts';
import { publishWords } from '../words.ts';
import { createAdvance, EXPIRY_QUEUE, PUBLISH_QUEUE } from './advance.ts';
import { createCommentLog } from './comments.ts';
import { createMissedSlots } from './missed-slot.ts';
import {
  type Content,
  contentHash,
  type Decide,
  type OutputRef,
  type Person,
  type PublishRequestRecord,
  type Version,
} from './model.ts';
import { createNewVersions } from './new-version.ts';
import { createOutcomeWatch } from './outcome-watch.ts';
import { createPublisher, type PublisherDeps } from './publisher.ts';
import { createReminders } from './reminders.ts';
import type { PublishRepo } from './repo.ts';
import { createRequestWrites } from './request-writes.ts';

/** A refusal said to `actor`: an unknown request in their words (the store's answer, request-writes.ts, is English). */
const said = (actor: Member, refusal: string): string =>
  refusal === UNKNOWN_REQUEST ? actor.t.t('decide.unknown') : refusal;

/** A post whose time passed longer ago than this (the bot was down) asks before posting. */
const OVERDUE_MS = 15 * 60_000;

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
  /** The jobs that make new versions (subtitles, B-roll, a new cut), and tell when they end. */
  jobs: JobService;
}

export function createRequestLifecycle(deps: RequestLifecycleDeps) {
  const { repo, policies, clock, scheduler } = deps;
  const writes = createRequestWrites(deps);
  const { update, say } = writes;
  const comments = createCommentLog(deps.store);
  const reminders = createReminders({ ...deps, say });
  // The outcome watch re-arms what `advance` arms; `advance` is made after the publisher, which needs the watch.
  let rearm: (r: PublishRequestRecord) => Promise<void> = async () => undefined;
  const outcomes = createOutcomeWatch({ ...deps, writes, rearm: (r) => rearm(r) });
  const publisher = createPublisher({ ...deps, update, show: writes.show, say, watch: outcomes.watch });
  const missed = createMissedSlots({ ...deps, publishQueue: PUBLISH_QUEUE, update, say });
  const advance = createAdvance({ ...deps, writes, publisher, missed, reminders });
  rearm = advance.rearm;
  const members = createMemberDecisions({ ...deps, writes, advance, comments });
  const outside = createOutsideReview({ ...deps, writes, advance, comments });
  const revoke = createRevoke({ ...deps, writes, advance });
  const versions = createNewVersions({ ...deps, writes, advance });

  /** A member's decision on a request of their own workspace; any other answers as an unknown id. */
  const theirs =
    (actor: Member, decide: Decide): Decide =>
    (r, policy) =>
      inWorkspace(r, actor.where) ? decide(r, policy) : actor.t.t('decide.unknown');

  /** The request `id` where `where` may see it: undefined for an unknown id and for another workspace's alike. */
  async function find(id: string, where: Member['where']): Promise<PublishRequestRecord | undefined> {
    const r = await repo.get(id);
    return r && inWorkspace(r, where) ? r : undefined;
  }

  return {
    find,

    async create(input: {
      channelKey: string;
      thread: PublishRequestRecord['thread'];
      content: Content;
      requester: Person;
      /** The channel's language when it was asked: its public messages' (words.ts). */
      locale: string;
      id: string;
      /** The job output it was asked for from (Publish… on a result), and whether that job made clips. */
      source?: { output: OutputRef; clip: boolean } | undefined;
    }) {
      const now = clock.now();
      const { source, ...fields } = input;
      const first: Version = {
        n: 1,
        videoUrl: input.content.videoUrl,
        ...(input.content.thumbnailUrl ? { thumbnailUrl: input.content.thumbnailUrl } : {}),
        at: now,
        by: input.requester,
        how: 'asked',
        ...(source
          ? {
              source: source.output,
              ...(source.clip ? { cut: { jobId: source.output.jobId, part: source.output.part } } : {}),
            }
          : {}),
        answers: [],
      };
      const r: PublishRequestRecord = {
        ...fields,
        versions: [first],
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
      await advance.rearm(r);
      await advance.advance(r, input.requester);
      return r;
    },

    /** A member's approval (the card, /approvals, the Slack Home tab); see member-decisions.ts. */
    approve: members.approve,
    requestChanges: members.requestChanges,

    async edit(id: string, actor: Member, content: Content): Promise<string> {
      const at = clock.now();
      let voided = false;
      let renewed = false;
      const { record, refusal } = await update(
        id,
        theirs(actor, (r, policy) => {
          voided = false;
          if (!mayEdit(r, actor)) return actor.t.t('publish.ask.onlyRequesterEdits');
          if (r.state !== 'pending') return decidedText(r, actor.t);
          // Saving an expired request, changed or not, asks again: its approvals start over.
          renewed = isExpired(r, policy, at);
          // The form edits the texts, accounts and time; the video is the current version's, as stored now (a
          // version made while the form was open is kept).
          const { thumbnailUrl, version } = r.content;
          const next = {
            ...content,
            videoUrl: r.content.videoUrl,
            ...(thumbnailUrl ? { thumbnailUrl } : {}),
            ...(version ? { version } : {}),
          };
          if (contentHash(r.content) === contentHash(next) && !renewed) return r;
          voided = r.approvals.length > 0 && !renewed;
          // Review links ended when the request expired: asking again does not reopen them (invite again).
          const reviewers = renewed ? r.reviewers.map((x) => (x.revokedAt ? x : { ...x, revokedAt: at })) : r.reviewers;
          // An edit answers every open change request (from now on, changesFrom is editedAt again).
          const { changesFrom: _answered, ...rest } = r;
          return { ...rest, content: next, approvals: [], editedAt: at, reviewers };
        }),
      );
      if (refusal) return said(actor, refusal);
      if (record) await advance.rearm(record);
      if (renewed) {
        if (record) await advance.advance(record, actor);
        return actor.t.t('publish.ask.askedAgain');
      }
      if (record && voided)
        await say(record, { text: publishWords(record.locale).t('publish.ask.line.edited') }, `edit:${at}`);
      if (record) await advance.advance(record, actor);
      return actor.t.t(voided ? 'publish.ask.savedVoided' : 'publish.ask.saved');
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
      const { record, refusal } = await update(
        id,
        theirs(actor, (r) => {
          if (!mayCancel(r, actor)) return actor.t.t('publish.ask.onlyRequesterCancels');
          if (!['pending', 'scheduled', 'overdue', 'failed'].includes(r.state)) return decidedText(r, actor.t);
          return { ...r, state: 'cancelled', decidedBy: actor, decidedAt: at };
        }),
      );
      if (refusal) return said(actor, refusal);
      await scheduler.cancel(PUBLISH_QUEUE, id);
      await scheduler.cancel(EXPIRY_QUEUE, id);
      await reminders.cancel(id);
      if (record)
        await say(
          record,
          { text: publishWords(record.locale).t('publish.ask.line.cancelled', { who: mention(actor.userId) }) },
          'cancelled',
        );
      return actor.t.t('publish.ask.cancelled');
    },

    async postNow(id: string, actor: Member): Promise<string> {
      if (!(await find(id, actor.where))) return actor.t.t('decide.unknown');
      const ok = await publisher.publish(id, actor, (r) =>
        r.state === 'overdue' && mayCancel(r, actor) && inWorkspace(r, actor.where) ? r : undefined,
      );
      return actor.t.t(ok ? 'publish.ask.postingNow' : 'publish.ask.postNowRefused');
    },

    /** New time on an overdue post (the form's time is already read and checked). */
    async reschedule(id: string, actor: Member, at: number): Promise<string> {
      if (!(await find(id, actor.where))) return actor.t.t('decide.unknown');
      return missed.reschedule(id, actor, at);
    },

    /** Outside reviewers: invite (a personal link), what a link shows, a decision from it. */
    outside,

    /** Revoke reviewer links: all of a request's, or one reviewer's (`reviewerId`). */
    revoke,

    /** New version…: its menu, a version made now, one a job makes (and that job's end). */
    versions,

    /** A reminder of a request still waiting for its quorum is due. */
    onRemind: reminders.onRemind,

    /** A link's burst of change requests settled: the thread hears the newest. */
    onChangesDue: outside.onChangesDue,

    /** Every change request of a request, oldest first (kept apart from the request). */
    comments: comments.list,

    /**
     * The channel's policy changed (`/setup remind=…`, `approval_expiry=…`): requests already waiting take it at
     * once, their next reminder and their expiry counted from when each was asked or last edited, instead of
     * firing first at the time the old policy gave them (a day later for the default `remind`).
     */
    async policyChanged(channelKey: string): Promise<void> {
      for (const r of await repo.ofChannel(channelKey)) await advance.rearm(r);
    },

    async markPosted(id: string, actor: Member): Promise<string> {
      if (!(await find(id, actor.where))) return actor.t.t('decide.unknown');
      if (!actor.canConfigure) return actor.t.t('publish.ask.markRefused');
      const at = clock.now();
      const { refusal } = await update(
        id,
        theirs(actor, (r) =>
          r.state === 'unknown'
            ? {
                ...r,
                state: 'published',
                decidedBy: actor,
                decidedAt: at,
                // Shown on the card: in the request's language.
                error: publishWords(r.locale).t('publish.ask.markedByHand'),
              }
            : decidedText(r, actor.t),
        ),
      );
      return refusal ? said(actor, refusal) : actor.t.t('publish.ask.marked');
    },

    async retry(id: string, actor: Member): Promise<string> {
      const refused = actor.t.t('publish.ask.retryRefused');
      const allowed = (r: PublishRequestRecord) =>
        inWorkspace(r, actor.where) &&
        (r.state === 'failed' ? mayCancel(r, actor) : r.state === 'unknown' && actor.canConfigure);
      const seen = await find(id, actor.where);
      if (!seen) return actor.t.t('decide.unknown');
      if (!allowed(seen)) return refused;
      return (await publisher.retry(seen, actor, allowed)) ? actor.t.t('publish.ask.retried') : refused;
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
      await writes.show(r);
      const hours = Math.round(policy.expiryMs / 3600_000);
      await say(
        r,
        {
          text: publishWords(r.locale).t('publish.ask.line.expired', {
            who: mention(r.requester.userId),
            hours: String(hours),
          }),
        },
        `expired:${r.editedAt}`,
      );
      return undefined;
    },

    onStale: outcomes.onStale,
    recover: outcomes.recover,
  };
}

export type RequestLifecycle = ReturnType<typeof createRequestLifecycle>;
