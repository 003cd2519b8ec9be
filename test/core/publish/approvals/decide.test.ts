// The one decision rule, tested directly: every refusal, every counting rule, and the properties that make a
// rule of N people mean N people, whatever mix of members, links and repeats a run throws at it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedApprovals,
  quorumReached,
  waitsForOutsideReviewer,
} from '../../../../src/core/publish/approvals/approvals.ts';
import {
  type Decider,
  type Decision,
  decide,
  isRefusal,
  MAX_ASKS_PER_HOUR,
  type Member,
  type Verdict,
} from '../../../../src/core/publish/approvals/decide.ts';
import type { Policy } from '../../../../src/core/publish/approvals/policy.ts';
import {
  contentHash,
  type PublishRequestRecord,
  type Reviewer,
  requestSchema,
} from '../../../../src/core/publish/requests/model.ts';
import { publishWords } from '../../../../src/core/publish/words.ts';
import { aMember, aPolicy, aRequest, T0 } from '../records.ts';

const request = aRequest;

const HOUR = 3600_000;
const policy = aPolicy;
const member = (userId: string, roles?: string[]): Member => aMember(userId, roles ? { roles } : {});
const link = (id: string, invitedBy: string, roles?: string[]): Reviewer => ({
  id,
  name: `Reviewer ${id}`,
  tokenHash: `hash-${id}`,
  createdBy: { userId: invitedBy },
  ...(roles ? { inviterRoles: roles } : {}),
  createdAt: T0,
});
const asMember = (m: Member): Decider => ({ kind: 'member', member: m });
const viaLink = (x: Reviewer, roles = x.inviterRoles): Decider => ({
  kind: 'outside',
  tokenHash: x.tokenHash,
  inviter: { userId: x.createdBy.userId, canConfigure: false, ...(roles ? { roles } : {}) },
  t: publishWords('en'),
});
const approve = (r: PublishRequestRecord): Decision => ({ kind: 'approve', seenHash: contentHash(r.content) });
const next = (v: Verdict): PublishRequestRecord => {
  if (isRefusal(v)) throw new Error(`refused: ${v.message}`);
  return v;
};
const refusal = (v: Verdict) => (isRefusal(v) ? v.refused : 'none');

describe('decide: a member approves', () => {
  it('counts an allowed member once, bound to the content and the version they saw', () => {
    const r = next(decide(request(), policy(), asMember(member('bea')), { kind: 'approve' }, T0 + 1));
    expect(r.approvals).toEqual([
      { userId: 'bea', at: T0 + 1, hash: contentHash(r.content), standsFor: 'bea', version: 1 },
    ]);
    expect(countedApprovals(r, policy(), T0 + 2)).toBe(1);
    expect(refusal(decide(r, policy(), asMember(member('bea')), { kind: 'approve' }, T0 + 3))).toBe('already');
  });

  it('refuses, each with its own reason: another workspace, decided, expired, self, not an approver, edited', () => {
    const p = policy({ approvers: ['carol', 'role:legal'] });
    const r = request();
    const elsewhere = { ...member('carol'), where: { platform: 'console', workspaceId: 'other' } } as const;
    expect(decide(r, p, asMember(elsewhere), { kind: 'approve' }, T0)).toEqual({
      refused: 'unknown',
      message: 'That publish request no longer exists.',
    });
    expect(refusal(decide(request({ state: 'scheduled' }), p, asMember(member('carol')), approve(r), T0))).toBe(
      'decided',
    );
    expect(refusal(decide(r, p, asMember(member('carol')), approve(r), T0 + p.expiryMs + 1))).toBe('expired');
    expect(refusal(decide(r, policy(), asMember(member('rex')), approve(r), T0))).toBe('self');
    expect(refusal(decide(r, p, asMember(member('bea')), approve(r), T0))).toBe('not-approver');
    expect(refusal(decide(r, p, asMember(member('lea', ['legal'])), approve(r), T0))).toBe('none');
    expect(refusal(decide(r, p, asMember(member('carol')), { kind: 'approve', seenHash: 'older' }, T0))).toBe('edited');
  });

  it('lets the requester approve their own when self_approve=yes, and counts them', () => {
    const p = policy({ selfApprove: true });
    const r = next(decide(request(), p, asMember(member('rex')), { kind: 'approve' }, T0));
    expect(quorumReached(r, p, T0)).toBe(true);
  });
});

