import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, quietFor } from '../surface.ts';
import { pings, remindersIn } from './publish-remind.ts';

const MINUTE = 60_000;

export const behaviour: Behaviour = {
  name: 'publish: with approvers=anyone the reminder still posts, pinging no one, and stops after 3',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-remind-anyone');
    await s.command('/setup remind=1m', 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Nobody looks"`, 'member');
    const card = await requestCard(s);

    for (let n = 1; n <= 3; n++) {
      s.passTime(MINUTE + 1000);
      await eventually(async () => (await remindersIn(s, card)).length === n, `reminder ${n}`);
    }
    const seen = await remindersIn(s, card);
    expect(seen.map((m) => /Reminder (\d)\/3/.exec(m.text)?.[1])).toEqual(['1', '2', '3']);
    for (const m of seen) {
      expect(m.text).toContain('Anyone but the requester can approve it.');
      expect(pings(s, m)).toEqual([]);
    }

    s.passTime(10 * MINUTE);
    await quietFor(500);
    expect(await remindersIn(s, card)).toHaveLength(3);
    expect((await s.card(card)).buttons).toContain('Approve');
  },
};
