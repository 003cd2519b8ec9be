import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordDouble, type DiscordDouble } from './doubles/discord/index.ts';
import { type SlackWebApiDouble, sendSigned, startSlackWebApi, waitFor } from './doubles/slack/index.ts';
import { posts, VIDEO } from './slack/e2e-harness.ts';
import { SECRET, slashCommand, USERS } from './slack/harness.ts';
import { run, stopAll, waitForOutput } from './support/bot-process.ts';

// `npm start` as an operator runs it with both platforms configured: one process, one store, one
// listener for Slack requests and media webhooks, each platform's jobs ending in its own thread.

let discord: DiscordDouble | undefined;
let web: SlackWebApiDouble | undefined;
const dir = mkdtempSync(join(tmpdir(), 'reelbot-main-'));

afterEach(async () => {
  await stopAll();
  await discord?.close();
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the bot; resolves with its listener port once it logs that it is ready. */
async function startBot(env: Record<string, string>): Promise<number> {
  const bot = run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
  // The listener comes up first; the platforms are ready once Discord's gateway session is.
  await waitForOutput(bot, /connected to Discord/, 30_000);
  const [, port] = await waitForOutput(bot, /"port":(\d+),"msg":"HTTP listener ready/, 30_000);
  return Number(port);
}

describe('npm start with Discord and Slack tokens', () => {
  it('serves both platforms from one process: each job ends in its own thread', async () => {
    discord = await createDiscordDouble();
    web = await startSlackWebApi({ users: USERS });
    const port = await startBot({
      DISCORD_TOKEN: discord.token,
      DISCORD_API_URL: discord.restUrl,
      SLACK_BOT_TOKEN: 'xoxb-main-test',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: web.apiUrl,
      MEDIA_API_URL: 'sandbox',
      SANDBOX_JOB_MS: '50',
      STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
      PORT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    });

    // Discord: a slash command over the gateway ends with the result posted in the card's thread.
    const d = discord;
    const cmd = d.command('broll', { url: VIDEO });
    await d.waitForCallback(cmd.id);
    const card = await d.waitFor(() => d.interactionMessages(cmd.id).find((m) => !m.loading), 10_000, 'job card');
    const thread = await d.waitFor(() => d.state.channels.get(card.id), 10_000, 'job thread');
    const result = await d.waitForMessage(thread.id, (m) => /ready/.test(m.content));
    expect(result.content).toContain(`<@${d.actors.member.userId}>`);

    // Slack (HTTP mode on the same port): a signed slash command ends with a reply in the card's thread.
    const slack = await fetchSigned(`http://127.0.0.1:${port}/slack/commands`, web);
    expect(slack.status).toBe(200);
    await waitFor(
      () => {
        const all = posts(web as SlackWebApiDouble);
        const card = all.find((p) => p.thread_ts === undefined);
        return card !== undefined && all.some((p) => p.thread_ts === card.ts);
      },
      'the Slack result in the card thread',
      20_000,
    );

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);
});

const fetchSigned = (url: string, api: SlackWebApiDouble) =>
  sendSigned(url, 'command', slashCommand(api, '/broll', VIDEO), { secret: SECRET });
