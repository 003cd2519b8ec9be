// The only reader of process.env. Every variable is validated once here; a bad or missing value stops
// start-up with a ConfigError that names each variable, what to set and where to get it.

import { z } from 'zod';
import { ConfigError } from './core/errors.ts';
import { LEGACY_KEY_PREFIX } from './infra/redis/redis-keys.ts';
import { isSentinelUrl, redisPassword, sentinelUrlProblem } from './infra/redis/redis-url.ts';
import { embeddedSandboxOptionsFromEnv, type SandboxOptions, sandboxOptionsFromEnv } from './sandbox/options.ts';

export type Env = Record<string, string | undefined>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_MEDIA_API_URL = 'https://mango.quickreel.io/api/v2';
export const DEFAULT_STORE_URL = 'sqlite://data/reelbot.sqlite';
/**
 * What a bot without PUBLIC_URL tells the remote media API as the (required) webhookUrl: `.invalid` is a
 * reserved top-level domain (RFC 2606) that never resolves, so a delivery fails at once on the API's side
 * instead of reaching whatever listens on the API's own 127.0.0.1; results then arrive by polling.
 */
export const UNREACHABLE_WEBHOOK_BASE = 'https://no-public-url.invalid';

export type StoreConfig =
  | { kind: 'sqlite'; path: string }
  /**
   * prefix: REDIS_KEY_PREFIX, so several bots (or test runs) share one Redis; default KEY_PREFIX (redis-keys.ts),
   * with a hash tag so all of a bot's keys share one Redis Cluster slot. legacyPrefix: where versions before the
   * hash tag kept the keys (moved to `prefix` at start).
   */
  | { kind: 'redis'; url: string; prefix?: string; legacyPrefix?: string };

export interface Config {
  nodeEnv: string;
  production: boolean;
  port: number;
  /** The terminal's language (LC_ALL, LC_MESSAGES or LANG, e.g. `fr_FR.UTF-8`): the console's person reads it. */
  consoleLocale?: string;
  /** Listen address; unset = 0.0.0.0 with a platform adapter, 127.0.0.1 for the local console. */
  host?: string;
  /** Base URL the media API can reach for webhooks, no trailing slash; unset = rely on polling. */
  publicUrl?: string;
  logLevel: LogLevel;
  /** Whether LOG_LEVEL was set (a terminal chat is quieter by default). */
  logLevelSet: boolean;
  mediaApi: {
    mode: 'sandbox' | 'remote';
    /** Remote mode only, no trailing slash. */
    url?: string;
    /** The team-wide key; per-channel keys set in chat override it. */
    defaultKey?: string;
    /** Why the sandbox runs: asked for (MEDIA_API_URL=sandbox) or nothing configured. */
    sandboxReason?: 'requested' | 'unconfigured';
    /** Requests per hour per key the bot allows itself. */
    rateLimitPerHour: number;
    /**
     * What one workspace may spend an hour of a key workspaces share (MEDIA_API_KEY, the sandbox's): set by
     * MEDIA_API_WORKSPACE_SHARE, a quarter of the rate limit by default in Slack distribution mode, else unset
     * (a workspace may spend the whole budget).
     */
    workspaceShare?: number;
    /** Sandbox mode: the SANDBOX_* variables set for the sandbox the bot starts (how long projects take…). */
    sandbox?: Partial<SandboxOptions>;
  };
  /** How long the poller keeps asking about a project before giving up. */
  pollHorizonHours: number;
  store: StoreConfig;
  /** 32 bytes; required with Redis, otherwise the store may create one in its data folder. */
  encryptionKey?: Buffer;
  /** Keys that sealed secrets before a rotation (ENCRYPTION_KEY_PREVIOUS): they open, never seal. */
  previousEncryptionKeys: Buffer[];
  /** /metrics on its own listener (METRICS_PORT) and/or behind a bearer token (METRICS_TOKEN). */
  metrics: { port?: number; token?: string };
  /** publicKey set = HTTP interactions mode (POST /discord/interactions) instead of the gateway. */
  discord?: { token: string; guildId?: string; apiUrl?: string; publicKey?: string };
  /** Put before every Slack slash command's name (SLACK_COMMAND_PREFIX=rb- → /rb-clip); '' = none. */
  slackCommandPrefix: string;
  slack?: {
    /** One workspace: its bot token. Absent in distribution mode, where each workspace's token is in the store. */
    botToken?: string;
    /**
     * Distribution mode (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET without SLACK_BOT_TOKEN): any
     * workspace installs the app through /slack/install, HTTP mode only.
     */
    oauth?: {
      clientId: string;
      clientSecret: string;
      stateSecret: string;
      /** Slack's authorize page, or a proxy / test double of it (SLACK_AUTHORIZE_URL). */
      authorizeUrl: string;
      /** PUBLIC_URL/slack/oauth_redirect. */
      redirectUri: string;
    };
    mode: 'socket' | 'http';
    appToken?: string;
    signingSecret?: string;
    apiUrl?: string;
    /**
     * Slack user ids allowed to configure the bot besides workspace admins; in distribution mode each is written
     * `TEAM:USER`, so a person of one workspace is never an admin in another with the same user id.
     */
    adminUsers: string[];
  };
}

