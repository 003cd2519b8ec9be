// An operator reading the JSON log finds each key of a command's line once: the line names its platform,
// and a log search on "platform" is not thrown by a duplicate key (jq keeps the last, others the first).
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/runtime/logger.ts';
import { createDiscordDouble } from '../doubles/discord/index.ts';
import { sendSigned, startSlackWebApi, waitFor } from '../doubles/slack/index.ts';
import { SECRET, slashCommand, USERS } from '../slack/harness.ts';
import { startTestBot } from '../support/bot.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The real bot with the given platform variables, logging JSON lines (real pino) into `lines`. */
async function botLogging(env: Record<string, string>, double: { close(): Promise<void> }) {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', pretty: false, destination: { write: (l: string) => lines.push(l) } });
  const bot = await startTestBot({ online: true, env, logger });
  close = async () => {
    await bot.close();
    await double.close();
  };
  return { app: bot.app, lines };
}

/** The command's log line, once it is written. */
async function commandLine(lines: string[]): Promise<string> {
  await waitFor(() => lines.some((l) => l.includes('"msg":"command"')), 'the command line', 10_000);
  return lines.find((l) => l.includes('"msg":"command"')) ?? '';
}

describe('a command’s log line, as the operator reads it', () => {
  it('names its platform once on Slack', async () => {
    const web = await startSlackWebApi({ users: USERS });
    const { app, lines } = await botLogging(
      { SLACK_BOT_TOKEN: 'xoxb-logkeys', SLACK_API_URL: web.apiUrl, SLACK_SIGNING_SECRET: SECRET },
      web,
    );
    const base = `http://127.0.0.1:${app.port}`;
    await sendSigned(`${base}/slack/commands`, 'command', slashCommand(web, '/help', ''), { secret: SECRET });
    const line = await commandLine(lines);
    expect(line.match(/"platform":/g)).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ platform: 'slack', command: 'help', outcome: 'ok' });
  });

  it('names its platform once on Discord', async () => {
    const discord = await createDiscordDouble();
    const { lines } = await botLogging({ DISCORD_TOKEN: discord.token, DISCORD_API_URL: discord.restUrl }, discord);
    discord.command('help', {});
    const line = await commandLine(lines);
    expect(line.match(/"platform":/g)).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ platform: 'discord', command: 'help', outcome: 'ok' });
    // The adapter's own lines still say which platform they are about.
    const connected = lines.find((l) => l.includes('connected to Discord')) ?? '';
    expect(JSON.parse(connected)).toMatchObject({ platform: 'discord' });
  });
});