describe('decide: an outside reviewer approves through a link', () => {
  it('stands for the member who invited them when that member may approve', () => {
    const p = policy({ approvers: ['carol'] });
    const carols = link('c1', 'carol');
    const r0 = request({ reviewers: [carols] });
    const r = next(decide(r0, p, viaLink(carols), approve(r0), T0 + 1));
    expect(r.approvals[0]).toMatchObject({ userId: 'outside:c1', invitedBy: 'carol', standsFor: 'carol' });
    expect(quorumReached(r, p, T0 + 2)).toBe(true);
  });

  it('counts for no one when the inviter may not approve, or is the requester with self_approve=no', () => {
    const p = policy({ approvals: 2, approvers: ['carol', 'role:legal'], outsideReview: 'required' });
    const a = link('a1', 'rex');
    const b = link('b1', 'rex');
    const c = link('c1', 'bea');
    let r = request({ reviewers: [a, b, c] });
    for (const x of [a, b, c]) r = next(decide(r, p, viaLink(x), approve(r), T0 + 1));
    expect(r.approvals.map((x) => x.standsFor)).toEqual([undefined, undefined, undefined]);
    expect(countedApprovals(r, p, T0 + 2)).toBe(0);
    // The outside approval asked for is there (from anyone's link); the members are not.
    expect(waitsForOutsideReviewer(r, p, T0 + 2)).toBe(false);
    expect(quorumReached(r, p, T0 + 2)).toBe(false);
  });

  it('counts an inviter once however many links stand behind them, and once with their own approval', () => {
    const p = policy({ approvals: 2 });
    const a = link('a1', 'carol');
    const b = link('b1', 'carol');
    let r = request({ reviewers: [a, b] });
    r = next(decide(r, p, viaLink(a), approve(r), T0));
    r = next(decide(r, p, viaLink(b), approve(r), T0));
    r = next(decide(r, p, asMember(member('carol')), approve(r), T0));
    expect(r.approvals).toHaveLength(3);
    expect(countedApprovals(r, p, T0)).toBe(1);
  });

  it('reads the inviter’s groups: a role named in approvers makes their link count', () => {
    const p = policy({ approvers: ['role:legal'] });
    const x = link('l1', 'lea', ['legal']);
    const r0 = request({ reviewers: [x] });
    expect(quorumReached(next(decide(r0, p, viaLink(x), approve(r0), T0)), p, T0)).toBe(true);
    expect(quorumReached(next(decide(r0, p, viaLink(x, []), approve(r0), T0)), p, T0)).toBe(false);
  });

  it('refuses: a revoked or ended link is gone, a repeat is already, a decided or edited request is refused', () => {
    const x = link('x1', 'carol');
    const r = request({ reviewers: [x] });
    const p = policy();
    expect(refusal(decide(request({ reviewers: [{ ...x, revokedAt: T0 }] }), p, viaLink(x), approve(r), T0))).toBe(
      'gone',
    );
    expect(refusal(decide({ ...r, state: 'published' }, p, viaLink(x), approve(r), T0))).toBe('gone');
    expect(refusal(decide(r, p, viaLink(x), approve(r), T0 + p.expiryMs + 1))).toBe('gone');
    expect(refusal(decide({ ...r, state: 'scheduled' }, p, viaLink(x), approve(r), T0))).toBe('decided');
    expect(refusal(decide(r, p, viaLink(x), { kind: 'approve', seenHash: 'older' }, T0))).toBe('edited');
    const once = next(decide(r, p, viaLink(x), approve(r), T0));
    expect(refusal(decide(once, p, viaLink(x), approve(r), T0 + 1))).toBe('already');
  });
});

describe('decide: change requests', () => {
  const ask = (r: PublishRequestRecord, reason: string): Decision => ({
    kind: 'changes',
    reason,
    seenHash: contentHash(r.content),
  });

  it('keeps one open ask per person, takes back their approval, and refuses the requester and repeats', () => {
    let r = next(decide(request(), policy(), asMember(member('bea')), { kind: 'approve' }, T0));
    r = next(decide(r, policy(), asMember(member('bea')), ask(r, 'Brighter'), T0 + 1));
    r = next(decide(r, policy(), asMember(member('bea')), ask(r, 'Shorter'), T0 + 2));
    expect(r.approvals).toEqual([]);
    expect(r.changes.map((c) => c.reason)).toEqual(['Shorter']);
    expect(refusal(decide(r, policy(), asMember(member('bea')), ask(r, 'Shorter'), T0 + 3))).toBe('already');
    expect(refusal(decide(r, policy(), asMember(member('rex')), ask(r, 'Mine'), T0 + 3))).toBe('own-request');
    expect(refusal(decide({ ...r, state: 'published' }, policy(), asMember(member('bea')), ask(r, 'x'), T0))).toBe(
      'decided',
    );
  });

  it(`lets a link ask ${MAX_ASKS_PER_HOUR} times an hour, then refuses until the oldest ask is an hour old`, () => {
    const x = link('x1', 'carol');
    let r = request({ reviewers: [x] });
    const p = policy();
    for (let i = 0; i < MAX_ASKS_PER_HOUR; i++) r = next(decide(r, p, viaLink(x), ask(r, `ask ${i}`), T0 + i));
    expect(refusal(decide(r, p, viaLink(x), ask(r, 'one more'), T0 + 30 * 60_000))).toBe('too-many');
    expect(refusal(decide(r, p, viaLink(x), ask(r, 'later'), T0 + HOUR))).toBe('none');
    // One entry on the record, however many asks: the history is kept apart.
    expect(r.changes).toHaveLength(1);
    expect(r.reviewers[0]?.asked).toHaveLength(MAX_ASKS_PER_HOUR);
  });
});

