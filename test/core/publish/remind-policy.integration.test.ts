import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import {
  describePolicy,
  parsePolicyOptions,
  parseRemind,
  policySchema,
} from '../../../src/core/publish/approvals/policy.ts';
import { publishWords } from '../../../src/core/publish/words.ts';
import { origin, startTestBot, type TestBot } from '../../support/bot.ts';
import { lastEphemeral } from './support.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('/setup remind=', () => {
  it('reads minutes, hours and days, and off', () => {
    expect(parseRemind('1m')).toBe(MIN);
    expect(parseRemind('30m')).toBe(30 * MIN);
    expect(parseRemind('90 min')).toBe(90 * MIN);
    expect(parseRemind('4h')).toBe(4 * HOUR);
    expect(parseRemind('1d')).toBe(DAY);
    expect(parseRemind('2 days')).toBe(2 * DAY);
    expect(parseRemind('OFF')).toBeNull();
  });

  it('refuses less than a minute, units it does not know, and nonsense, saying what works', () => {
    for (const bad of ['0m', '30s', '1w', 'soon', '-1h', '']) {
      const parsed = parsePolicyOptions({ remind: bad }, publishWords('en'));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/at least 1 minute such as 30m, 4h or 1d, or off/);
    }
  });

  it('reminds after a day unless told otherwise, and /setup shows it', () => {
    const p = policySchema.parse({});
    expect(p.remindMs).toBe(DAY);
    expect(describePolicy(p, publishWords('en'))).toContain('reminders every 1 d (3 at most)');
    expect(describePolicy({ ...p, remindMs: 30 * MIN }, publishWords('en'))).toContain('reminders every 30 min');
    expect(describePolicy({ ...p, remindMs: null }, publishWords('en'))).toContain('reminders off');
  });

  describe('in a channel', () => {
    let h: TestBot;
    beforeEach(async () => {
      h = await startTestBot();
    });
    afterEach(() => h.close());

    it('saves it and shows it back; a wrong value is refused privately and changes nothing', async () => {
      await h.command('/setup remind=4h');
      expect(lastEphemeral(h)).toMatch(/Saved the approval policy[\s\S]*reminders every 4 h/);
      await h.command('/setup remind=30s');
      expect(lastEphemeral(h)).toMatch(/remind must be a wait of at least 1 minute.*not “30s”/);
      expect(h.chat.seen.filter((s) => s.where !== 'ephemeral')).toEqual([]);
      expect((await h.app.inside.publish.policies.get(channelKeyOf(origin))).remindMs).toBe(4 * HOUR);
    });
  });
});
