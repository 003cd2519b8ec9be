// Everything around a bot process in the side-by-side benchmark: the media API sandbox (jobs finish in
// a fraction of a second, rate limits lifted), the Slack Web API and Discord REST doubles, an Ed25519
// key pair made here for Discord's signatures, and a webhook tap. Bots are real processes (the crash
// tests' helper), so the client, the doubles and the bot do not share one event loop. They run the
// compiled production path (`node dist/main.js`, what operators run): through tsx a bot would also carry the
// TypeScript loader's memory and start-up, which production never pays.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { createDiscordDouble, type DiscordDouble } from '../../test/doubles/discord/index.ts';
import { type SlackCall, type SlackWebApiDouble, startSlackWebApi } from '../../test/doubles/slack/index.ts';
import { type BotProcess, freePort, startBotProcess } from '../../test/support/bot-process.ts';
import { SLACK_SECRET } from './requests.ts';
import { startWebhookTap, type WebhookTap } from './tap.ts';

export type StoreKind = 'sqlite' | 'redis';

export interface BotOptions {
  /** Node options and entry (default `dist/main.js`). */
  argv?: string[];
  /** Keep the bot's log lines after it is ready (`proc.logs`); default false, as parsing them costs the client. */
  keepLogs?: boolean;
}

export interface RunningBot {
  origin: string;
  proc: BotProcess;
  tap: WebhookTap;
  /** Where the bot keeps its records: its STORE_URL and the prefix its store puts before every key. */
  store: { url: string; keyPrefix: string };
  /** Resident memory of the bot process, from /proc (MB). */
  rssMb(): number;
  stop(): Promise<void>;
}

export interface World {
  sandbox: Sandbox;
  web: SlackWebApiDouble;
  discord: DiscordDouble;
  privateKey: KeyObject;
  /** Date.now() when the Slack double recorded each call. */
  callAt: WeakMap<SlackCall, number>;
  startBot(store: StoreKind, options?: BotOptions): Promise<RunningBot>;
  close(): Promise<void>;
}

export const JOB_MS = 300;

const ROOT = join(import.meta.dirname, '..', '..');
/** What bots run: the compiled entry, as in production (`npm run start:prod`). */
export const COMPILED = ['dist/main.js'];

function newestIn(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newestIn(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
}

/** `npm run build` unless dist/ is newer than every file in src/; returns how long it took (0 when skipped). */
export function ensureBuilt(): number {
  const built = (() => {
    try {
      return statSync(join(ROOT, 'dist', 'main.js')).mtimeMs;
    } catch {
      return 0;
    }
  })();
  if (built > newestIn(join(ROOT, 'src'))) return 0;
  const t = performance.now();
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'ignore' });
  return performance.now() - t;
}

export function rssMbOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** `jobMs`: how long the sandbox takes per project (an hour keeps every project pending). */
export async function startWorld(jobMs = JOB_MS): Promise<World> {
  const sandbox = await startSandbox({ jobMs, rateLimitPerMinute: 100_000_000, webhookRetryMs: 1000 });
  const web = await startSlackWebApi();
  const callAt = new WeakMap<SlackCall, number>();
  const push = web.calls.push.bind(web.calls);
  web.calls.push = (...items: SlackCall[]) => {
    for (const item of items) callAt.set(item, Date.now());
    return push(...items);
  };
  const discord = await createDiscordDouble();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The Developer Portal shows the raw 32-byte key in hex: the last 32 bytes of the SPKI DER.
  const publicHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const dirs: string[] = [];
  const prefixes: string[] = [];

  async function startBot(store: StoreKind, options: BotOptions = {}): Promise<RunningBot> {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const tap = await startWebhookTap(origin);
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-side-'));
    dirs.push(dir);
    const prefix = `{reelbot-bench-${randomBytes(4).toString('hex')}}:`;
    if (store === 'redis') prefixes.push(prefix);
    const sqliteUrl = `sqlite://${join(dir, 'bot.sqlite')}`;
    const proc = startBotProcess(
      {
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: tap.origin,
        ...(store === 'sqlite'
          ? { STORE_URL: sqliteUrl }
          : { STORE_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix }),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        MEDIA_API_URL: sandbox.baseUrl,
        MEDIA_API_KEY: 'bench-key',
        MEDIA_API_RATE_LIMIT: '100000000',
        SLACK_BOT_TOKEN: 'xoxb-bench',
        SLACK_SIGNING_SECRET: SLACK_SECRET,
        SLACK_API_URL: web.apiUrl,
        DISCORD_TOKEN: discord.token,
        DISCORD_API_URL: discord.restUrl,
        DISCORD_PUBLIC_KEY: publicHex,
      },
      { readyMs: 60_000, argv: options.argv ?? COMPILED, keepLogs: options.keepLogs ?? false },
    );
    await proc.ready.catch(async (err: unknown) => {
      // A bot that did not get ready in time must not outlive the benchmark.
      proc.kill('SIGKILL');
      await tap.close();
      throw err;
    });
    return {
      origin,
      proc,
      tap,
      store:
        store === 'sqlite' ? { url: sqliteUrl, keyPrefix: '' } : { url: 'redis://127.0.0.1:6379', keyPrefix: prefix },
      rssMb: () => rssMbOf(proc.pid),
      async stop() {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        await proc.exited;
        clearTimeout(timer);
        await tap.close();
      },
    };
  }

  return {
    sandbox,
    web,
    discord,
    privateKey,
    callAt,
    startBot,
    async close() {
      await discord.close();
      await web.close();
      await sandbox.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      for (const prefix of prefixes) await deleteRedisPrefix(prefix).catch(() => undefined);
    },
  };
}
