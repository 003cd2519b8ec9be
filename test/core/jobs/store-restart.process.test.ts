import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { createHttpTransport, type HttpTransport } from '../../../src/core/media/http-transport.ts';
import { type Sandbox, startSandbox } from '../../../src/sandbox/server.ts';
import { freePort } from '../../support/bot-process.ts';
import { type Harness, origin, startHarness } from '../../support/harness.ts';

// A command is answered either handled or "storage is unavailable, try again shortly", never both: a person
// told to try again whose job goes on anyway makes a second one when they do. Here Redis (a server of this
// test's own, its writes on disk at once) restarts just as the media API has created the project.

const VIDEO = 'https://example.com/talk.mp4';
let h: Harness | undefined;
let sandbox: Sandbox | undefined;
let redis: ChildProcess | undefined;
const dir = mkdtempSync(join(tmpdir(), 'reelbot-store-restart-'));

afterEach(async () => {
  await h?.close();
  await sandbox?.close();
  await stopRedis();
  h = undefined;
  sandbox = undefined;
});

/** One folder per server, kept across its restarts. */
function dataDir(port: number): string {
  const path = join(dir, String(port));
  mkdirSync(path, { recursive: true });
  return path;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startRedis(port: number): Promise<void> {
  const proc = spawn(
    'redis-server',
    // Every write on disk before it is answered, so a restart loses nothing: only the outage is tested.
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      dataDir(port),
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  proc.stdout?.setEncoding('utf8');
  redis = proc;
  let out = '';
  proc.stdout?.on('data', (d: string) => {
    out += d;
  });
  for (let i = 0; i < 100 && !/Ready to accept connections/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
  if (!/Ready to accept connections/.test(out)) throw new Error(`redis-server did not start: ${out}`);
}

async function stopRedis(): Promise<void> {
  const proc = redis;
  redis = undefined;
  if (!proc?.pid || proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((r) => proc.once('exit', r));
  process.kill(proc.pid, 'SIGKILL');
  await gone;
}

/** The sandbox over HTTP; once a creation has been answered, `after` runs before the bot hears the answer. */
function afterCreating(baseUrl: string, after: () => Promise<void>): HttpTransport {
  const real = createHttpTransport({ baseUrl, connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 });
  return {
    async request(req) {
      const res = await real.request(req);
      if (req.method === 'POST' && /\/(clip|ttv|subtitles|broll|tts)$/.test(req.path)) await after();
      return res;
    },
    close: () => real.close(),
  };
}

async function botOnRedis(after: (redisPort: number) => Promise<void>, env: Record<string, string> = {}) {
  const redisPort = await freePort();
  await startRedis(redisPort);
  // The API's webhook retries (5, 1 s apart here) outlast the outage, as its real ones (30 s apart) outlast a failover.
  sandbox = await startSandbox({ port: 0, jobMs: 300, webhookRetryMs: 1_000 });
  const port = await freePort();
  h = await startHarness(
    {
      MEDIA_API_URL: sandbox.baseUrl,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STORE_URL: `redis://127.0.0.1:${redisPort}`,
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      ...env,
    },
    { infra: { mediaTransport: afterCreating(sandbox.baseUrl, () => after(redisPort)) } },
  );
  await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-team-key-000000' });
  return h;
}

const told = (harness: Harness) => harness.chat.ephemerals().map((e) => e.message.text);
const results = (harness: Harness) => harness.chat.seen.filter((s) => s.where === 'thread');

describe('Redis restarting just after the media API created the project', () => {
  it('the job goes on and posts its result once; the person is never told to try again', async () => {
    let restarted: Promise<void> | undefined;
    const harness = await botOnRedis(async (redisPort) => {
      if (restarted) return;
      await stopRedis();
      // Back after 2 s, as a restarted server or a promoted replica would be.
      restarted = new Promise((r) => setTimeout(r, 2_000)).then(() => startRedis(redisPort));
    });
    const started = Date.now();
    await harness.command(`/broll ${VIDEO}`);
    expect(restarted).toBeDefined();
    await restarted;
    await harness.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    expect(told(harness).filter((t) => /storage is unavailable/i.test(t))).toEqual([]);
    expect(told(harness).filter((t) => /try again/i.test(t))).toEqual([]);
    expect(results(harness)).toHaveLength(1);
    expect(results(harness)[0]?.message.text).not.toMatch(/fail|may have created/i);
    // Handled within seconds of Redis being back, not after a poll's backoff.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 40_000);
});

describe('Redis down before anything was sent', () => {
  it('refuses with "storage is unavailable" and creates nothing', async () => {
    let creations = 0;
    const harness = await botOnRedis(async () => {
      creations++;
    });
    await stopRedis();
    const started = Date.now();
    await harness.command(`/broll ${VIDEO}`);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(told(harness).at(-1)).toMatch(/storage is unavailable, try again shortly/i);
    expect(harness.chat.seen.filter((s) => s.where !== 'ephemeral')).toEqual([]);
    expect(creations).toBe(0);
  }, 30_000);
});