export const DEFAULT_SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';

const SLACK_APPS = 'https://api.slack.com/apps';
const GENERATE_KEY = 'generate one with `openssl rand -base64 32`';

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

const str = z.string().optional();
const httpUrl = (hint: string) => str.refine((v) => v === undefined || isHttpUrl(v), { error: hint });
const matching = (re: RegExp, hint: string) => str.refine((v) => v === undefined || re.test(v), { error: hint });

function decodeKey(value: string): Buffer | undefined {
  // Buffer.from skips characters outside the alphabet silently, so check the alphabet first.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  const key = Buffer.from(value, 'base64');
  return key.length === 32 ? key : undefined;
}

const decodeKeyList = (value: string): Buffer[] | undefined => {
  const keys = value.split(',').map((k) => decodeKey(k.trim()));
  return keys.every((k) => k !== undefined) ? (keys as Buffer[]) : undefined;
};

const portNumber = (fallback: string) =>
  str.refine((v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) <= 65_535), {
    error: `must be a whole number from 0 to 65535${fallback}`,
  });

const envSchema = z.object({
  NODE_ENV: str,
  // The terminal's language, POSIX's order: LC_ALL over LC_MESSAGES over LANG (`de_DE.UTF-8`); the console writes in it.
  LC_ALL: str,
  LC_MESSAGES: str,
  LANG: str,
  MEDIA_API_URL: str.refine((v) => v === undefined || v === 'sandbox' || isHttpUrl(v), {
    error: `must be an http(s) URL (default ${DEFAULT_MEDIA_API_URL}) or the word "sandbox" to run the built-in simulator`,
  }),
  MEDIA_API_KEY: str,
  HOST: str.refine((v) => v === undefined || /^[A-Za-z0-9.:[\]-]+$/.test(v), {
    error: 'must be an address to listen on, e.g. 127.0.0.1 (loopback only) or 0.0.0.0 (every interface)',
  }),
  PORT: portNumber(' (default 3000)'),
  METRICS_PORT: portNumber(' (unset = /metrics is served on PORT)'),
  METRICS_TOKEN: matching(/^\S{16,}$/, 'must be at least 16 characters without spaces (`openssl rand -hex 24`)'),
  PUBLIC_URL: httpUrl(
    'must be the public http(s) base URL where the media API can reach this bot, e.g. https://reelbot.example.com',
  ),
  STORE_URL: str.superRefine((v, ctx) => {
    if (v === undefined || /^(sqlite:\/\/.+|rediss?:\/\/.+)$/.test(v)) return;
    const problem = isSentinelUrl(v)
      ? sentinelUrlProblem(v)
      : `must be sqlite://<file> (default ${DEFAULT_STORE_URL}) or redis://host:6379 (rediss:// for TLS, ` +
        'redis+sentinel://host:26379,host:26379,host:26379/mymaster through Redis Sentinel)';
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  REDIS_KEY_PREFIX: matching(
    /^(?=.{1,64}$)[A-Za-z0-9_.:-]*(\{[A-Za-z0-9_.:-]+\}[A-Za-z0-9_.:-]*)?$/,
    'may only hold letters, digits, _ . : - and one {hash tag} (e.g. {reelbot-staging}:)',
  ),
  ENCRYPTION_KEY: str.refine((v) => v === undefined || decodeKey(v) !== undefined, {
    error: `must be base64 of exactly 32 random bytes; ${GENERATE_KEY}`,
  }),
  ENCRYPTION_KEY_PREVIOUS: str.refine((v) => v === undefined || decodeKeyList(v) !== undefined, {
    error: 'must be one or more old ENCRYPTION_KEY values (base64 of 32 bytes each), separated by commas',
  }),
  DISCORD_TOKEN: str,
  DISCORD_GUILD_ID: matching(
    /^\d{17,20}$/,
    'must be a numeric server id (in Discord: Developer Mode on, right-click the server, Copy Server ID)',
  ),
  DISCORD_API_URL: httpUrl('must be an http(s) URL of a Discord REST API (or a proxy of it)'),
  DISCORD_PUBLIC_KEY: matching(
    /^[0-9a-fA-F]{64}$/,
    'must be the 64 hexadecimal characters of Public Key from General Information at https://discord.com/developers/applications',
  ),
  SLACK_BOT_TOKEN: matching(
    /^xoxb-/,
    `must be the Bot User OAuth Token (starts with xoxb-) from OAuth & Permissions at ${SLACK_APPS}`,
  ),
  SLACK_APP_TOKEN: matching(
    /^xapp-/,
    `must be an App-Level Token (starts with xapp-, scope connections:write) from Basic Information at ${SLACK_APPS}`,
  ),
  SLACK_SIGNING_SECRET: str,
  SLACK_CLIENT_ID: matching(
    /^\d+\.\d+$/,
    `must be the Client ID from Basic Information → App Credentials at ${SLACK_APPS} (digits, a dot, digits)`,
  ),
  SLACK_CLIENT_SECRET: str,
  SLACK_STATE_SECRET: matching(
    /^\S{16,}$/,
    'must be a secret of at least 16 characters without spaces; it signs the install links. Make one with ' +
      '`openssl rand -hex 24`',
  ),
  SLACK_AUTHORIZE_URL: httpUrl(
    `must be an http(s) URL of Slack's authorize page (default ${'https://slack.com/oauth/v2/authorize'}) or a proxy of it`,
  ),
  SLACK_API_URL: httpUrl('must be an http(s) URL of the Slack Web API (or a proxy of it), e.g. https://slack.com/api/'),
  // Slack command names: lower case, no spaces, ≤ 32 characters with the longest name (scheduled, 9).
  SLACK_COMMAND_PREFIX: matching(
    /^[a-z0-9][a-z0-9_-]{0,19}$/,
    'must be up to 20 lower-case letters, digits, - or _ (e.g. rb-), put before every slash command name',
  ),
  SLACK_ADMIN_USERS: matching(
    /^([TE][A-Z0-9]+:)?[UW][A-Z0-9]+(\s*,\s*([TE][A-Z0-9]+:)?[UW][A-Z0-9]+)*$/,
    'must be a comma-separated list of Slack user ids such as U0123ABCD (profile, more, Copy member ID); in ' +
      'distribution mode each with its workspace id first, T0123ABCD:U0123ABCD',
  ),
  LOG_LEVEL: str.refine((v) => v === undefined || (LOG_LEVELS as readonly string[]).includes(v), {
    error: `must be one of ${LOG_LEVELS.join(', ')} (default info)`,
  }),
  MEDIA_API_RATE_LIMIT: matching(
    /^[1-9]\d*$/,
    "must be a whole number of requests per hour per API key, at most the plan's limit (free 100, pro 1000)",
  ),
  MEDIA_API_WORKSPACE_SHARE: matching(
    /^[1-9]\d*$/,
    'must be a whole number of requests per hour that one workspace may spend of the shared MEDIA_API_KEY, at most MEDIA_API_RATE_LIMIT',
  ),
  POLL_HORIZON_HOURS: str.refine((v) => v === undefined || (/^\d+(\.\d+)?$/.test(v) && Number(v) > 0), {
    error: 'must be a positive number of hours (default 24)',
  }),
});
type RawEnv = z.infer<typeof envSchema>;

/** Rules that involve more than one variable; each names the variable to set. */
function crossChecks(e: RawEnv): string[] {
  const problems: string[] = [];
  // A chat platform with no media API configured would quietly serve simulated results to a real team.
  if ((e.DISCORD_TOKEN || e.SLACK_BOT_TOKEN || e.SLACK_CLIENT_ID) && !e.MEDIA_API_URL && !e.MEDIA_API_KEY) {
    problems.push(
      'MEDIA_API_KEY: required when DISCORD_TOKEN or SLACK_BOT_TOKEN is set (the team-wide key from your media API ' +
        'dashboard), or set MEDIA_API_URL to the API (channels then bring their own key with /setup key); ' +
        'MEDIA_API_URL=sandbox runs the built-in simulator on purpose',
    );
  }
  // ENCRYPTION_KEY_PREVIOUS alone is a rotation whose new key is in SQLite's data/encryption.key; Redis requires
  // ENCRYPTION_KEY below.
  if (e.STORE_URL?.startsWith('redis') && !e.ENCRYPTION_KEY) {
    problems.push(`ENCRYPTION_KEY: required when STORE_URL is redis, and the same on every replica; ${GENERATE_KEY}`);
  }
  if (e.SLACK_BOT_TOKEN && !e.SLACK_APP_TOKEN && !e.SLACK_SIGNING_SECRET) {
    problems.push(
      'SLACK_SIGNING_SECRET: required in HTTP mode (SLACK_BOT_TOKEN set without SLACK_APP_TOKEN); copy the ' +
        `Signing Secret from Basic Information at ${SLACK_APPS}, or set SLACK_APP_TOKEN to use Socket Mode`,
    );
  }
  problems.push(...distributionChecks(e));
  const rate = Number(e.MEDIA_API_RATE_LIMIT ?? 100);
  if (e.MEDIA_API_WORKSPACE_SHARE !== undefined && Number(e.MEDIA_API_WORKSPACE_SHARE) > rate) {
    problems.push(
      `MEDIA_API_WORKSPACE_SHARE: at most MEDIA_API_RATE_LIMIT (${rate}), the whole key's budget that all workspaces share`,
    );
  }
  if (!e.SLACK_BOT_TOKEN && !e.SLACK_CLIENT_ID && (e.SLACK_APP_TOKEN || e.SLACK_SIGNING_SECRET)) {
    problems.push(
      'SLACK_BOT_TOKEN: required when SLACK_APP_TOKEN or SLACK_SIGNING_SECRET is set; copy the Bot User OAuth ' +
        `Token (xoxb-) from OAuth & Permissions at ${SLACK_APPS}`,
    );
  }
  return problems;
}

/** Distribution mode: every variable it needs, and none of single-workspace mode's. */
function distributionChecks(e: RawEnv): string[] {
  const oauth = [e.SLACK_CLIENT_ID, e.SLACK_CLIENT_SECRET, e.SLACK_STATE_SECRET];
  if (oauth.every((v) => v === undefined)) return [];
  if (e.SLACK_BOT_TOKEN) {
    return [
      'SLACK_BOT_TOKEN: unset it for distribution mode (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET: ' +
        'each workspace installs the app at /slack/install), or unset those three to run in one workspace',
    ];
  }
  const problems: string[] = [];
  const basic = `Basic Information → App Credentials at ${SLACK_APPS}`;
  if (!e.SLACK_CLIENT_ID)
    problems.push(`SLACK_CLIENT_ID: required in distribution mode; copy the Client ID from ${basic}`);
  if (!e.SLACK_CLIENT_SECRET)
    problems.push(`SLACK_CLIENT_SECRET: required in distribution mode; copy the Client Secret from ${basic}`);
  if (!e.SLACK_STATE_SECRET)
    problems.push(
      'SLACK_STATE_SECRET: required in distribution mode, where it signs the install links. Make one with ' +
        '`openssl rand -hex 24`',
    );
  if (!e.SLACK_SIGNING_SECRET)
    problems.push(`SLACK_SIGNING_SECRET: required in distribution mode; copy the Signing Secret from ${basic}`);
  if (!e.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: required in distribution mode; Slack sends installers back to PUBLIC_URL/slack/oauth_redirect',
    );
  if (e.SLACK_APP_TOKEN)
    problems.push(
      "SLACK_APP_TOKEN: distribution mode runs in HTTP mode (its install pages are on the bot's one listener); unset it",
    );
  const unscoped = (e.SLACK_ADMIN_USERS ?? '').split(',').filter((u) => u.trim() !== '' && !u.includes(':'));
  if (unscoped.length > 0)
    problems.push(
      `SLACK_ADMIN_USERS: in distribution mode write each person with their workspace id, e.g. T0123ABCD:${unscoped[0]?.trim()}`,
    );
  return problems;
}

/** Empty strings count as unset; surrounding spaces (a common paste mistake) are dropped. */
function normalise(env: Env): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key]?.trim();
    out[key] = value === '' ? undefined : value;
  }
  return out;
}

