import { ConfigError } from '../core/errors.ts';

// Slack answers a wrong, revoked or uninstalled token with `invalid_auth` (or not_authed, token_revoked,
// account_inactive) inside a 200. Bolt surfaces it as a raw stack; the operator needs the variable's name.

const AUTH_ERRORS = /\b(invalid_auth|not_authed|token_revoked|token_expired|account_inactive)\b/;
const APPS = 'https://api.slack.com/apps';

const HELP = {
  SLACK_BOT_TOKEN: `copy the Bot User OAuth Token (xoxb-…) from OAuth & Permissions at ${APPS} (reinstall the app if it was removed)`,
  SLACK_APP_TOKEN: `generate an App-Level Token (xapp-…) with the connections:write scope under Basic Information at ${APPS}`,
} as const;

/** A ConfigError naming the variable when `err` is Slack refusing that token; otherwise `err` unchanged. */
export function explainSlackAuth(err: unknown, variable: keyof typeof HELP): unknown {
  const text = err instanceof Error ? `${err.message} ${JSON.stringify((err as { data?: unknown }).data ?? '')}` : '';
  const found = AUTH_ERRORS.exec(text);
  if (!found) return err;
  return new ConfigError(`${variable} was refused by Slack (${found[1]}): ${HELP[variable]}.`, { cause: err });
}
