import { expect } from 'vitest';
import { addAccount, allSeen, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'publish: an unknown outcome is never shown as posted',
  async run(s) {
    // The sandbox answers 500 for an access key containing "fail": the post may or may not exist.
    await addAccount(s, 'brand', 'youtube', 'contract-fail-key');
    await s.command(`/publish ${VIDEO} accounts=brand title="Maybe"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => /unknown/i.test((await s.card(card)).text), 'the card saying outcome unknown');
    const shown = await s.card(card);
    expect(shown.buttons).toEqual(expect.arrayContaining(['Mark as posted', 'Try again']));
    expect((await allSeen(s)).some((m) => /Published|was posted/.test(m.text))).toBe(false);
  },
};
