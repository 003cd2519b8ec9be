import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, quietFor, sandboxPosts } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'publish: approving your own request is refused, privately',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-self');
    await s.command(`/publish ${VIDEO} accounts=brand title="Mine"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'member');
    const refusal = /cannot approve your own request.*Who may approve: anyone else in the channel/;
    await eventually(async () => (await s.privateTo('member')).some((m) => refusal.test(m.text)), 'the refusal');
    await quietFor(300);
    expect((await s.everyone()).some((m) => refusal.test(m.text))).toBe(false);
    expect(await sandboxPosts(s)).toEqual([]);
    expect((await s.card(card)).text).toMatch(/0\/1/);
  },
};
