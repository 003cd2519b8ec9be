import { ConfigError } from '../core/errors.ts';

// Discord answers a wrong or reset bot token with 401 (discord.js: TokenInvalid on login, DiscordAPIError
// with status 401 on REST). Either way the operator must fix one variable: say which, and where.

export const DISCORD_TOKEN_HELP =
  'DISCORD_TOKEN was refused by Discord (401 Unauthorized): the token is wrong or was reset. Copy a new one from ' +
  'https://discord.com/developers/applications → your app → Bot → Reset Token, and set DISCORD_TOKEN to it.';

/** A ConfigError naming DISCORD_TOKEN when `err` is Discord refusing the token; otherwise `err` unchanged. */
export function explainDiscordAuth(err: unknown): unknown {
  if (typeof err !== 'object' || err === null) return err;
  const e = err as { code?: unknown; status?: unknown };
  if (e.code === 'TokenInvalid' || e.status === 401) return new ConfigError(DISCORD_TOKEN_HELP, { cause: err });
  return err;
}