export function loadConfig(env: Env = process.env): Config {
  const raw = normalise(env);
  const parsed = envSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`)),
    ...crossChecks(raw),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration; set these in the environment (.env.example lists every variable):\n  - ${problems.join('\n  - ')}`,
    );
  }
  const config = build(parsed.data);
  const sandbox = config.mediaApi.mode === 'sandbox' ? embeddedSandboxOptionsFromEnv(env) : {};
  return Object.keys(sandbox).length > 0 ? { ...config, mediaApi: { ...config.mediaApi, sandbox } } : config;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function build(e: RawEnv): Config {
  const nodeEnv = e.NODE_ENV ?? 'development';
  return {
    nodeEnv,
    production: nodeEnv === 'production',
    port: e.PORT === undefined ? 3000 : Number(e.PORT),
    ...(e.HOST ? { host: e.HOST } : {}),
    ...(e.PUBLIC_URL ? { publicUrl: trimSlash(e.PUBLIC_URL) } : {}),
    logLevel: (e.LOG_LEVEL ?? 'info') as LogLevel,
    logLevelSet: e.LOG_LEVEL !== undefined,
    mediaApi: mediaApi(e),
    pollHorizonHours: e.POLL_HORIZON_HOURS === undefined ? 24 : Number(e.POLL_HORIZON_HOURS),
    store: store(e.STORE_URL ?? DEFAULT_STORE_URL, e.REDIS_KEY_PREFIX),
    ...(e.ENCRYPTION_KEY ? { encryptionKey: decodeKey(e.ENCRYPTION_KEY) as Buffer } : {}),
    previousEncryptionKeys: e.ENCRYPTION_KEY_PREVIOUS ? (decodeKeyList(e.ENCRYPTION_KEY_PREVIOUS) ?? []) : [],
    metrics: {
      ...(e.METRICS_PORT === undefined ? {} : { port: Number(e.METRICS_PORT) }),
      ...(e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : {}),
    },
    ...(e.DISCORD_TOKEN ? { discord: discord(e, e.DISCORD_TOKEN) } : {}),
    slackCommandPrefix: e.SLACK_COMMAND_PREFIX ?? '',
    ...(consoleLocale(e) ? { consoleLocale: consoleLocale(e) } : {}),
    ...(e.SLACK_BOT_TOKEN || e.SLACK_CLIENT_ID ? { slack: slack(e) } : {}),
  };
}

