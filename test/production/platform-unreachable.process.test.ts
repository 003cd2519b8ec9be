import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sendSigned } from '../doubles/slack/index.ts';
import { SECRET } from '../slack/harness.ts';
import { type Run, run, stopAll, waitForOutput } from '../support/bot-process.ts';

// A platform that does not answer at start-up: Bolt's client retried auth.test for half an hour while /healthz
// said 200, signed commands were held unanswered and SIGTERM ended the process with 143; Discord printed a raw
// getaddrinfo stack. Only loopback addresses here: a port nobody listens on, and one that accepts and is silent.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-unreachable-'));
let hole: Server | undefined;
const held: Socket[] = [];
afterEach(async () => {
  await stopAll();
  for (const s of held.splice(0)) s.destroy();
  await new Promise((r) => (hole ? hole.close(r) : r(undefined)));
  hole = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A host that accepts connections and never says a word. */
async function blackHole(): Promise<number> {
  hole = createServer((socket) => held.push(socket));
  await new Promise<void>((r) => hole?.listen(0, '127.0.0.1', r));
  return (hole.address() as { port: number }).port;
}

/** A loopback port nothing listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

const base = () => ({
  MEDIA_API_URL: 'sandbox',
  PORT: '0',
  NODE_ENV: 'production',
  STORE_URL: `sqlite://${join(dir, `bot-${Math.random().toString(36).slice(2)}.sqlite`)}`,
});
const slackHttp = (apiUrl: string) => ({
  ...base(),
  SLACK_BOT_TOKEN: 'xoxb-unreachable',
  SLACK_SIGNING_SECRET: SECRET,
  SLACK_API_URL: apiUrl,
});
const start = (env: Record<string, string>) => run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);

async function listenerPort(r: Run): Promise<number> {
  const found = await waitForOutput(r, /"port":(\d+),"msg":"HTTP listener ready/, 30_000);
  return Number(found[1]);
}

const oneLine = (output: string) => expect(output).not.toMatch(/\n\s+at /);

describe('Slack unreachable at start-up', () => {
  it('refused: exits 1 at once with one line naming the URL and the network’s reason', async () => {
    const apiUrl = `http://127.0.0.1:${await closedPort()}/api/`;
    const r = start(slackHttp(apiUrl));
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain(`reelbot cannot start: Slack (auth.test) could not be reached at ${apiUrl}`);
    expect(r.output()).toContain('connection refused (connect ECONNREFUSED');
    expect(r.output()).toContain('SLACK_API_URL');
    oneLine(r.output());
  }, 60_000);

  it('silent: /healthz is 503 and commands are refused, not held, and the start fails after 15 s', async () => {
    const apiUrl = `http://127.0.0.1:${await blackHole()}/api/`;
    const began = Date.now();
    const r = start(slackHttp(apiUrl));
    const port = await listenerPort(r);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(503);
    const body = (await health.json()) as { platforms: { slack: { ok: boolean } } };
    expect(body.platforms.slack.ok).toBe(false);

    // A command arriving meanwhile is answered within Slack's 3 s, not held until the start gives up.
    const sent = Date.now();
    const command = await sendSigned(
      `http://127.0.0.1:${port}/slack/commands`,
      'command',
      { command: '/help', text: '', user_id: 'U0MEMBER', channel_id: 'C0GENERAL', trigger_id: 't1' },
      { secret: SECRET },
    );
    expect(command.status).toBe(503);
    expect(Date.now() - sent).toBeLessThan(3000);

    expect(await r.exited).toBe(1);
    const seconds = (Date.now() - began) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(15);
    expect(seconds).toBeLessThan(40);
    expect(r.output()).toContain(`Slack (auth.test) could not be reached at ${apiUrl}: no answer within 15 s`);
    oneLine(r.output());
  }, 60_000);

  it('SIGTERM while it waits stops cleanly: exit 0, with a log line for the stop', async () => {
    const r = start(slackHttp(`http://127.0.0.1:${await blackHole()}/api/`));
    await listenerPort(r);
    const asked = Date.now();
    r.proc.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(Date.now() - asked).toBeLessThan(10_000);
    expect(r.output()).toMatch(/"level":30,[^\n]*"msg":"stopping \(SIGTERM\)"/);
    expect(r.output()).toMatch(/"level":30,[^\n]*"msg":"stopped"/);
  }, 60_000);
});

describe('Discord unreachable at start-up', () => {
  it('refused: exits 1 with one line naming the URL, not a raw stack', async () => {
    const apiUrl = `http://127.0.0.1:${await closedPort()}/api`;
    const r = start({ ...base(), DISCORD_TOKEN: 'token', DISCORD_API_URL: apiUrl });
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain(`reelbot cannot start: Discord could not be reached at ${apiUrl}`);
    expect(r.output()).toContain('connection refused');
    expect(r.output()).toContain('DISCORD_API_URL');
    oneLine(r.output());
  }, 60_000);

  it('silent: /healthz is 503 meanwhile, and SIGTERM stops it cleanly with exit 0', async () => {
    const r = start({
      ...base(),
      DISCORD_TOKEN: 'token',
      DISCORD_API_URL: `http://127.0.0.1:${await blackHole()}/api`,
    });
    const port = await listenerPort(r);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(503);
    const asked = Date.now();
    r.proc.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(Date.now() - asked).toBeLessThan(10_000);
    expect(r.output()).toContain('stopping (SIGTERM)');
  }, 60_000);
});