describe('decide: properties', () => {
  const PEOPLE = ['rex', 'carol', 'lea', 'bea', 'dan'];
  const step = fc.oneof(
    fc.record({ by: fc.constantFrom(...PEOPLE), kind: fc.constant('member' as const) }),
    fc.record({
      by: fc.constantFrom(...PEOPLE),
      kind: fc.constant('link' as const),
      n: fc.integer({ min: 0, max: 3 }),
    }),
    fc.record({ by: fc.constantFrom(...PEOPLE), kind: fc.constant('changes' as const) }),
  );
  type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
  const policies = fc.record({
    approvals: fc.integer({ min: 1, max: 4 }),
    selfApprove: fc.boolean(),
    approvers: fc.subarray(['carol', 'lea', 'bea', 'dan', 'rex']),
    outsideReview: fc.constantFrom('required' as const, 'optional' as const),
  });

  /** Runs a story of member approvals, link approvals (each link invited by someone) and change requests. */
  function run(p: Policy, steps: Step[]) {
    let r = request();
    const approvers = new Set<string>();
    steps.forEach((s, i) => {
      const at = T0 + i;
      let verdict: Verdict;
      if (s.kind === 'link') {
        const id = `${s.by}${s.n}`;
        if (!r.reviewers.some((x) => x.id === id)) r = { ...r, reviewers: [...r.reviewers, link(id, s.by)] };
        const x = r.reviewers.find((y) => y.id === id) as Reviewer;
        verdict = decide(r, p, viaLink(x), approve(r), at);
      } else if (s.kind === 'member') {
        verdict = decide(r, p, asMember(member(s.by)), approve(r), at);
      } else {
        verdict = decide(r, p, asMember(member(s.by)), { kind: 'changes', reason: `from ${s.by} ${i}` }, at);
      }
      if (!isRefusal(verdict)) r = verdict;
    });
    for (const a of r.approvals) {
      const who = a.reviewer === undefined ? a.userId : a.invitedBy;
      if (who && (p.approvers.length === 0 || p.approvers.includes(who)) && (p.selfApprove || who !== 'rex'))
        approvers.add(who);
    }
    return { r, allowedBehind: approvers };
  }

  it('a quorum of N is never met by fewer than N distinct allowed members', () => {
    fc.assert(
      fc.property(policies, fc.array(step, { maxLength: 25 }), (pp, steps) => {
        const p = policy(pp);
        const { r, allowedBehind } = run(p, steps);
        const now = T0 + steps.length;
        if (quorumReached(r, p, now)) expect(allowedBehind.size).toBeGreaterThanOrEqual(p.approvals);
        expect(countedApprovals(r, p, now)).toBeLessThanOrEqual(allowedBehind.size);
      }),
      { numRuns: 500 },
    );
  });

  it('the requester alone, through any number of links, never meets a quorum when self_approve=no', () => {
    fc.assert(
      fc.property(policies, fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 12 }), (pp, links) => {
        const p = policy({ ...pp, selfApprove: false });
        const { r } = run(
          p,
          links.map((n) => ({ by: 'rex', kind: 'link' as const, n })),
        );
        expect(quorumReached(r, p, T0 + links.length)).toBe(false);
      }),
    );
  });

  it('every record the rule returns still parses, and holds at most one open ask per person', () => {
    fc.assert(
      fc.property(policies, fc.array(step, { maxLength: 25 }), (pp, steps) => {
        const { r } = run(policy(pp), steps);
        expect(requestSchema.safeParse(r).success).toBe(true);
        const askers = r.changes.map((c) => c.userId);
        expect(new Set(askers).size).toBe(askers.length);
      }),
    );
  });
});
