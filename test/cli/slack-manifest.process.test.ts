import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run, stopAll } from '../support/bot-process.ts';
import { manifestSchemaOrSkip } from '../support/slack-manifest-schema.ts';

// `npm run slack:manifest -- --help` printed a stack trace: a tool's first use is asking it how it is used.

afterEach(stopAll);

describe('npm run slack:manifest', () => {
  it('-- --help prints the usage and its options, not a stack, and exits 0', async () => {
    const r = run('npm', ['run', '-s', 'slack:manifest', '--', '--help'], {});
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('Usage: npm run -s slack:manifest');
    for (const flag of ['--out FILE', '--http URL', '--name NAME']) expect(r.output()).toContain(flag);
    expect(r.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses an unknown flag or a stray word with exit 2, what was wrong and the usage', async () => {
    const flag = run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts', '--output', 'm.json'], {});
    expect(await flag.exited).toBe(2);
    expect(flag.output()).toContain("Unknown option '--output'");
    expect(flag.output()).toContain('Usage: npm run -s slack:manifest');
    expect(flag.output()).not.toMatch(/\n\s+at /);

    const word = run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts', 'manifest.json'], {});
    expect(await word.exited).toBe(2);
    expect(word.output()).toContain("Unexpected argument 'manifest.json'");
  }, 30_000);

  it('refuses --http with a URL Slack cannot call (not https) with exit 2, like every other wrong argument', async () => {
    const r = run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/slack-manifest.ts', '--http', 'http://bot.example.com'],
      {},
    );
    expect(await r.exited).toBe(2);
    expect(r.output()).toContain('--http http://bot.example.com: HTTP mode needs the public https:// base URL');
    expect(r.output()).toContain('Usage: npm run -s slack:manifest');
    expect(r.output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('names the bot with all of an 80-character --name, and refuses 81 characters with exit 2', async () => {
    const name = 'N'.repeat(80);
    const fits = run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts', '--name', name], {});
    expect(await fits.exited).toBe(0);
    const manifest = JSON.parse(fits.output()) as { features: { bot_user: { display_name: string } } };
    expect(manifest.features.bot_user.display_name).toBe(name);

    const long = run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts', '--name', `${name}N`], {});
    expect(await long.exited).toBe(2);
    expect(long.output()).toContain("--name: give 1 to 80 characters, Slack's limit for a bot's display name.");
  }, 30_000);

  it('names SLACK_COMMAND_PREFIX when it is not valid, and exits 2', async () => {
    const r = run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts'], { SLACK_COMMAND_PREFIX: 'RB ' });
    expect(await r.exited).toBe(2);
    expect(r.output()).toContain('slack:manifest cannot run: SLACK_COMMAND_PREFIX must be');
  }, 30_000);

  it('writes the redirect URL and the uninstall events when distribution is configured (SLACK_CLIENT_ID)', async () => {
    const r = run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts'], {
      SLACK_CLIENT_ID: '1234567890.987654321',
      PUBLIC_URL: 'https://bot.example.com/',
    });
    expect(await r.exited).toBe(0);
    const manifest = JSON.parse(r.output()) as {
      oauth_config: { redirect_urls?: string[] };
      settings: { socket_mode_enabled: boolean; event_subscriptions: { request_url?: string; bot_events: string[] } };
    };
    expect(manifest.oauth_config.redirect_urls).toEqual(['https://bot.example.com/slack/oauth_redirect']);
    expect(manifest.settings.socket_mode_enabled).toBe(false);
    expect(manifest.settings.event_subscriptions.request_url).toBe('https://bot.example.com/slack/events');
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['app_uninstalled', 'tokens_revoked']),
    );

    const without = run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts'], {
      SLACK_CLIENT_ID: '1234567890.987654321',
    });
    expect(await without.exited).toBe(2);
    expect(without.output()).toContain('PUBLIC_URL: required with SLACK_CLIENT_ID');
  }, 30_000);

  const cli = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/slack-manifest.ts', ...args], env);
  const distribution = { SLACK_CLIENT_ID: '1234567890.987654321', PUBLIC_URL: 'https://bot.example.com' };

  it("writes a manifest Slack's published schema takes in every mode: Socket, --http, distribution, prefixed", async (ctx) => {
    const check = manifestSchemaOrSkip(ctx);
    const modes: Array<[string, string[], Record<string, string>]> = [
      ['Socket Mode', [], {}],
      ['HTTP mode', ['--http', 'https://bot.example.com'], { PUBLIC_URL: 'https://bot.example.com/' }],
      ['distribution', [], distribution],
      ['distribution with --http', ['--http', 'https://bot.example.com/'], distribution],
      ['a command prefix', ['--name', 'Reel Bot of the Agency'], { SLACK_COMMAND_PREFIX: 'agency-reelbot-tool_' }],
    ];
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-manifest-'));
    for (const [mode, args, env] of modes) {
      // --out as the docs show it, so the file an operator pastes is the one checked.
      const file = join(dir, `${mode}.json`);
      const r = cli([...args, '--out', file], env);
      expect(await r.exited, `${mode}: ${r.output()}`).toBe(0);
      expect(check(JSON.parse(readFileSync(file, 'utf8'))), mode).toEqual([]);
    }
  }, 60_000);

  it('refuses --http on another host than PUBLIC_URL with exit 2, naming both', async () => {
    for (const env of [distribution, { PUBLIC_URL: 'https://bot.example.com' }]) {
      const r = cli(['--http', 'https://old-bot.example.com'], env);
      expect(await r.exited).toBe(2);
      expect(r.output()).toContain(
        '--http https://old-bot.example.com: PUBLIC_URL is https://bot.example.com, another host.',
      );
      expect(r.stdout()).toBe('');
    }
    const port = cli(['--http', 'https://bot.example.com:8443'], distribution);
    expect(await port.exited).toBe(2);
  }, 30_000);

  it('turns token rotation and org-wide installs on in distribution only', async () => {
    const settings = async (env: Record<string, string>, args: string[] = []) => {
      const r = cli(args, env);
      expect(await r.exited).toBe(0);
      return (JSON.parse(r.stdout()) as { settings: object }).settings;
    };
    expect(await settings(distribution)).toMatchObject({ token_rotation_enabled: true, org_deploy_enabled: true });
    for (const one of [await settings({}), await settings({}, ['--http', 'https://bot.example.com'])]) {
      expect(one).toMatchObject({ token_rotation_enabled: false, org_deploy_enabled: false });
    }
  }, 30_000);
});