/** The terminal's language as POSIX reads it; C and POSIX name none (core/i18n reads the tag). */
const consoleLocale = (e: RawEnv): string | undefined => e.LC_ALL ?? e.LC_MESSAGES ?? e.LANG;

/** Where the process's input comes from: a terminal, text piped or redirected in, or nothing (a service). */
export type InputKind = 'terminal' | 'piped' | 'none';

/**
 * With no chat platform the bot is the terminal console. Where nobody can type into it (a service's empty
 * input) or in production, that is a missing token: the console would read end-of-input and exit 0, a silent
 * restart loop under compose and a stopped unit under systemd.
 */
export function requireChatPlatform(config: Config, input: InputKind): void {
  if (config.discord || config.slack) return;
  if (!config.production && input !== 'none') return;
  const why = config.production
    ? 'NODE_ENV is production, where the terminal console does not run'
    : 'there is no terminal and nothing piped in for the terminal console';
  throw new ConfigError(
    `No chat platform is configured and ${why}. Set DISCORD_TOKEN for Discord; for Slack in one workspace, ` +
      'SLACK_BOT_TOKEN with SLACK_SIGNING_SECRET (HTTP mode) or SLACK_APP_TOKEN (Socket Mode); for Slack in many ' +
      'workspaces (distribution mode), SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET, SLACK_SIGNING_SECRET ' +
      'and PUBLIC_URL (docs/slack.md). .env.example lists every variable. To use the console instead, run it outside ' +
      "production at a terminal or pipe commands in: echo '/help' | npm start",
  );
}

