// The channel's approval policy as /setup states it, and its refusals, in the reader's language (issue 44): English
// as before, German and Japanese in their own words, with what was typed kept as typed.
import { describe, expect, it } from 'vitest';
import { mention } from '../../../../src/core/platform/message.ts';
import { describePolicy, parsePolicyOptions } from '../../../../src/core/publish/approvals/policy.ts';
import { publishWords } from '../../../../src/core/publish/words.ts';
import { aPolicy } from '../records.ts';

const policy = aPolicy({ approvals: 2, remindMs: 4 * 3600_000, approvers: ['ana'], timezone: 'Europe/Berlin' });

describe('the approval policy in /setup', () => {
  it('reads as before in English', () => {
    expect(describePolicy(policy, publishWords('en'))).toBe(
      `2 approvals · self-approval not allowed · approvals expire after 72 h · approvers: ${mention('ana')} · time zone Europe/Berlin · reminders every 4 h (3 at most) · outside review optional`,
    );
    expect(describePolicy(aPolicy({ approvals: 0, remindMs: null }), publishWords('en'))).toMatch(
      /^no approval needed · .* · approvers: anyone in the channel · .* · reminders off · /,
    );
  });

  it('reads in German and Japanese for readers of those languages', () => {
    expect(describePolicy(policy, publishWords('de'))).toBe(
      `2 Freigaben · eigene Freigabe nicht erlaubt · Freigaben verfallen nach 72 Std. · Freigebende: ${mention('ana')} · Zeitzone Europe/Berlin · Erinnerungen alle 4 Std. (höchstens 3) · externe Prüfung optional`,
    );
    expect(describePolicy(aPolicy({ remindMs: 30 * 60_000 }), publishWords('ja'))).toContain('リマインダー 30 分ごと');
  });

  it('refuses a wrong value in the reader’s language, quoting what was typed', () => {
    const refused = parsePolicyOptions({ remind: '2 weeks' }, publishWords('de'));
    expect(refused).toEqual({
      ok: false,
      message:
        'remind muss eine Wartezeit von mindestens 1 Minute sein, etwa 30m, 4h oder 1d, oder off — nicht „2 weeks“.',
    });
    const english = parsePolicyOptions({ timezone: 'Mars/Olympus' }, publishWords('en'));
    expect(english).toEqual({
      ok: false,
      message: 'timezone must be an IANA zone such as Europe/Paris or America/New_York, not “Mars/Olympus”.',
    });
  });
});
