// An operator reading the JSON log finds each key of a command's line once: the line names its platform,
// and a log search on "platform" is not thrown by a duplicate key (jq keeps the last, others the first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { type RunningBot, startBot } from '../../src/start-bot.ts';
import { createDiscordDouble } from '../doubles/discord/index.ts';
import { type SlackWebApiDouble, sendSigned, startSlackWebApi, waitFor } from '../doubles/slack/index.ts';
import { SECRET, slashCommand, USERS } from '../slack/harness.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('a command’s log line, as the operator reads it', () => {
  it('names its platform once on Slack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-logkeys-'));
    const web: SlackWebApiDouble = await startSlackWebApi({ users: USERS });
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', pretty: false, destination: { write: (l: string) => lines.push(l) } });
    const config = loadConfig({
      MEDIA_API_URL: 'sandbox',
      STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
      PORT: '0',
      HOST: '127.0.0.1',
      SLACK_BOT_TOKEN: 'xoxb-logkeys',
      SLACK_API_URL: web.apiUrl,
      SLACK_SIGNING_SECRET: SECRET,
    });
    const app: RunningBot = await startBot(config, { logger, sandbox: { jobMs: 50 } });
    close = async () => {
      await app.stop();
      await web.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const base = `http://127.0.0.1:${app.port}`;
    await sendSigned(`${base}/slack/commands`, 'command', slashCommand(web, '/help', ''), { secret: SECRET });
    await waitFor(() => lines.some((l) => l.includes('"msg":"command"')), 'the command line', 10_000);
    const line = lines.find((l) => l.includes('"msg":"command"')) ?? '';
    expect(line.match(/"platform":/g)).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ platform: 'slack', command: 'help', outcome: 'ok' });
  });

  it('names its platform once on Discord', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-logkeys-'));
    const discord = await createDiscordDouble();
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', pretty: false, destination: { write: (l: string) => lines.push(l) } });
    const config = loadConfig({
      MEDIA_API_URL: 'sandbox',
      STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
      PORT: '0',
      HOST: '127.0.0.1',
      DISCORD_TOKEN: discord.token,
      DISCORD_API_URL: discord.restUrl,
    });
    const app: RunningBot = await startBot(config, { logger, sandbox: { jobMs: 50 } });
    close = async () => {
      await app.stop();
      await discord.close();
      rmSync(dir, { recursive: true, force: true });
    };
    discord.command('help', {});
    await waitFor(() => lines.some((l) => l.includes('"msg":"command"')), 'the command line', 10_000);
    const line = lines.find((l) => l.includes('"msg":"command"')) ?? '';
    expect(line.match(/"platform":/g)).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ platform: 'discord', command: 'help', outcome: 'ok' });
    // The adapter's own lines still say which platform they are about.
    const connected = lines.find((l) => l.includes('connected to Discord')) ?? '';
    expect(JSON.parse(connected)).toMatchObject({ platform: 'discord' });
  });
});
