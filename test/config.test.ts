import { describe, expect, it } from 'vitest';
import { type Env, loadConfig, loadSandboxConfig, secretValues } from '../src/config.ts';
import { ConfigError } from '../src/core/errors.ts';

const KEY_32 = Buffer.alloc(32, 7).toString('base64');

/** The ConfigError message for `env`. */
function problem(env: Env): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('with nothing set', () => {
  const config = loadConfig({});

  it('runs the sandbox and says it was not configured', () => {
    expect(config.mediaApi).toEqual({ mode: 'sandbox', sandboxReason: 'unconfigured', rateLimitPerHour: 100 });
  });

  it('uses the documented defaults', () => {
    expect(config).toMatchObject({
      port: 3000,
      logLevel: 'info',
      logLevelSet: false,
      nodeEnv: 'development',
      production: false,
      pollHorizonHours: 24,
      store: { kind: 'sqlite', path: 'data/reelbot.sqlite' },
    });
    expect(config.publicUrl).toBeUndefined();
    expect(config.encryptionKey).toBeUndefined();
    expect(config.discord).toBeUndefined();
    expect(config.slack).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', MEDIA_API_URL: '', LOG_LEVEL: ' ', SLACK_BOT_TOKEN: '' })).toEqual(config);
  });
});

describe('choosing the media API', () => {
  it('MEDIA_API_URL=sandbox runs the simulator even with a key', () => {
    expect(loadConfig({ MEDIA_API_URL: 'sandbox', MEDIA_API_KEY: 'k-123' }).mediaApi).toEqual({
      mode: 'sandbox',
      sandboxReason: 'requested',
      defaultKey: 'k-123',
      rateLimitPerHour: 100,
    });
  });

  it('sandbox mode carries the SANDBOX_* variables that were set, for the sandbox the bot starts', () => {
    expect(
      loadConfig({ SANDBOX_JOB_MS: '500', SANDBOX_PORT: '4011', SANDBOX_HOST: '0.0.0.0' }).mediaApi.sandbox,
    ).toEqual({
      jobMs: 500,
      port: 4011,
    });
    // A remote API has no sandbox to tune.
    expect(loadConfig({ MEDIA_API_KEY: 'k-123', SANDBOX_JOB_MS: '500' }).mediaApi.sandbox).toBeUndefined();
  });

  it('a key alone talks to the production API', () => {
    expect(loadConfig({ MEDIA_API_KEY: 'k-123' }).mediaApi).toEqual({
      mode: 'remote',
      url: 'https://mango.quickreel.io/api/v2',
      defaultKey: 'k-123',
      rateLimitPerHour: 100,
    });
  });

  it('a URL alone talks to that API, with keys set per channel later', () => {
    expect(loadConfig({ MEDIA_API_URL: 'http://127.0.0.1:4010/api/v2/' }).mediaApi).toEqual({
      mode: 'remote',
      url: 'http://127.0.0.1:4010/api/v2',
      rateLimitPerHour: 100,
    });
  });

  it('the request budget follows the plan', () => {
    expect(loadConfig({ MEDIA_API_RATE_LIMIT: '1000' }).mediaApi.rateLimitPerHour).toBe(1000);
  });

  it('gives each workspace a share of a shared key when anyone may install (Slack distribution), else no split', () => {
    expect(loadConfig({ MEDIA_API_KEY: 'k' }).mediaApi.workspaceShare).toBeUndefined();
    const distribution = {
      MEDIA_API_KEY: 'k',
      SLACK_CLIENT_ID: '1.2',
      SLACK_CLIENT_SECRET: 's',
      SLACK_STATE_SECRET: 'state-secret-of-this-test',
      SLACK_SIGNING_SECRET: 'sig',
      PUBLIC_URL: 'https://bot.example.com',
    };
    expect(loadConfig(distribution).mediaApi.workspaceShare).toBe(25);
    expect(loadConfig({ ...distribution, MEDIA_API_RATE_LIMIT: '1000' }).mediaApi.workspaceShare).toBe(250);
    expect(loadConfig({ MEDIA_API_KEY: 'k', MEDIA_API_WORKSPACE_SHARE: '30' }).mediaApi.workspaceShare).toBe(30);
    expect(() => loadConfig({ MEDIA_API_KEY: 'k', MEDIA_API_WORKSPACE_SHARE: '200' })).toThrow(
      /MEDIA_API_WORKSPACE_SHARE: at most MEDIA_API_RATE_LIMIT \(100\)/,
    );
  });
});

