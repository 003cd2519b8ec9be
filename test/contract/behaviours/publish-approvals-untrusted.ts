import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually } from '../surface.ts';

// A title is text a person typed: in /approvals (a row's text, its Approve button's label) it notifies
// nobody and links nowhere, as on the card.
const FORGED = '<@U123> <@123456789012345678> <!channel> @everyone [trusted](https://evil.example)';
const forged = (n: string) => !/^user:/.test(n) || n === 'user:U123' || n === 'user:123456789012345678';

export const behaviour: Behaviour = {
  name: 'publish: a title in /approvals stays text, notifying nobody and linking nowhere',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-untrusted-list');
    await s.command(`/publish ${VIDEO} accounts=brand title="${FORGED}"`, 'member');
    await requestCard(s);
    await s.command('/approvals', 'admin');
    const list = await eventually(
      async () => (await s.privateTo('admin')).find((m) => m.buttons.some((b) => b.startsWith('Approve “'))),
      'the request in the approver’s list',
    );
    expect(list.notifies.filter(forged)).toEqual([]);
    expect(list.links.filter((url) => url.includes('evil.example'))).toEqual([]);
    const shown = list.text
      .replace(/\u200b/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
    expect(shown).toContain('[trusted](https://evil.example)');
  },
};
