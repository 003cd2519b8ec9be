import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually } from '../surface.ts';

/** A reviewer's name is text a member typed: in the thread it notifies nobody and links nowhere. */
const FORGED = '<@U123> <!channel> @everyone [trusted](https://evil.example)';
const forged = (n: string) => !/^user:/.test(n) || n === 'user:U123';

export const behaviour: Behaviour = {
  name: 'publish: an outside reviewer’s name stays text in the thread, notifying nobody and linking nowhere',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-outside-name');
    await s.command(`/publish ${VIDEO} accounts=brand title="Client cut"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Invite reviewer', 'member');
    await s.submitForm({ name: FORGED }, 'member');
    const note = await eventually(
      async () => (await s.thread(card)).find((m) => m.text.includes('created a review link for')),
      'the thread noting the invitation',
    );
    expect(note.notifies.filter(forged)).toEqual([]);
    expect(note.links.filter((url) => url.includes('evil.example'))).toEqual([]);
  },
};