describe('values that are set', () => {
  it('are read and normalised', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      PUBLIC_URL: 'https://reelbot.example.com/',
      LOG_LEVEL: 'debug',
      POLL_HORIZON_HOURS: '48',
      STORE_URL: 'sqlite:///var/lib/reelbot/db.sqlite',
      ENCRYPTION_KEY: KEY_32,
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      publicUrl: 'https://reelbot.example.com',
      logLevel: 'debug',
      logLevelSet: true,
      pollHorizonHours: 48,
      store: { kind: 'sqlite', path: '/var/lib/reelbot/db.sqlite' },
    });
    expect(config.encryptionKey?.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('Discord appears only with a token', () => {
    expect(loadConfig({ DISCORD_GUILD_ID: '123456789012345678' }).discord).toBeUndefined();
    expect(
      loadConfig({
        DISCORD_TOKEN: 'discord-token',
        MEDIA_API_KEY: 'team-key',
        DISCORD_GUILD_ID: '123456789012345678',
        DISCORD_API_URL: 'http://127.0.0.1:9999/api/',
      }).discord,
    ).toEqual({ token: 'discord-token', guildId: '123456789012345678', apiUrl: 'http://127.0.0.1:9999/api' });
  });

  it('Slack with an app token uses Socket Mode', () => {
    expect(
      loadConfig({
        SLACK_BOT_TOKEN: 'xoxb-1',
        SLACK_APP_TOKEN: 'xapp-1',
        SLACK_ADMIN_USERS: 'U01ABC, W02DEF',
        MEDIA_API_URL: 'sandbox',
      }).slack,
    ).toEqual({ botToken: 'xoxb-1', mode: 'socket', appToken: 'xapp-1', adminUsers: ['U01ABC', 'W02DEF'] });
  });

  it('Slack with a signing secret and no app token uses HTTP mode', () => {
    expect(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's3cret', MEDIA_API_KEY: 'k' }).slack).toEqual(
      {
        botToken: 'xoxb-1',
        mode: 'http',
        signingSecret: 's3cret',
        adminUsers: [],
      },
    );
  });

  it('Redis with an encryption key is accepted', () => {
    expect(loadConfig({ STORE_URL: 'rediss://:pw@cache:6380', ENCRYPTION_KEY: KEY_32 }).store).toEqual({
      kind: 'redis',
      url: 'rediss://:pw@cache:6380',
      prefix: '{reelbot}:',
      legacyPrefix: 'reelbot:',
    });
  });

  it('REDIS_KEY_PREFIX carries a Redis Cluster hash tag: one without a tag is wrapped, one with a tag is kept', () => {
    const env = { STORE_URL: 'redis://cache:6379', ENCRYPTION_KEY: KEY_32 };
    expect(loadConfig({ ...env, REDIS_KEY_PREFIX: 'staging:' }).store).toMatchObject({
      prefix: '{staging}:',
      legacyPrefix: 'staging:',
    });
    expect(loadConfig({ ...env, REDIS_KEY_PREFIX: '{staging}:' }).store).toEqual({
      kind: 'redis',
      url: 'redis://cache:6379',
      prefix: '{staging}:',
    });
    for (const bad of ['{}:', '{a}{b}:', 'a}:', '{a:']) {
      expect(() => loadConfig({ ...env, REDIS_KEY_PREFIX: bad })).toThrow(/REDIS_KEY_PREFIX: .*one \{hash tag\}/);
    }
  });

  it('secretValues lists every secret for the logger to mask', () => {
    const config = loadConfig({
      MEDIA_API_KEY: 'team-key-123',
      STORE_URL: 'redis://:redis-pass-1@cache:6379',
      ENCRYPTION_KEY: KEY_32,
      DISCORD_TOKEN: 'discord-token',
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_SIGNING_SECRET: 's3cret',
    });
    expect(secretValues(config)).toEqual(
      expect.arrayContaining(['team-key-123', 'redis-pass-1', KEY_32, 'discord-token', 'xoxb-1', 's3cret']),
    );
  });
});

