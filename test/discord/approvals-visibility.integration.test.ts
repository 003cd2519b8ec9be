// /approvals spans the guild, but lists only the channels a member can see: View Channel as Discord
// computes it from @everyone, the member's roles and the channel's overwrites (Get Guild, Get Guild
// Member, Get Channel on the double), so a channel hidden from someone never shows its requests to them.
import { afterEach, describe, expect, it } from 'vitest';
import { type DiscordSurface, startDiscordSurface } from '../contract/discord-surface.ts';
import { addAccount, requestCard, VIDEO } from '../contract/publishing.ts';
import { eventually } from '../contract/surface.ts';
import type { StoredMessage } from '../doubles/discord/payloads.ts';
import { buttonsOf, textOf } from './e2e-support.ts';

let s: DiscordSurface | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** Runs /approvals as `actor` in `channelId`; resolves with the private answer once it is drawn. */
async function approvalsIn(
  surface: DiscordSurface,
  channelId: string,
  actor: { userId: string; userName: string; permissions: string },
): Promise<StoredMessage> {
  const { id } = surface.discord.command('approvals', {}, { actor, channelId });
  return eventually(
    async () =>
      surface.discord
        .interactionMessages(id)
        .find((m) => !m.loading && textOf(m).includes('Waiting for your approval')),
    'the /approvals answer',
  );
}

describe('/approvals on Discord', () => {
  it('lists a request from another channel, with a link to its card, only to members who can see that channel', async () => {
    s = await startDiscordSurface();
    const { discord } = s;
    await addAccount(s, 'brand', 'youtube', 'contract-key-visibility');
    await s.command(`/publish ${VIDEO} accounts=brand title="Hidden launch"`, 'member');
    const card = await requestCard(s);
    const lobby = discord.createChannel('lobby');
    const riley = { userId: '777000222', userName: 'riley', permissions: discord.actors.member.permissions };
    discord.setMember({ userId: riley.userId, userName: riley.userName });
    discord.hideChannel(discord.channelId, discord.actors.manager.userId);

    const seen = await approvalsIn(s, lobby.id, riley);
    expect(textOf(seen)).toMatch(/Waiting for your approval\*\* \(1\)/);
    expect(textOf(seen)).toContain('Hidden launch');
    const open = buttonsOf(seen).find((b) => b.label === 'Open card');
    expect(open?.url).toBe(`https://discord.com/channels/${discord.guildId}/${discord.channelId}/${card}`);
    expect(buttonsOf(seen).some((b) => b.label === 'Approve “Hidden launch”')).toBe(true);

    const hidden = await approvalsIn(s, lobby.id, discord.actors.manager);
    expect(textOf(hidden)).toMatch(/Waiting for your approval\*\* \(0\)/);
    expect(textOf(hidden)).not.toContain('Hidden launch');
  });
});
