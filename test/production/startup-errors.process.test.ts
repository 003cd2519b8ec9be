import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { run, stopAll } from '../support/bot-process.ts';

// A wrong token at start is the operator's first contact with the bot: it must say which variable to
// fix and exit non-zero, without a raw stack.

let discord: DiscordDouble | undefined;
let slack: Server | undefined;
const dir = mkdtempSync(join(tmpdir(), 'reelbot-startup-'));
afterEach(async () => {
  await stopAll();
  await discord?.close();
  discord = undefined;
  await new Promise((r) => (slack ? slack.close(r) : r(undefined)));
  slack = undefined;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Slack's answer to a revoked or mistyped token: 200 with ok:false, invalid_auth, for every method. */
async function slackRefusingEveryToken(): Promise<string> {
  slack = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":false,"error":"invalid_auth"}');
  });
  await new Promise<void>((r) => slack?.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(slack.address() as AddressInfo).port}/api/`;
}

const base = () => ({ MEDIA_API_URL: 'sandbox', PORT: '0', STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}` });

describe('a token the platform refuses', () => {
  it('Slack invalid_auth names SLACK_BOT_TOKEN and exits non-zero, with no stack', async () => {
    const apiUrl = await slackRefusingEveryToken();
    const modes: Record<string, string>[] = [{ SLACK_APP_TOKEN: 'xapp-1-x' }, { SLACK_SIGNING_SECRET: 'secret' }];
    for (const mode of modes) {
      const r = run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        ...base(),
        SLACK_BOT_TOKEN: 'xoxb-revoked',
        SLACK_API_URL: apiUrl,
        ...mode,
      });
      expect(await r.exited).toBe(2);
      expect(r.output()).toContain('reelbot cannot start: SLACK_BOT_TOKEN was refused by Slack (invalid_auth)');
      expect(r.output()).toContain('OAuth & Permissions');
      expect(r.output()).not.toMatch(/\n\s+at /);
    }
  }, 60_000);

  it('Discord 401 names DISCORD_TOKEN, at start and in discord:register', async () => {
    discord = await createDiscordDouble();
    const env = { ...base(), DISCORD_TOKEN: 'wrong-token', DISCORD_API_URL: discord.restUrl };
    const start = run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
    expect(await start.exited).toBe(2);
    expect(start.output()).toContain('reelbot cannot start: DISCORD_TOKEN was refused by Discord (401 Unauthorized)');
    expect(start.output()).not.toMatch(/\n\s+at /);

    const register = run(process.execPath, ['--import', 'tsx', 'src/cli/discord-register.ts'], env);
    expect(await register.exited).toBe(2);
    expect(register.output()).toContain('DISCORD_TOKEN was refused by Discord (401 Unauthorized)');
    expect(register.output()).toContain('Reset Token');
  }, 60_000);
});
