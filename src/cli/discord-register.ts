// `npm run discord:register`: puts the slash commands derived from the command table on Discord —
// in the guild of DISCORD_GUILD_ID when set (visible at once), else globally (may take a while to show).
// It needs the bot token alone: the application id is read with it, and no media API or store is involved.
import { type APIApplication, REST, Routes } from 'discord.js';
import { loadDiscordRegistration } from '../config.ts';
import { COMMANDS } from '../core/app/commands.ts';
import { ConfigError } from '../core/errors.ts';
import { registerCommands } from '../discord/commands.ts';
import { explainDiscordAuth } from '../discord/token-error.ts';
import { parseCliArgs } from './args.ts';

const USAGE = `Usage: DISCORD_TOKEN=… npm run discord:register

Puts this bot's slash commands on Discord (a bulk overwrite: a removed command disappears). It takes no options;
these variables say where:
  DISCORD_TOKEN     the bot token (required): https://discord.com/developers/applications → your app → Bot
  DISCORD_GUILD_ID  one server's id: its commands show at once; unset = every server (global, may take a while)
  DISCORD_API_URL   another Discord REST API (a proxy); unset = Discord's own`;

async function main(): Promise<void> {
  if (!parseCliArgs(USAGE, {})) return;
  const discord = loadDiscordRegistration();
  const rest = new REST(discord.apiUrl ? { api: discord.apiUrl } : {}).setToken(discord.token);
  const app = (await rest.get(Routes.currentApplication()).catch((err: unknown) => {
    throw explainDiscordAuth(err);
  })) as APIApplication;
  await registerCommands({ rest, applicationId: app.id, guildId: discord.guildId, commands: COMMANDS });
  const where = discord.guildId ? `guild ${discord.guildId}` : 'every server (global)';
  console.log(`Registered ${COMMANDS.length} slash commands for ${app.name} in ${where}.`);
}

main().catch((err: unknown) => {
  const prefix = err instanceof ConfigError ? 'discord:register cannot run: ' : 'discord:register failed: ';
  console.error(`${prefix}${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = err instanceof ConfigError ? 2 : 1;
});
