// A member's approval and change request, from the card's buttons, /approvals and the Slack Home tab alike:
// the member's groups are read (approvers.ts) only when they could decide, then the one rule (decide.ts) runs
// on the stored record by compare-and-set, and what the new record calls for follows (advance.ts).
import { mention } from '../../platform/message.ts';
import type { Logger } from '../../ports.ts';
import type { Advance } from '../requests/advance.ts';
import type { CommentLog } from '../requests/comments.ts';
import type { PublishRepo } from '../requests/repo.ts';
import type { RequestWrites } from '../requests/request-writes.ts';
import { currentVersion } from '../requests/versions.ts';
import { publishWords } from '../words.ts';
import type { Approvers } from './approvers.ts';
import { decide, isRefusal, type Member, type Refusal, refuseBeforeMembership } from './decide.ts';
import type { PolicyRepo } from './policy.ts';

export interface MemberDecisionsDeps {
  repo: PublishRepo;
  policies: PolicyRepo;
  approvers: Approvers;
  clock: { now(): number };
  logger: Logger;
  writes: RequestWrites;
  advance: Advance;
  comments: CommentLog;
}

export function createMemberDecisions(deps: MemberDecisionsDeps) {
  const { repo, policies, approvers, clock, writes, advance } = deps;

  return {
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
        tell(clicker.t.t('approvals.approved')).catch((err: unknown) =>
          deps.logger.warn({ err, requestId: id }, 'approval not acknowledged'),
        );
      const at = clock.now();
      const seen = await repo.get(id);
      const policy = seen && (await policies.get(seen.channelKey));
      // Group membership is looked up only when it could decide (not for a decided or expired request).
      const early = seen && policy ? refuseBeforeMembership(seen, policy, clicker, at) : undefined;
      const member =
        seen && policy && !early ? await approvers.withGroups(clicker, policy, seen.thread, clicker.t) : clicker;
      if (typeof member === 'string') return tell(member);
      let refused: Refusal | undefined;
      const { record, refusal } = await writes.update(
        id,
        (r, p) => {
          const next = decide(r, p, { kind: 'member', member }, { kind: 'approve', seenHash }, at);
          refused = isRefusal(next) ? next : undefined;
          return isRefusal(next) ? next.message : next;
        },
        false,
      );
      // The approval counted but what it called for never happened (the store went away between the two, as
      // in a failover), so the request waits with its quorum met: clicking Approve again carries it forward.
      const stuck = refused?.refused === 'already' ? await advance.stalled(id) : undefined;
      if (stuck) {
        await approved();
        return advance.advance(stuck, member);
      }
      if (refusal) return tell(refusal);
      await approved();
      if (!record) return;
      await writes.show(record);
      await advance.advance(record, member);
    },

    async requestChanges(id: string, member: Member, reason: string): Promise<string> {
      const at = clock.now();
      const { record, refusal } = await writes.update(id, (r, p) => {
        const next = decide(r, p, { kind: 'member', member }, { kind: 'changes', reason }, at);
        return isRefusal(next) ? next.message : next;
      });
      if (refusal) return refusal;
      if (record) {
        await deps.comments.add(record.id, { userId: member.userId, at, reason, version: currentVersion(record) });
        // The thread hears it in the request's language; the member who asked is answered in their own.
        const line = publishWords(record.locale).t('approvals.asksForChangesLine', {
          member: mention(member.userId),
          requester: mention(record.requester.userId),
        });
        await writes.say(record, { text: line, quote: reason }, `changes:${at}`);
      }
      return member.t.t('approvals.askedForChanges');
    },
  };
}
