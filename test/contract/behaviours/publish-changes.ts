import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, sandboxPosts } from '../surface.ts';

const REASON = 'Shorter title, please';
// The form's one input is `reason`; the console asks it by its label.
const ANSWER = { reason: REASON, 'what_should_change?': REASON };

export const behaviour: Behaviour = {
  name: 'publish: Request changes shows who asked and why on the card until the requester edits',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-changes');
    await s.command(`/publish ${VIDEO} accounts=brand title="A very long first title"`, 'member');
    const card = await requestCard(s);

    await s.click(card, 'Request changes', 'admin');
    await s.submitForm(ANSWER, 'admin');
    const asked = await eventually(async () => {
      const shown = await s.card(card);
      return /changes requested/i.test(shown.text) && shown.text.includes(REASON) && shown;
    }, 'the card showing the change request');
    expect(asked.buttons).toEqual(expect.arrayContaining(['Approve', 'Request changes', 'Edit', 'Cancel']));
    expect(await sandboxPosts(s)).toEqual([]);

    // The requester's edit answers it: the card no longer lists it.
    await s.click(card, 'Edit', 'member');
    await s.submitForm({ title: 'Short' }, 'member');
    await eventually(async () => {
      const shown = await s.card(card);
      return shown.text.includes('Short') && !/changes requested/i.test(shown.text) && !shown.text.includes(REASON);
    }, 'the card without the change request after the edit');

    await s.click(card, 'Approve', 'admin');
    await eventually(async () => (await sandboxPosts(s)).length === 1, 'the post');
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['Short']);
  },
};
