import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, sandboxPosts } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'publish: a scheduled post is cancelled from /scheduled',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-later');
    await s.command(`/publish ${VIDEO} accounts=brand title="Later" schedule="in 2 hours"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => /Scheduled|scheduled/.test((await s.card(card)).text), 'the card saying scheduled');

    await s.command('/scheduled', 'admin');
    await eventually(
      async () => (await s.privateTo('admin')).some((m) => m.text.includes('Later') && m.buttons.includes('Cancel')),
      '/scheduled listing the post with Cancel',
    );
    await s.clickPrivate('Cancel', 'admin');
    await eventually(async () => /Cancelled/.test((await s.card(card)).text), 'the card saying cancelled');
    expect(await sandboxPosts(s)).toEqual([]);
  },
};
