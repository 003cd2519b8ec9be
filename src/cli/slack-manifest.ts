// `npm run slack:manifest -- --out manifest.json` writes the app manifest for Socket Mode;
// `--http https://your.host` makes the HTTP-mode one. Without --out it prints the JSON: use `npm run -s`
// then, because npm prints its own "> reelbot@… slack:manifest" banner on stdout, which breaks the JSON.
import { writeFileSync } from 'node:fs';
import { loadSlackManifestSettings } from '../config.ts';
import { COMMANDS } from '../core/app/commands.ts';
import { ConfigError } from '../core/errors.ts';
import { DISPLAY_NAME_MAX, requestUrlProblem, slackManifest } from '../slack/manifest.ts';
import { parseCliArgs, refuseArgs } from './args.ts';

const USAGE = `Usage: npm run -s slack:manifest [-- --out FILE] [--http URL] [--name NAME]

Makes the Slack app manifest (JSON) of this bot's commands, to paste at https://api.slack.com/apps
(Create New App → From an app manifest). SLACK_COMMAND_PREFIX, when set, goes before every command name. With
SLACK_CLIENT_ID set (distribution: many workspaces install the app), it is HTTP mode's manifest on PUBLIC_URL, with
the redirect URL PUBLIC_URL/slack/oauth_redirect, the app_uninstalled and tokens_revoked events, token rotation and
org-wide installs.

Options:
  --out FILE    write the manifest to FILE (without it: print it; -s keeps npm's banner out of the JSON)
  --http URL    an HTTP-mode manifest: Slack sends requests to URL/slack/* (https://, public; on PUBLIC_URL's
                host when that is set). Default: Socket Mode
  --name NAME   the bot's name in Slack, up to 80 characters (default reelbot); the app's own name keeps its
                first 35
  -h, --help    print this`;

function main(): void {
  const args = parseCliArgs(USAGE, { http: { type: 'string' }, name: { type: 'string' }, out: { type: 'string' } });
  if (!args) return;
  const problem = argumentProblem(args.http, args.name);
  if (problem) {
    refuseArgs(USAGE, problem);
    return;
  }
  const settings = loadSlackManifestSettings();
  const elsewhere = args.http !== undefined && settings.publicUrl && hostOf(args.http) !== hostOf(settings.publicUrl);
  if (elsewhere) {
    refuseArgs(
      USAGE,
      `--http ${args.http}: PUBLIC_URL is ${settings.publicUrl}, another host. Slack's requests, the media API's ` +
        `webhooks and installers all go to the bot at PUBLIC_URL: give --http ${settings.publicUrl}, or correct PUBLIC_URL.`,
    );
    return;
  }
  const requestUrl = args.http ?? (settings.distribution ? settings.publicUrl : undefined);
  const manifest = slackManifest({
    commands: COMMANDS,
    commandPrefix: settings.prefix,
    socketMode: requestUrl === undefined,
    ...(requestUrl !== undefined ? { requestUrl } : {}),
    ...(settings.distribution && settings.publicUrl
      ? { distribution: { redirectUrl: `${settings.publicUrl}/slack/oauth_redirect` } }
      : {}),
    ...(args.name !== undefined ? { appName: args.name } : {}),
  });
  const json = `${JSON.stringify(manifest, null, 2)}\n`;
  if (args.out) {
    writeFileSync(args.out, json);
    // stderr, so nothing but JSON ever reaches stdout.
    process.stderr.write(`Slack app manifest written to ${args.out}: paste it at https://api.slack.com/apps\n`);
  } else process.stdout.write(json);
}

/** Host and port: a bot on https://bot.example.com is not the one on https://bot.example.com:8443. */
const hostOf = (url: string) => new URL(url).host.toLowerCase();

function argumentProblem(http: string | undefined, name: string | undefined): string | undefined {
  if (http !== undefined) {
    const problem = requestUrlProblem(http);
    if (problem) return `--http ${http}: ${problem}`;
  }
  if (name !== undefined && (name.trim() === '' || name.length > DISPLAY_NAME_MAX)) {
    return `--name: give 1 to ${DISPLAY_NAME_MAX} characters, Slack's limit for a bot's display name.`;
  }
  return undefined;
}

try {
  main();
} catch (error) {
  const configMistake = error instanceof ConfigError;
  const prefix = configMistake ? 'slack:manifest cannot run: ' : 'slack:manifest failed: ';
  process.stderr.write(`${prefix}${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = configMistake ? 2 : 1;
}