describe('each bad value is named with what to set', () => {
  it.each([
    ['MEDIA_API_URL', 'ftp://media', 'MEDIA_API_URL: must be an http(s) URL'],
    ['PORT', 'eighty', 'PORT: must be a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT: must be a whole number from 0 to 65535'],
    ['PUBLIC_URL', 'reelbot.example.com', 'PUBLIC_URL: must be the public http(s) base URL'],
    ['STORE_URL', 'postgres://db', 'STORE_URL: must be sqlite://<file>'],
    ['ENCRYPTION_KEY', 'c2hvcnQ=', 'ENCRYPTION_KEY: must be base64 of exactly 32 random bytes'],
    ['DISCORD_GUILD_ID', 'my-server', 'DISCORD_GUILD_ID: must be a numeric server id'],
    ['DISCORD_API_URL', 'nope', 'DISCORD_API_URL: must be an http(s) URL'],
    ['SLACK_API_URL', 'nope', 'SLACK_API_URL: must be an http(s) URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    ['MEDIA_API_RATE_LIMIT', '0', 'MEDIA_API_RATE_LIMIT: must be a whole number of requests per hour'],
    ['POLL_HORIZON_HOURS', '-1', 'POLL_HORIZON_HOURS: must be a positive number of hours'],
    ['SLACK_ADMIN_USERS', 'alice,bob', 'SLACK_ADMIN_USERS: must be a comma-separated list of Slack user ids'],
  ])('%s=%s', (name, value, expected) => {
    expect(problem({ [name]: value })).toContain(expected);
  });

  it('a Slack token in the wrong variable says which token goes where', () => {
    const message = problem({ SLACK_BOT_TOKEN: 'xapp-1', SLACK_APP_TOKEN: 'xoxb-1' });
    expect(message).toContain('SLACK_BOT_TOKEN: must be the Bot User OAuth Token (starts with xoxb-)');
    expect(message).toContain('SLACK_APP_TOKEN: must be an App-Level Token (starts with xapp-');
    expect(message).toContain('https://api.slack.com/apps');
  });

  it('lists every problem at once, and never echoes a secret', () => {
    const message = problem({ PORT: 'x', LOG_LEVEL: 'y', ENCRYPTION_KEY: 'not-a-real-key-value!!' });
    expect(message.match(/^ {2}- /gm)).toHaveLength(3);
    expect(message).not.toContain('not-a-real-key-value');
  });

  it('Redis without ENCRYPTION_KEY says how to generate one', () => {
    const message = problem({ STORE_URL: 'redis://127.0.0.1:6379' });
    expect(message).toContain('ENCRYPTION_KEY: required when STORE_URL is redis');
    expect(message).toContain('openssl rand -base64 32');
  });

  it('Slack HTTP mode without a signing secret says where to find it', () => {
    const message = problem({ SLACK_BOT_TOKEN: 'xoxb-1' });
    expect(message).toContain('SLACK_SIGNING_SECRET: required in HTTP mode');
    expect(message).toContain('Basic Information');
    expect(message).toContain('or set SLACK_APP_TOKEN');
  });

  it('Slack app token without a bot token asks for the bot token', () => {
    expect(problem({ SLACK_APP_TOKEN: 'xapp-1' })).toContain('SLACK_BOT_TOKEN: required when SLACK_APP_TOKEN');
  });
});

describe('the sandbox configuration', () => {
  it('reads the SANDBOX_* variables through the sandbox module', () => {
    expect(loadSandboxConfig({ SANDBOX_PORT: '4555', SANDBOX_JOB_MS: '10' })).toMatchObject({ port: 4555, jobMs: 10 });
  });
});

describe('the listen address', () => {
  it('is unset by default (the entry point picks 0.0.0.0 or loopback) and takes HOST when given', () => {
    expect(loadConfig({}).host).toBeUndefined();
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(() => loadConfig({ HOST: 'not an address' })).toThrow(/HOST/);
  });
});

describe('a chat platform never runs on the simulator by accident', () => {
  it('refuses Discord or Slack with neither MEDIA_API_URL nor MEDIA_API_KEY, naming the variables', () => {
    for (const env of [{ DISCORD_TOKEN: 't' }, { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }]) {
      const message = problem(env);
      expect(message).toContain('MEDIA_API_KEY: required when DISCORD_TOKEN or SLACK_BOT_TOKEN is set');
      expect(message).toContain('MEDIA_API_URL=sandbox');
    }
  });

  it('runs the simulator when it is asked for, and the real API with a key or a URL', () => {
    expect(loadConfig({ DISCORD_TOKEN: 't', MEDIA_API_URL: 'sandbox' }).mediaApi.mode).toBe('sandbox');
    expect(loadConfig({ DISCORD_TOKEN: 't', MEDIA_API_KEY: 'k' }).mediaApi.mode).toBe('remote');
    expect(loadConfig({ DISCORD_TOKEN: 't', MEDIA_API_URL: 'https://api.example.com/v2' }).mediaApi.mode).toBe(
      'remote',
    );
  });

  it('keeps the embedded simulator for npm start with no tokens', () => {
    expect(loadConfig({}).mediaApi.mode).toBe('sandbox');
  });
});

describe('production settings', () => {
  const OLD = Buffer.alloc(32, 1).toString('base64');
  const OLDER = Buffer.alloc(32, 2).toString('base64url');

  it('ENCRYPTION_KEY_PREVIOUS takes one or more old keys; the new key is ENCRYPTION_KEY or, with SQLite, the key file', () => {
    const config = loadConfig({ ENCRYPTION_KEY: KEY_32, ENCRYPTION_KEY_PREVIOUS: `${OLD}, ${OLDER}` });
    expect(config.previousEncryptionKeys.map((k) => k[0])).toEqual([1, 2]);
    const keyInFile = loadConfig({ ENCRYPTION_KEY_PREVIOUS: OLD });
    expect(keyInFile.encryptionKey).toBeUndefined();
    expect(keyInFile.previousEncryptionKeys.map((k) => k[0])).toEqual([1]);
    expect(problem({ ENCRYPTION_KEY_PREVIOUS: OLD, STORE_URL: 'redis://127.0.0.1:6379' })).toContain(
      'ENCRYPTION_KEY: required when STORE_URL is redis',
    );
    expect(problem({ ENCRYPTION_KEY: KEY_32, ENCRYPTION_KEY_PREVIOUS: 'short' })).toContain('ENCRYPTION_KEY_PREVIOUS:');
    expect(secretValues(config)).toContain(OLD);
  });

  it('METRICS_PORT and METRICS_TOKEN are checked and kept secret', () => {
    const token = 'a'.repeat(24);
    const config = loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token });
    expect(config.metrics).toEqual({ port: 9464, token });
    expect(secretValues(config)).toContain(token);
    expect(problem({ METRICS_TOKEN: 'short' })).toContain('METRICS_TOKEN:');
    expect(problem({ METRICS_PORT: 'x' })).toContain('METRICS_PORT:');
  });
});