/** SLACK_COMMAND_PREFIX alone, for `npm run slack:manifest` (which needs no token to print the manifest). */
export function loadSlackCommandPrefix(env: Env = process.env): string {
  const parsed = envSchema.shape.SLACK_COMMAND_PREFIX.safeParse(env.SLACK_COMMAND_PREFIX || undefined);
  if (!parsed.success)
    throw new ConfigError(`SLACK_COMMAND_PREFIX ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return parsed.data ?? '';
}

/**
 * What `npm run slack:manifest` reads besides its flags: in distribution mode (SLACK_CLIENT_ID set) the manifest is
 * HTTP mode's on PUBLIC_URL, with its redirect URL; in the other modes a valid PUBLIC_URL is only compared with
 * `--http` (the bot serves Slack where it serves webhooks). Nothing else is required or checked.
 */
export function loadSlackManifestSettings(env: Env = process.env): {
  prefix: string;
  publicUrl?: string;
  distribution: boolean;
} {
  const prefix = loadSlackCommandPrefix(env);
  const raw = normalise(env);
  const url = envSchema.shape.PUBLIC_URL.safeParse(raw.PUBLIC_URL);
  const publicUrl = raw.PUBLIC_URL && url.success ? trimSlash(raw.PUBLIC_URL) : undefined;
  if (!raw.SLACK_CLIENT_ID) return { prefix, distribution: false, ...(publicUrl ? { publicUrl } : {}) };
  if (!publicUrl)
    throw new ConfigError(
      'PUBLIC_URL: required with SLACK_CLIENT_ID (distribution); the manifest names PUBLIC_URL/slack/oauth_redirect ' +
        'as the redirect URL and PUBLIC_URL/slack/* as the request URLs',
    );
  return { prefix, publicUrl, distribution: true };
}

/**
 * What `npm run discord:register` needs, and nothing else: the bot token (the application id is read with it),
 * DISCORD_GUILD_ID and DISCORD_API_URL. Registering commands touches no media API, store or Slack, so their
 * variables are neither required nor checked here.
 */
export function loadDiscordRegistration(env: Env = process.env): NonNullable<Config['discord']> {
  const raw = normalise(env);
  const parsed = envSchema.pick({ DISCORD_TOKEN: true, DISCORD_GUILD_ID: true, DISCORD_API_URL: true }).safeParse(raw);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  if (!raw.DISCORD_TOKEN) {
    problems.push(
      'DISCORD_TOKEN: required; copy the bot token from https://discord.com/developers/applications → your app → Bot',
    );
  }
  const e = parsed.success ? parsed.data : undefined;
  if (!e?.DISCORD_TOKEN || problems.length > 0) {
    throw new ConfigError(`Invalid configuration; set these in the environment:\n  - ${problems.join('\n  - ')}`);
  }
  return {
    token: e.DISCORD_TOKEN,
    ...(e.DISCORD_GUILD_ID ? { guildId: e.DISCORD_GUILD_ID } : {}),
    ...(e.DISCORD_API_URL ? { apiUrl: trimSlash(e.DISCORD_API_URL) } : {}),
  };
}

/** A workspace's share of a shared key by default in distribution mode: anyone may install, so no one takes all. */
const DISTRIBUTION_SHARE = 0.25;

function mediaApi(e: RawEnv): Config['mediaApi'] {
  const rateLimitPerHour = e.MEDIA_API_RATE_LIMIT === undefined ? 100 : Number(e.MEDIA_API_RATE_LIMIT);
  const share =
    e.MEDIA_API_WORKSPACE_SHARE !== undefined
      ? Number(e.MEDIA_API_WORKSPACE_SHARE)
      : e.SLACK_CLIENT_ID
        ? Math.max(1, Math.floor(rateLimitPerHour * DISTRIBUTION_SHARE))
        : undefined;
  const keys = {
    ...(e.MEDIA_API_KEY ? { defaultKey: e.MEDIA_API_KEY } : {}),
    ...(share === undefined ? {} : { workspaceShare: share }),
  };
  if (e.MEDIA_API_URL === 'sandbox') return { mode: 'sandbox', sandboxReason: 'requested', ...keys, rateLimitPerHour };
  if (!e.MEDIA_API_URL && !e.MEDIA_API_KEY)
    return { mode: 'sandbox', sandboxReason: 'unconfigured', ...keys, rateLimitPerHour };
  return { mode: 'remote', url: trimSlash(e.MEDIA_API_URL ?? DEFAULT_MEDIA_API_URL), ...keys, rateLimitPerHour };
}

/** sqlite://data/x.sqlite is relative to the working directory; sqlite:///var/x.sqlite is absolute. */
function store(url: string, prefix: string | undefined): StoreConfig {
  if (url.startsWith('sqlite://')) return { kind: 'sqlite', path: url.slice('sqlite://'.length) };
  return { kind: 'redis', url, ...clusterReadyPrefix(prefix ?? LEGACY_KEY_PREFIX) };
}

/**
 * Redis Cluster runs a multi-key command or script only when all its keys hash to one slot (else CROSSSLOT),
 * and a key's slot is that of its {hash tag} when it has one: a prefix with a tag keeps every key of the bot
 * (store rows, claims, BullMQ's queues) in one slot. A prefix without one, as earlier versions took it, is
 * wrapped (`staging:` becomes `{staging}:`), and the keys written under it are moved at start.
 */
function clusterReadyPrefix(prefix: string): { prefix: string; legacyPrefix?: string } {
  if (prefix.includes('{')) return { prefix };
  return { prefix: `{${prefix.replace(/:$/, '')}}:`, legacyPrefix: prefix };
}

function discord(e: RawEnv, token: string): NonNullable<Config['discord']> {
  return {
    token,
    ...(e.DISCORD_GUILD_ID ? { guildId: e.DISCORD_GUILD_ID } : {}),
    ...(e.DISCORD_API_URL ? { apiUrl: trimSlash(e.DISCORD_API_URL) } : {}),
    ...(e.DISCORD_PUBLIC_KEY ? { publicKey: e.DISCORD_PUBLIC_KEY } : {}),
  };
}

function slack(e: RawEnv): NonNullable<Config['slack']> {
  const oauth =
    e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_STATE_SECRET && e.PUBLIC_URL
      ? {
          oauth: {
            clientId: e.SLACK_CLIENT_ID,
            clientSecret: e.SLACK_CLIENT_SECRET,
            stateSecret: e.SLACK_STATE_SECRET,
            authorizeUrl: e.SLACK_AUTHORIZE_URL ?? DEFAULT_SLACK_AUTHORIZE_URL,
            redirectUri: `${trimSlash(e.PUBLIC_URL)}/slack/oauth_redirect`,
          },
        }
      : {};
  return {
    ...(e.SLACK_BOT_TOKEN ? { botToken: e.SLACK_BOT_TOKEN } : {}),
    ...oauth,
    mode: e.SLACK_APP_TOKEN ? 'socket' : 'http',
    ...(e.SLACK_APP_TOKEN ? { appToken: e.SLACK_APP_TOKEN } : {}),
    ...(e.SLACK_SIGNING_SECRET ? { signingSecret: e.SLACK_SIGNING_SECRET } : {}),
    ...(e.SLACK_API_URL ? { apiUrl: e.SLACK_API_URL } : {}),
    adminUsers: e.SLACK_ADMIN_USERS ? e.SLACK_ADMIN_USERS.split(',').map((s) => s.trim()) : [],
  };
}

/** Every secret value in the configuration, for the logger to mask wherever one shows up. */
export function secretValues(config: Config): string[] {
  const values = [
    config.mediaApi.defaultKey,
    config.encryptionKey?.toString('base64'),
    config.encryptionKey?.toString('base64url'),
    ...config.previousEncryptionKeys.flatMap((k) => [k.toString('base64'), k.toString('base64url')]),
    config.metrics.token,
    config.discord?.token,
    config.slack?.botToken,
    config.slack?.appToken,
    config.slack?.signingSecret,
    config.slack?.oauth?.clientSecret,
    config.slack?.oauth?.stateSecret,
    config.store.kind === 'redis' ? redisPassword(config.store.url) : undefined,
  ];
  return values.filter((v): v is string => typeof v === 'string' && v !== '');
}

/** The standalone sandbox's SANDBOX_* variables (its own module owns their schema). */
export function loadSandboxConfig(env: Env = process.env): SandboxOptions {
  return sandboxOptionsFromEnv(env);
}
