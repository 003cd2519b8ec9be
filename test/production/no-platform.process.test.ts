import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { run, stopAll } from '../support/bot-process.ts';

// A missing or misspelled token must not start a console nobody can type into: under compose or systemd it
// read end-of-input and exited 0 without a word, a silent restart loop. Piped console use stays as documented.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-no-platform-'));
afterEach(stopAll);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}) => ({
  MEDIA_API_KEY: 'k',
  MEDIA_API_URL: 'sandbox',
  PORT: '0',
  STORE_URL: `sqlite://${join(dir, `bot-${Math.random().toString(36).slice(2)}.sqlite`)}`,
  ...extra,
});
const start = (extra: Record<string, string>, input?: string) =>
  run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env(extra), input);

/** What the operator reads must name every way to configure a platform and how to get the console. */
function expectSaysWhatToSet(output: string) {
  expect(output).toContain('reelbot cannot start: No chat platform is configured');
  for (const variable of ['DISCORD_TOKEN', 'SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'])
    expect(output).toContain(variable);
  // Distribution mode too: an agency serving many workspaces sets no bot token at all.
  expect(output).toContain(
    'for Slack in many workspaces (distribution mode), SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET, ' +
      'SLACK_SIGNING_SECRET and PUBLIC_URL',
  );
  expect(output).toContain('.env.example');
  expect(output).toContain("echo '/help' | npm start");
  expect(output).not.toMatch(/\n\s+at /);
}

describe('a start with no chat platform configured', () => {
  it('in production, with no input (as under systemd or compose), exits 2 and says what to set', async () => {
    const r = start({ NODE_ENV: 'production' });
    expect(await r.exited).toBe(2);
    expectSaysWhatToSet(r.output());
    expect(r.output()).toContain('NODE_ENV is production');
  }, 30_000);

  it('in production, with commands piped in, exits 2 as well: the console is not a production mode', async () => {
    const r = start({ NODE_ENV: 'production' }, '/help\n');
    expect(await r.exited).toBe(2);
    expectSaysWhatToSet(r.output());
  }, 30_000);

  it('outside production with no terminal and nothing piped in, exits 2 and says how to run the console', async () => {
    const r = start({});
    expect(await r.exited).toBe(2);
    expectSaysWhatToSet(r.output());
    expect(r.output()).toContain('no terminal and nothing piped in');
  }, 30_000);

  it('outside production with commands piped in, runs the console as the README shows', async () => {
    const r = start({ LOG_LEVEL: 'warn' }, '/help\n');
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('/clip');
    expect(r.output()).not.toContain('cannot start');
  }, 30_000);
});
