import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, sandboxPosts } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'publish: the form picks several accounts, and Edit reopens it prefilled',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-brand');
    await addAccount(s, 'news', 'linkedin', 'contract-key-news');
    // `/publish <url>` alone opens the form: Accounts is a multi-select of the channel's accounts.
    await s.command(`/publish ${VIDEO}`, 'member');
    await s.submitForm(
      { title: 'From the form', description: 'A caption', accounts: 'brand,news', privacy: 'unlisted' },
      'member',
    );
    const card = await requestCard(s);
    const first = await s.card(card);
    expect(first.text).toContain('From the form');
    expect(first.text).toMatch(/brand.*news|news.*brand/s);

    // Edit keeps what is not changed: the form comes back prefilled.
    await s.click(card, 'Edit', 'member');
    await s.submitForm({ title: 'Edited title' }, 'member');
    await eventually(async () => (await s.card(card)).text.includes('Edited title'), 'the card showing the edit');

    await s.click(card, 'Approve', 'admin');
    const posts = await eventually(async () => {
      const p = await sandboxPosts(s);
      return p.length > 0 && p;
    }, 'the post');
    expect(posts).toHaveLength(1);
    // Both accounts kept from the prefilled form, and the texts as last edited.
    expect(posts[0]).toMatchObject({ title: 'Edited title', description: 'A caption', privacy: 'unlisted' });
    expect((posts[0] as { apiAccessKeyCount?: number }).apiAccessKeyCount).toBe(2);
  },
};
