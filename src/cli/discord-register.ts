// `npm run discord:register`: puts the slash commands derived from the command table on Discord —
// in the guild of DISCORD_GUILD_ID when set (visible at once), else globally (may take a while to show).
import { type APIApplication, REST, Routes } from 'discord.js';
import { loadConfig } from '../config.ts';
import { COMMANDS } from '../core/commands/table.ts';
import { ConfigError } from '../core/errors.ts';
import { registerCommands } from '../discord/commands.ts';
import { explainDiscordAuth } from '../discord/token-error.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.discord) {
    throw new ConfigError(
      'DISCORD_TOKEN is not set: copy the bot token from https://discord.com/developers/applications → your app → Bot',
    );
  }
  const rest = new REST(config.discord.apiUrl ? { api: config.discord.apiUrl } : {}).setToken(config.discord.token);
  const app = (await rest.get(Routes.currentApplication()).catch((err: unknown) => {
    throw explainDiscordAuth(err);
  })) as APIApplication;
  await registerCommands({ rest, applicationId: app.id, guildId: config.discord.guildId, commands: COMMANDS });
  const where = config.discord.guildId ? `guild ${config.discord.guildId}` : 'every server (global)';
  console.log(`Registered ${COMMANDS.length} slash commands for ${app.name} in ${where}.`);
}

main().catch((err: unknown) => {
  const prefix = err instanceof ConfigError ? 'discord:register cannot run: ' : 'discord:register failed: ';
  console.error(`${prefix}${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = err instanceof ConfigError ? 2 : 1;
});
