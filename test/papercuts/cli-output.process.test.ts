import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type SlackWebApiDouble, startSlackWebApi } from '../doubles/slack/index.ts';
import { SECRET, USERS } from '../slack/harness.ts';

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

let child: ChildProcess | undefined;
let web: SlackWebApiDouble | undefined;
afterEach(async () => {
  child?.kill('SIGTERM');
  await new Promise((r) => (child?.exitCode === null ? child.once('exit', r) : r(undefined)));
  child = undefined;
  await web?.close();
  web = undefined;
});

describe('the Slack adapter’s JSON log lines', () => {
  it('carry "platform" once', async () => {
    web = await startSlackWebApi({ users: USERS });
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        ...env,
        SLACK_BOT_TOKEN: 'xoxb-log-test',
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: web.apiUrl,
        MEDIA_API_URL: 'sandbox',
        STORE_URL: `sqlite://${join(dir, 'log.sqlite')}`,
        PORT: '0',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const deadline = Date.now() + 30_000;
    while (!/"platform":"slack"/.test(out) || !/HTTP listener ready/.test(out)) {
      if (Date.now() > deadline) throw new Error(`no Slack log line: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const slackLines = out.split('\n').filter((l) => l.includes('"platform":"slack"'));
    expect(slackLines.length).toBeGreaterThan(0);
    for (const line of slackLines) expect(line.match(/"platform":/g)).toHaveLength(1);
  }, 60_000);
});
