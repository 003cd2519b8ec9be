import { afterEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/core/app/commands.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { run, stopAll } from '../support/bot-process.ts';

// The README's step 3 is `DISCORD_TOKEN=… npm run discord:register`, run before the bot is configured at all:
// the bot token must be enough, and the tool must not touch Discord when asked only for its usage.

let discord: DiscordDouble | undefined;
afterEach(async () => {
  await stopAll();
  await discord?.close();
  discord = undefined;
});

const register = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/discord-register.ts', ...args], env);

describe('npm run discord:register', () => {
  it('needs only DISCORD_TOKEN: no MEDIA_API_KEY, no store, no Slack', async () => {
    discord = await createDiscordDouble();
    const r = register([], { DISCORD_TOKEN: discord.token, DISCORD_API_URL: discord.restUrl });
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain(`Registered ${COMMANDS.length} slash commands for reelbot in every server (global).`);
    expect(discord.state.commands.get('global')?.map((c) => c.name)).toEqual(COMMANDS.map((c) => c.name));
  }, 30_000);

  it('with DISCORD_GUILD_ID registers them in that server only', async () => {
    discord = await createDiscordDouble();
    const env = { DISCORD_TOKEN: discord.token, DISCORD_API_URL: discord.restUrl, DISCORD_GUILD_ID: discord.guildId };
    const r = register([], env);
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain(`in guild ${discord.guildId}.`);
    expect(discord.state.commands.get(discord.guildId)).toHaveLength(COMMANDS.length);
    expect(discord.state.commands.has('global')).toBe(false);
  }, 30_000);

  it('without DISCORD_TOKEN exits 2 naming it and where to get it', async () => {
    const r = register([], {});
    expect(await r.exited).toBe(2);
    expect(r.output()).toContain('discord:register cannot run');
    expect(r.output()).toContain('DISCORD_TOKEN: required');
    expect(r.output()).toContain('https://discord.com/developers/applications');
    expect(r.output()).not.toContain('MEDIA_API_KEY');
  }, 30_000);

  it('--help prints the usage and sends Discord nothing; an unknown flag exits 2', async () => {
    discord = await createDiscordDouble();
    const env = { DISCORD_TOKEN: discord.token, DISCORD_API_URL: discord.restUrl };
    const help = register(['--help'], env);
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('Usage: DISCORD_TOKEN=… npm run discord:register');
    expect(help.output()).toContain('DISCORD_GUILD_ID');

    const typo = register(['--guild', '123'], env);
    expect(await typo.exited).toBe(2);
    expect(typo.output()).toContain("Unknown option '--guild'");
    expect(typo.output()).toContain('Usage:');
    expect(discord.requests).toEqual([]);
  }, 30_000);
});
