// "Waiting for me": the publish requests a person may approve now, across the channels of their Discord
// guild or Slack team that they can see, their own open requests, and what is due to be posted soon.
// /approvals and the Slack Home tab draw these lists. Who may approve is decided by the same checks as a
// click on the card (approvals.ts, approvers.ts); a channel the platform cannot vouch for is left out.
import type { ChatPort, Clock, Logger, Platform, ThreadRef } from '../../ports.ts';
import type { PublishRequestRecord } from '../requests/model.ts';
import type { PublishRepo } from '../requests/repo.ts';
import { publishWords } from '../words.ts';

import type { Approvers } from './approvers.ts';
import { decide, isRefusal, type Member, refuseBeforeMembership } from './decide.ts';
import type { Policy, PolicyRepo } from './policy.ts';

/** The Home tab lists what will be posted within this long. */
export const UPCOMING_MS = 7 * 24 * 3600_000;

export interface Viewer {
  platform: Platform;
  workspaceId: string;
  userId: string;
  /** Discord sends the member's roles with each command; Slack's groups are looked up. */
  roles?: readonly string[];
  /** The channel the person asked from, when they asked from one (they see it). */
  channelId?: string;
}

export interface Row {
  request: PublishRequestRecord;
  policy: Policy;
  /** A web address that opens its card, where the platform has one. */
  link?: string;
}

export interface WaitingLists {
  /** Pending requests this person may approve now, oldest first. */
  toApprove: Row[];
  /** Their own requests not yet published or cancelled, oldest first. */
  mine: Row[];
  /** Requests of the channels they see due within UPCOMING_MS, soonest first. */
  upcoming: Row[];
  /** The platform could not say which channels they see: only the one they asked from is listed. */
  unchecked: boolean;
  /**
   * Requests with a newer version than the one an outside reviewer this person invited last decided on: the bot
   * cannot write to the reviewer, so it tells the inviter here, privately, that the reviewer can look again.
   */
  lookAgain: Array<Row & { reviewers: string[] }>;
}

export interface WaitingDeps {
  repo: PublishRepo;
  policies: PolicyRepo;
  approvers: Approvers;
  chat: (platform: Platform) => ChatPort | undefined;
  clock: Clock;
  logger: Logger;
}

/** The live links `userId` made whose reviewer last decided on a version older than the one the request shows. */
export function reviewersToTell(r: PublishRequestRecord, userId: string): string[] {
  const n = r.content.version ?? 1;
  return r.reviewers
    .filter((x) => !x.revokedAt && x.createdBy.userId === userId && x.decidedOn !== undefined && x.decidedOn < n)
    .map((x) => x.name);
}

export function createWaiting(deps: WaitingDeps) {
  const { repo, policies, approvers, clock, logger } = deps;

  /** A link is a convenience: when the platform cannot give one, the row says where the card is instead. */
  async function cardLinkOf(port: ChatPort | undefined, thread: ThreadRef): Promise<string | undefined> {
    try {
      return await port?.cardLink?.(thread);
    } catch (err) {
      logger.warn({ err }, 'could not make a link to a card');
      return undefined;
    }
  }

  async function visibleChannels(viewer: Viewer, channels: string[]) {
    const port = deps.chat(viewer.platform);
    if (!port?.visibleTo) return { visible: new Set(channels), unchecked: false };
    try {
      const seen = new Set(await port.visibleTo(viewer.workspaceId, viewer.userId, channels));
      if (viewer.channelId) seen.add(viewer.channelId);
      return { visible: seen, unchecked: false };
    } catch (err) {
      logger.warn({ err, platform: viewer.platform }, 'could not read which channels a person can see');
      return { visible: new Set(viewer.channelId ? [viewer.channelId] : []), unchecked: true };
    }
  }

  /**
   * Whether `viewer` may approve `r` now: the card's own rule (decide.ts) would take their approval of what
   * the list shows (it refuses one they already gave).
   */
  async function mayApprove(r: PublishRequestRecord, policy: Policy, viewer: Viewer, now: number) {
    const member: Member = {
      userId: viewer.userId,
      canConfigure: false,
      where: { platform: viewer.platform, workspaceId: viewer.workspaceId },
      ...(viewer.roles ? { roles: viewer.roles } : {}),
      // Only whether it would be taken is read here, never the words of a refusal.
      t: publishWords(undefined),
    };
    if (refuseBeforeMembership(r, policy, member, now)) return false;
    const checked = await approvers.withGroups(member, policy, r.thread, member.t);
    return (
      typeof checked !== 'string' &&
      !isRefusal(decide(r, policy, { kind: 'member', member: checked }, { kind: 'approve' }, now))
    );
  }

  return {
    /** A web address that opens a card (a job's, on the Home tab), or undefined. */
    cardLink: (thread: ThreadRef) => cardLinkOf(deps.chat(thread.platform), thread),
    async lists(viewer: Viewer): Promise<WaitingLists> {
      const now = clock.now();
      const open = await repo.openIn(viewer.platform, viewer.workspaceId);
      const channels = [...new Set(open.map((r) => r.thread.channelId))];
      const { visible, unchecked } = await visibleChannels(viewer, channels);
      const shown = open.filter((r) => visible.has(r.thread.channelId));
      const policyOf = new Map<string, Policy>();
      const rows: Row[] = [];
      const port = deps.chat(viewer.platform);
      for (const request of shown) {
        const policy = policyOf.get(request.channelKey) ?? (await policies.get(request.channelKey));
        policyOf.set(request.channelKey, policy);
        const link = await cardLinkOf(port, request.thread);
        rows.push({ request, policy, ...(link ? { link } : {}) });
      }
      const toApprove: Row[] = [];
      for (const row of rows)
        if (row.request.state === 'pending' && (await mayApprove(row.request, row.policy, viewer, now)))
          toApprove.push(row);
      const due = (r: PublishRequestRecord) => r.content.scheduleAt ?? Number.POSITIVE_INFINITY;
      const lookAgain = rows.flatMap((row) => {
        const names = reviewersToTell(row.request, viewer.userId);
        return names.length > 0 && row.request.state === 'pending' ? [{ ...row, reviewers: names }] : [];
      });
      return {
        toApprove,
        mine: rows.filter((row) => row.request.requester.userId === viewer.userId),
        upcoming: rows
          .filter((row) => ['pending', 'scheduled'].includes(row.request.state))
          .filter((row) => due(row.request) >= now && due(row.request) <= now + UPCOMING_MS)
          .sort((a, b) => due(a.request) - due(b.request)),
        unchecked,
        lookAgain,
      };
    },
  };
}

export type Waiting = ReturnType<typeof createWaiting>;
