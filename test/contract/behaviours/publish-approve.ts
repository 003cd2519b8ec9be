import { expect } from 'vitest';
import { addAccount, allSeen, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, quietFor, sandboxPosts } from '../surface.ts';

const KEY = 'contract-secret-access-key-7f3a';

export const behaviour: Behaviour = {
  name: 'publish: a request approved by another member is posted once',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', KEY);
    await s.command(`/publish ${VIDEO} accounts=brand title="Launch day" description="New reel"`, 'member');
    const card = await requestCard(s);
    expect((await s.card(card)).buttons).toEqual(
      expect.arrayContaining(['Approve', 'Request changes', 'Edit', 'Cancel']),
    );
    expect(await sandboxPosts(s)).toEqual([]);

    await s.click(card, 'Approve', 'admin');
    await eventually(async () => /Published/.test((await s.card(card)).text), 'the card showing Published');
    // A second click on the card's old button changes nothing.
    await s.click(card, 'Approve', 'admin').catch(() => undefined);
    await quietFor(300);
    const posts = await sandboxPosts(s);
    expect(posts.map((p) => p.title)).toEqual(['Launch day']);
    expect((await s.card(card)).buttons).not.toContain('Approve');
    expect(JSON.stringify(await allSeen(s))).not.toContain(KEY);
  },
};
