import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSlackCommandPrefix } from '../../src/config.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { type SlackWebApiDouble, sendSigned, startSlackWebApi, waitFor } from '../doubles/slack/index.ts';
import { SECRET, slashCommand, USERS } from '../slack/harness.ts';
import { silentLogger, startTestBot, type TestBot } from '../support/bot.ts';

// Slack commands named /setup or /help clash with other apps in a workspace: SLACK_COMMAND_PREFIX
// renames them all, in the manifest, in what the bot answers to, and in what /help tells people to type.

let bot: TestBot | undefined;
let web: SlackWebApiDouble | undefined;
afterEach(async () => {
  await bot?.close();
  await web?.close();
  bot = web = undefined;
});

describe('SLACK_COMMAND_PREFIX', () => {
  it('names every command of the manifest with it (npm run slack:manifest)', () => {
    const out = execFileSync(join('node_modules', '.bin', 'tsx'), ['src/cli/slack-manifest.ts'], {
      env: { ...process.env, SLACK_COMMAND_PREFIX: 'rb-' },
      encoding: 'utf8',
    });
    const manifest = JSON.parse(out) as {
      features: { slash_commands: Array<{ command: string; usage_hint: string }> };
    };
    const commands = manifest.features.slash_commands;
    expect(commands.map((c) => c.command)).toContain('/rb-clip');
    expect(commands.every((c) => c.command.startsWith('/rb-'))).toBe(true);
    expect(commands.some((c) => /(^|\s)\/clip\b/.test(c.usage_hint))).toBe(false);
  });

  it('refuses a prefix Slack would not take, naming the variable', () => {
    expect(() => loadSlackCommandPrefix({ SLACK_COMMAND_PREFIX: 'RB ' })).toThrow(ConfigError);
    expect(() => loadSlackCommandPrefix({ SLACK_COMMAND_PREFIX: 'RB ' })).toThrow(/SLACK_COMMAND_PREFIX/);
    expect(loadSlackCommandPrefix({})).toBe('');
  });

  it('answers /rb-clip and /rb-help on Slack, and /help names the commands as /rb-…', async () => {
    web = await startSlackWebApi({ users: USERS });
    bot = await startTestBot({
      online: true,
      env: {
        SLACK_BOT_TOKEN: 'xoxb-prefix',
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: web.apiUrl,
        SLACK_COMMAND_PREFIX: 'rb-',
      },
      logger: silentLogger,
      tuning: { slackPace: { intervalMs: 0 } },
    });
    const { port } = bot;
    const send = (name: string, text: string) =>
      sendSigned(
        `http://127.0.0.1:${port}/slack/commands`,
        'command',
        slashCommand(web as SlackWebApiDouble, name, text),
        {
          secret: SECRET,
        },
      );

    const help = await send('/rb-help', '');
    // The answer rides on the ack, or comes by response_url or as an ephemeral message.
    const answered = () =>
      `${help.text} ${JSON.stringify(web?.responses)} ${JSON.stringify(web?.calls.map((c) => c.args))}`;
    await waitFor(() => /rb-/.test(answered()) || /clip/.test(answered()), 'the help text');
    const said = answered();
    expect(said).toMatch(/`\/rb-clip`/);
    expect(said).not.toMatch(/`\/clip`/);

    await send('/rb-clip', 'https://youtu.be/abc reels=1');
    await waitFor(() => web?.posted().some((p) => /Clips/.test(String(p.text))) === true, 'the job card');
  });
});
