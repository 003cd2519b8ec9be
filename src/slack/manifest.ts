// The Slack app manifest, derived from the command table: creating the app is a paste, not a
// click-through. Limits from Slack's manifest schema (manifest.schema.1.0.0.json): app name ≤ 35, bot display
// name ≤ 80, description ≤ 140, command description ≤ 2000 and usage hint 1 to 1000 characters.

import { prefixCommands } from '../core/commands/help.ts';
import type { CommandSpec } from '../core/commands/spec.ts';
import { cut } from './markup.ts';
import { SLACK_PATHS } from './paths.ts';

export interface ManifestOptions {
  commands: readonly CommandSpec[];
  /** HTTP mode: the public base URL of the bot, e.g. https://bot.example.com */
  requestUrl?: string;
  socketMode: boolean;
  appName?: string;
  /** SLACK_COMMAND_PREFIX: `rb-` names the commands /rb-clip, /rb-help… (other apps may own /setup or /help). */
  commandPrefix?: string;
  /**
   * Distribution (SLACK_CLIENT_ID set): where Slack sends installers back (PUBLIC_URL/slack/oauth_redirect), and
   * the uninstall events the bot removes a workspace's tokens on.
   */
  distribution?: { redirectUrl: string };
}

/** The events distribution needs: a workspace's tokens leave the store when it removes the app. */
export const DISTRIBUTION_EVENTS = ['app_uninstalled', 'tokens_revoked'] as const;

/** Only what the adapter uses. chat:write.public lets it post in public channels it has not joined. */
// channels:history and groups:history: a result whose post was cut off by a crash is looked for in its thread
// (by the post's metadata) before it is posted again, and a job card whose answer a crash cut off is found in
// its channel the same way. usergroups:read: approvers named as a user group (`/setup approvers=@editors`) are
// checked with usergroups.users.list. channels:read and groups:read: /approvals and the Home tab list only the
// channels a person can see (users.conversations, conversations.info).
export const BOT_SCOPES = [
  'app_mentions:read',
  'channels:history',
  'channels:read',
  'chat:write',
  'chat:write.public',
  'commands',
  'groups:history',
  'groups:read',
  'usergroups:read',
  'users:read',
] as const;

/** Slack's limits for a bot's display name and for the app's own name: a longer name is cut to 35 for the app only. */
export const DISPLAY_NAME_MAX = 80;
const APP_NAME_MAX = 35;

export function slackManifest(options: ManifestOptions): object {
  const displayName = cut(options.appName ?? 'reelbot', DISPLAY_NAME_MAX);
  const name = cut(displayName, APP_NAME_MAX);
  const base = options.socketMode ? undefined : httpBase(options.requestUrl);
  const prefix = options.commandPrefix ?? '';
  const names = options.commands.map((c) => c.name);
  const at = (path: string) => (base ? { url: `${base}${path}` } : {});
  return {
    _metadata: { major_version: 1, minor_version: 1 },
    display_information: {
      name,
      description: 'Clips, text-to-video, subtitles, B-roll, speech and publishing from chat.',
      background_color: '#1d1f2b',
    },
    features: {
      bot_user: { display_name: displayName, always_online: true },
      // The Home tab: what waits for the person's approval, drawn when they open it (app_home_opened).
      app_home: { home_tab_enabled: true },
      slash_commands: options.commands.map((c) => ({
        command: `/${prefix}${c.name}`,
        description: cut(c.description, 2000),
        ...usageHint(prefixCommands(c.usage, names, prefix), `/${prefix}${c.name}`),
        // /setup approvers=@mia: with escaping Slack sends a person picked after @ as <@U123|mia>, their id.
        // Other commands keep text as typed (links and entities are undone by the parser either way).
        should_escape: c.name === 'setup',
        ...at(SLACK_PATHS.commands),
      })),
    },
    oauth_config: {
      ...(options.distribution ? { redirect_urls: [options.distribution.redirectUrl] } : {}),
      scopes: { bot: [...BOT_SCOPES] },
    },
    settings: {
      event_subscriptions: {
        ...(base ? { request_url: `${base}${SLACK_PATHS.events}` } : {}),
        bot_events: ['app_mention', 'app_home_opened', ...(options.distribution ? DISTRIBUTION_EVENTS : [])],
      },
      interactivity: {
        is_enabled: true,
        ...(base
          ? {
              request_url: `${base}${SLACK_PATHS.interactivity}`,
              // External selects (voices, languages, templates) load their options here.
              message_menu_options_url: `${base}${SLACK_PATHS.options}`,
            }
          : {}),
      },
      // Distribution: an Enterprise Grid organisation may install the app once for all its workspaces (the adapter
      // keeps an org-wide install's token), and tokens expire after 12 hours with a refresh token the bot renews
      // them with, so a leaked one is good for hours, not for ever. Slack cannot turn rotation off once it is on: the
      // manifest says so from the start, and pasting it again never disagrees with the app's page. One workspace
      // (SLACK_BOT_TOKEN) keeps both off: its one token has no refresh token and would stop working within a day.
      org_deploy_enabled: options.distribution !== undefined,
      socket_mode_enabled: options.socketMode,
      token_rotation_enabled: options.distribution !== undefined,
    },
  };
}

/** Slack shows the hint after the command name, so the name is not repeated; a command with no arguments has no
 * hint at all, because Slack refuses an empty one. */
function usageHint(usage: string, command: string): { usage_hint?: string } {
  const hint = cut(usage.startsWith(command) ? usage.slice(command.length).trimStart() : usage, 1000);
  return hint ? { usage_hint: hint } : {};
}

/** Why Slack could not send requests to this base URL, or undefined when it can. */
export function requestUrlProblem(requestUrl: string | undefined): string | undefined {
  if (requestUrl && /^https:\/\/[^/]+/.test(requestUrl)) return undefined;
  return 'HTTP mode needs the public https:// base URL of the bot (e.g. https://bot.example.com).';
}

function httpBase(requestUrl: string | undefined): string {
  const problem = requestUrlProblem(requestUrl);
  if (problem || !requestUrl) throw new Error(problem);
  return requestUrl.replace(/\/+$/, '');
}
