// approvers= may name Discord roles: the real discord.js adapter passes the member's role ids from the
// interaction, and only holders of a named role may approve.
import { afterEach, describe, expect, it } from 'vitest';
import { startDiscordSurface } from '../contract/discord-surface.ts';
import { addAccount, requestCard, VIDEO } from '../contract/publishing.ts';
import { eventually, type Surface, sandboxPosts } from '../contract/surface.ts';

const EDITORS = '555000111';

let s: Surface | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe('approvers by Discord role', () => {
  it('refuses a member without the role, privately, and posts once one with it approves', async () => {
    s = await startDiscordSurface({ roles: { admin: [EDITORS] } });
    await addAccount(s, 'brand', 'youtube', 'contract-key-roles');
    const surface = s;
    const refused = /not one of the approvers/;

    await s.command('/setup approvers=<@&999000111>', 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="By role"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => (await surface.privateTo('admin')).some((m) => refused.test(m.text)), 'the refusal');
    expect(await sandboxPosts(s)).toEqual([]);

    await s.command(`/setup approvers=<@&${EDITORS}>`, 'admin');
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => (await sandboxPosts(surface)).length === 1, 'the post');
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['By role']);
  });
});