describe('Slack distribution mode (many workspaces)', () => {
  const distribution = {
    SLACK_CLIENT_ID: '1234567890.987654321',
    SLACK_CLIENT_SECRET: 'client-secret',
    SLACK_STATE_SECRET: 'a-state-secret-of-24-chars',
    SLACK_SIGNING_SECRET: 's3cret',
    PUBLIC_URL: 'https://bot.example.com/',
    MEDIA_API_KEY: 'k',
  };

  it('is HTTP mode with no bot token, Slack’s authorize page and the redirect on PUBLIC_URL', () => {
    const slack = loadConfig(distribution).slack;
    expect(slack?.botToken).toBeUndefined();
    expect(slack?.mode).toBe('http');
    expect(slack?.oauth).toEqual({
      clientId: '1234567890.987654321',
      clientSecret: 'client-secret',
      stateSecret: 'a-state-secret-of-24-chars',
      authorizeUrl: 'https://slack.com/oauth/v2/authorize',
      redirectUri: 'https://bot.example.com/slack/oauth_redirect',
    });
    const proxied = loadConfig({ ...distribution, SLACK_AUTHORIZE_URL: 'http://127.0.0.1:9/oauth/v2/authorize' });
    expect(proxied.slack?.oauth?.authorizeUrl).toBe('http://127.0.0.1:9/oauth/v2/authorize');
  });

  it('masks the client and state secrets in logs', () => {
    const secrets = secretValues(loadConfig(distribution));
    expect(secrets).toEqual(expect.arrayContaining(['client-secret', 'a-state-secret-of-24-chars']));
  });

  it('names each missing variable, where to get it, and refuses a bot token beside it', () => {
    const { PUBLIC_URL: _p, SLACK_STATE_SECRET: _s, ...partial } = distribution;
    const message = problem(partial);
    expect(message).toContain('SLACK_STATE_SECRET: required in distribution mode');
    expect(message).toContain('PUBLIC_URL: required in distribution mode');
    expect(problem({ ...distribution, SLACK_BOT_TOKEN: 'xoxb-1' })).toContain(
      'SLACK_BOT_TOKEN: unset it for distribution',
    );
    expect(problem({ ...distribution, SLACK_APP_TOKEN: 'xapp-1' })).toContain('distribution mode runs in HTTP mode');
  });

  it('says what SLACK_STATE_SECRET is for in a sentence, missing or too short', () => {
    const { SLACK_STATE_SECRET: _s, ...without } = distribution;
    expect(problem(without)).toContain(
      'SLACK_STATE_SECRET: required in distribution mode, where it signs the install links. Make one with `openssl rand -hex 24`',
    );
    expect(problem({ ...distribution, SLACK_STATE_SECRET: 'short' })).toContain(
      'SLACK_STATE_SECRET: must be a secret of at least 16 characters without spaces; it signs the install links. ' +
        'Make one with `openssl rand -hex 24`',
    );
  });

  it('needs admins written with their workspace, so one workspace’s person is no admin in another', () => {
    expect(problem({ ...distribution, SLACK_ADMIN_USERS: 'U0ADA' })).toContain('T0123ABCD:U0ADA');
    expect(loadConfig({ ...distribution, SLACK_ADMIN_USERS: 'T0ACME:U0ADA' }).slack?.adminUsers).toEqual([
      'T0ACME:U0ADA',
    ]);
  });
});
