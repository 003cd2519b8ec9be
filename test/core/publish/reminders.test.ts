import { describe, expect, it } from 'vitest';
import { mentionedUsers, segments } from '../../../src/core/platform/message.ts';
import { contentHash, type PublishRequestRecord } from '../../../src/core/publish/requests/model.ts';
import { owedReminders, reminderText } from '../../../src/core/publish/requests/reminders.ts';
import { aPolicy, aRequest, type RequestChanges, T0 } from './records.ts';

const request = (over: RequestChanges = {}): PublishRequestRecord =>
  aRequest({ requester: { userId: 'ana' }, ...over });

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const policy = aPolicy;
const groupsIn = (text: string) => segments(text).flatMap((s) => (s.kind === 'group' ? [s.id] : []));

describe('when reminders are due', () => {
  it('after each remind wait, three at most, never at or after the approvals run out', () => {
    expect(owedReminders(request(), policy({ remindMs: MIN })).map((r) => r.at - T0)).toEqual([MIN, 2 * MIN, 3 * MIN]);
    // Default: a day, with approvals lasting 72 h — the third would land as they run out.
    expect(owedReminders(request(), policy()).map((r) => r.at - T0)).toEqual([DAY, 2 * DAY]);
  });

  it('none with remind=off, none once decided, none with no approval needed', () => {
    expect(owedReminders(request(), policy({ remindMs: null }))).toEqual([]);
    expect(owedReminders(request({ state: 'scheduled' }), policy())).toEqual([]);
    expect(owedReminders(request(), policy({ approvals: 0 }))).toEqual([]);
  });

  it('counts the ones posted since the last edit; an edit starts the count again', () => {
    const reminded = { editedAt: T0, count: 2, slot: false };
    expect(owedReminders(request({ reminded }), policy({ remindMs: MIN }))).toEqual([
      { kind: 'wait', n: 3, at: T0 + 3 * MIN },
    ]);
    const edited = request({ reminded, editedAt: T0 + 10 * MIN });
    expect(owedReminders(edited, policy({ remindMs: MIN })).map((r) => r.kind === 'wait' && r.n)).toEqual([1, 2, 3]);
  });

  it('one before a scheduled time: remind before it, or at once when it is closer', () => {
    const far = request({ content: { ...request().content, scheduleAt: T0 + 3 * HOUR } });
    expect(owedReminders(far, policy({ remindMs: HOUR })).filter((r) => r.kind === 'slot')).toEqual([
      { kind: 'slot', at: T0 + 2 * HOUR },
    ]);
    const near = request({ content: { ...request().content, scheduleAt: T0 + 2 * HOUR } });
    expect(owedReminders(near, policy()).filter((r) => r.kind === 'slot')).toEqual([{ kind: 'slot', at: T0 }]);
    const told = { ...near, reminded: { editedAt: T0, count: 0, slot: true } };
    expect(owedReminders(told, policy()).filter((r) => r.kind === 'slot')).toEqual([]);
  });
});

describe('what a reminder says', () => {
  const wait = { kind: 'wait', n: 1, at: T0 + DAY } as const;

  it('what is missing and when approvals run out', () => {
    const text = reminderText(request(), policy({ approvals: 2 }), T0 + DAY, wait);
    expect(text).toMatch(/Reminder 1\/3: this request needs 2 more approvals · expires in 2 days/);
  });

  it('with outside_review=required, says an outside reviewer’s approval is what is missing', () => {
    const required = policy({ approvals: 1, outsideReview: 'required' });
    expect(reminderText(request(), required, T0 + DAY, wait)).toMatch(
      /needs 1 more approval \(one from an outside reviewer\) ·/,
    );
    const r = request({ approvals: [{ userId: 'bea', at: T0 + HOUR, hash: contentHash(request().content) }] });
    expect(reminderText(r, required, T0 + DAY, wait)).toMatch(/needs an outside reviewer’s approval ·/);
  });

  it('mentions the named approvers who can still act: not the requester, not who already approved', () => {
    const r = request({
      approvals: [{ userId: 'bea', at: T0 + HOUR, hash: contentHash(request().content) }],
    });
    const p = policy({ approvals: 2, approvers: ['ana', 'bea', 'cy', 'role:EDITORS'] });
    const text = reminderText(r, p, T0 + DAY, wait);
    expect(text).toMatch(/needs 1 more approval ·/);
    expect(mentionedUsers(text)).toEqual(['cy']);
    expect(groupsIn(text)).toEqual(['EDITORS']);
    // With self-approval allowed, the requester can act too.
    expect(mentionedUsers(reminderText(r, { ...p, selfApprove: true }, T0 + DAY, wait))).toEqual(['ana', 'cy']);
  });

  it('with approvers=anyone it mentions no one, and says who may', () => {
    const text = reminderText(request(), policy(), T0 + DAY, wait);
    expect(mentionedUsers(text)).toEqual([]);
    expect(groupsIn(text)).toEqual([]);
    expect(text).toContain('Anyone but the requester can approve it.');
  });

  it('says when no named approver is left, rather than mentioning nobody silently', () => {
    const text = reminderText(request(), policy({ approvers: ['ana'] }), T0 + DAY, wait);
    expect(text).toMatch(/None of the named approvers is left.*\/setup approvers/);
  });

  it('before a scheduled time, names the time in the channel’s zone', () => {
    const r = request({ content: { ...request().content, scheduleAt: Date.UTC(2026, 11, 1, 17, 0) } });
    const text = reminderText(r, policy({ timezone: 'Europe/Paris' }), T0, { kind: 'slot', at: T0 });
    expect(text).toContain('scheduled for 2026-12-01 18:00 (Europe/Paris) · 2026-12-01 17:00 UTC');
    expect(text).toMatch(/still needs 1 more approval · expires in 3 days/);
  });

  it('after a missed time, says a late approval asks Post now or a New time', () => {
    const r = request({ content: { ...request().content, scheduleAt: T0 + HOUR } });
    expect(reminderText(r, policy(), T0 + DAY, wait)).toMatch(/has passed: once approved, .*Post now or a New time/);
  });
});
