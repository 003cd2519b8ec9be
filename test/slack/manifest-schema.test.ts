import { readFileSync } from 'node:fs';
import { describe, expect, it, type TestContext } from 'vitest';
import { COMMANDS } from '../../src/core/app/commands.ts';
import { type ManifestOptions, slackManifest } from '../../src/slack/manifest.ts';
import { manifestSchemaOrSkip } from '../support/slack-manifest-schema.ts';

// A manifest Slack refuses is met by an operator pasting it at api.slack.com; here every kind the bot writes is
// checked against Slack's own published schema first.

const HTTP = 'https://bot.example.com';
const KINDS: Array<[string, ManifestOptions]> = [
  ['Socket Mode', { commands: COMMANDS, socketMode: true }],
  ['HTTP mode', { commands: COMMANDS, socketMode: false, requestUrl: HTTP }],
  [
    'distribution',
    {
      commands: COMMANDS,
      socketMode: false,
      requestUrl: HTTP,
      distribution: { redirectUrl: `${HTTP}/slack/oauth_redirect` },
    },
  ],
  // The longest prefix SLACK_COMMAND_PREFIX allows (20 characters) against Slack's 32 for a command.
  ['a 20-character command prefix', { commands: COMMANDS, socketMode: true, commandPrefix: 'abcdefghij-klmnopqr_' }],
  ['an 80-character bot name', { commands: COMMANDS, socketMode: true, appName: 'N'.repeat(80) }],
];

describe("the Slack app manifest against Slack's published schema", () => {
  it.for(KINDS)('%s: Slack takes it', ([, options], ctx) => {
    const check = manifestSchemaOrSkip(ctx);
    expect(check(slackManifest(options))).toEqual([]);
  });

  it('the committed slack-manifest.json: Slack takes it', (ctx) => {
    const check = manifestSchemaOrSkip(ctx);
    const committed: unknown = JSON.parse(readFileSync(new URL('../../slack-manifest.json', import.meta.url), 'utf8'));
    expect(check(committed)).toEqual([]);
  });

  it('can fail: a command name over 32 characters is reported where it is', (ctx) => {
    const check = manifestSchemaOrSkip(ctx);
    const manifest = slackManifest({ commands: COMMANDS, socketMode: true, commandPrefix: 'x'.repeat(30) });
    expect(check(manifest)).toContain('/features/slash_commands/0/command must NOT have more than 32 characters');
  });
});

describe('a missing schema file', () => {
  const missing = { SLACK_MANIFEST_SCHEMA: '/nowhere/manifest.schema.1.0.0.json' };
  const why = "Slack's manifest schema is not at /nowhere/manifest.schema.1.0.0.json: set SLACK_MANIFEST_SCHEMA";
  const skips = {
    skip: ((note?: string) => {
      throw new Error(`skipped: ${note}`);
    }) as TestContext['skip'],
  };

  it('fails in CI, naming SLACK_MANIFEST_SCHEMA', () => {
    expect(() => manifestSchemaOrSkip(skips, { ...missing, CI: 'true' })).toThrow(why);
    expect(() => manifestSchemaOrSkip(skips, { ...missing, CI: 'true' })).not.toThrow('skipped');
  });

  it('skips elsewhere, saying why', () => {
    expect(() => manifestSchemaOrSkip(skips, missing)).toThrow(`skipped: ${why}`);
  });
});
