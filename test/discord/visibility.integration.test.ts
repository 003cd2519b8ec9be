// View Channel as Discord computes it, read from the double over REST: @everyone's permissions, then the
// channel's overwrites for @everyone, the member's roles (together) and the member.
import { REST } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChannelVisibility } from '../../src/discord/visibility.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { VIEW_CHANNEL } from '../doubles/discord/payloads.ts';

const EDITORS = '555000222';
const deny = (id: string, type: 0 | 1) => ({ id, type, allow: '0', deny: String(VIEW_CHANNEL) });
const allow = (id: string, type: 0 | 1) => ({ id, type, allow: String(VIEW_CHANNEL), deny: '0' });

describe('which channels a Discord member can see', () => {
  let discord: DiscordDouble;
  let visibleTo: ReturnType<typeof createChannelVisibility>;
  beforeEach(async () => {
    discord = await createDiscordDouble();
    visibleTo = createChannelVisibility(new REST({ api: discord.restUrl }).setToken(discord.token));
    discord.setMember({ userId: '100', userName: 'ed', roles: [EDITORS] });
    discord.setMember({ userId: '200', userName: 'bo' });
    discord.setMember({ userId: '300', userName: 'al', roles: [EDITORS] });
  });
  afterEach(() => discord.close());

  it('sees an ordinary channel; a channel closed to @everyone only through a role or their own overwrite', async () => {
    const team = discord.createChannel('team');
    team.overwrites = [deny(discord.guildId, 0), allow(EDITORS, 0), deny('300', 1)];
    const general = discord.channelId;
    expect(await visibleTo(discord.guildId, '100', [general, team.id])).toEqual(new Set([general, team.id]));
    expect(await visibleTo(discord.guildId, '200', [general, team.id])).toEqual(new Set([general]));
    // A member's own overwrite comes last: it wins over their role's.
    expect(await visibleTo(discord.guildId, '300', [general, team.id])).toEqual(new Set([general]));
  });

  it('sees nothing of a guild they are not in, and skips a channel that is gone', async () => {
    expect(await visibleTo(discord.guildId, '999', [discord.channelId])).toEqual(new Set());
    expect(await visibleTo(discord.guildId, '200', ['123456789', discord.channelId])).toEqual(
      new Set([discord.channelId]),
    );
  });

  it('rejects when Discord does not answer, so the caller shows less, never more', async () => {
    discord.faults.serverError({ method: 'GET', path: new RegExp(`^/guilds/${discord.guildId}$`), times: 10 });
    await expect(visibleTo(discord.guildId, '200', [discord.channelId])).rejects.toThrow();
  });
});
