import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type SlackWebApiDouble, startSlackWebApi } from '../doubles/slack/index.ts';
import { SECRET, USERS } from '../slack/harness.ts';
import { run as startProcess, stopAll, waitForOutput } from '../support/bot-process.ts';

// What an operator's scripts read from the bot's commands: JSON that parses, log lines a collector takes.

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'reelbot-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = promisify(execFile);
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir };

describe('npm run slack:manifest', () => {
  it('with -s prints JSON that parses', async () => {
    const { stdout } = await run('npm', ['run', '-s', 'slack:manifest'], { cwd: root, env });
    expect(JSON.parse(stdout)).toMatchObject({ features: { slash_commands: expect.any(Array) } });
  }, 60_000);

  it('with --out writes JSON that parses, and prints only where it went', async () => {
    const out = join(dir, 'manifest.json');
    const { stdout, stderr } = await run('npm', ['run', 'slack:manifest', '--', '--out', out], { cwd: root, env });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ settings: { socket_mode_enabled: true } });
    expect(stdout).not.toContain('{');
    expect(stderr).toContain(`written to ${out}`);
  }, 60_000);
});

let web: SlackWebApiDouble | undefined;
afterEach(async () => {
  await stopAll();
  await web?.close();
  web = undefined;
});

describe('the Slack adapter’s JSON log lines', () => {
  it('carry "platform" once', async () => {
    web = await startSlackWebApi({ users: USERS });
    const bot = startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      ...env,
      SLACK_BOT_TOKEN: 'xoxb-log-test',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: web.apiUrl,
      MEDIA_API_URL: 'sandbox',
      STORE_URL: `sqlite://${join(dir, 'log.sqlite')}`,
      PORT: '0',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
    });
    await waitForOutput(bot, /HTTP listener ready/, 30_000);
    await waitForOutput(bot, /"platform":"slack"/, 30_000);
    const out = bot.output();
    const slackLines = out.split('\n').filter((l) => l.includes('"platform":"slack"'));
    expect(slackLines.length).toBeGreaterThan(0);
    for (const line of slackLines) expect(line.match(/"platform":/g)).toHaveLength(1);
  }, 60_000);
});
