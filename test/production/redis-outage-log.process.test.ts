import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type SlackWebApiDouble, startSlackWebApi } from '../doubles/slack/index.ts';
import { USERS } from '../slack/harness.ts';
import { logLines, runSlackBot, stopAll, waitForOutput } from '../support/bot-process.ts';

// What an operator reads while Redis goes away and comes back. Before: 70 to 90 "scheduler worker error" stacks
// in 8 s, and BullMQ's "IMPORTANT! Eviction policy is …" printed raw into the JSON log once per connection. A
// Redis server of this test's own, on loopback, with an evicting policy; stopped with SIGKILL and started again.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-redis-outage-'));
let web: SlackWebApiDouble | undefined;
let redis: ChildProcess | undefined;

async function stopRedis(): Promise<void> {
  const proc = redis;
  redis = undefined;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
  const gone = new Promise((r) => proc.once('exit', r));
  process.kill(proc.pid, 'SIGKILL');
  await gone;
}

async function startRedis(port: number, ...settings: string[]): Promise<void> {
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...settings],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  redis = proc;
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  for (let i = 0; i < 100 && !/Ready to accept connections/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
  if (!/Ready to accept connections/.test(out)) throw new Error(`redis-server did not start: ${out}`);
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

afterEach(async () => {
  await stopAll();
  await stopRedis();
  await web?.close();
  web = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the log while Redis is away', () => {
  it('one structured eviction warning; one warning when Redis goes, none per retry, one when it is back', async () => {
    const port = await freePort();
    await startRedis(port, '--maxmemory-policy', 'allkeys-lru');
    const url = `redis://127.0.0.1:${port}`;

    web = await startSlackWebApi({ users: USERS });
    const bot = runSlackBot(web.apiUrl, 'xoxb-redis-outage', {
      METRICS_TOKEN: 'a-scraper-token-0123456789',
      STORE_URL: url,
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    await waitForOutput(bot, /HTTP listener ready/, 30_000);
    // BullMQ checks the policy on each connection as it opens; give the last ones a moment.
    await new Promise((r) => setTimeout(r, 1_000));
    const atStart = logLines(bot.output());
    expect(bot.output()).not.toContain('IMPORTANT!');
    expect(atStart.every((l) => l.level >= 0)).toBe(true);
    const eviction = atStart.filter((l) => l.msg.includes('maxmemory-policy'));
    expect(eviction).toHaveLength(1);
    expect(eviction[0]?.level).toBe(40);
    expect(eviction[0]?.msg).toContain('maxmemory-policy allkeys-lru');
    expect(eviction[0]?.msg).toContain('`maxmemory-policy noeviction`');
    expect(eviction[0]?.msg).toContain('docs/reliability.md');

    const before = bot.output().length;
    await stopRedis();
    await new Promise((r) => setTimeout(r, 8_000));
    const during = logLines(bot.output().slice(before));
    // At a terminal (warnings only): one line, saying writes stopped and why. The scheduler's retries are one
    // detail line, not one per retry.
    expect(during.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([
      expect.stringMatching(new RegExp(`^Store at ${url} stopped taking writes: no primary answers \\(`)),
    ]);
    expect(during.map((l) => l.msg)).toContain(
      `Redis unreachable at ${url}: connect ECONNREFUSED 127.0.0.1:${port}; the scheduler keeps retrying`,
    );
    expect(during).toHaveLength(2);

    const back = bot.output().length;
    await startRedis(port);
    await waitForOutput(
      bot,
      /Redis reachable again at redis:\/\/127\.0\.0\.1:\d+ after \d+ s \(\d+ failures\)/,
      30_000,
    );
    await waitForOutput(bot, /takes writes again, after \d+\.\d s without/, 30_000);
    const after = logLines(bot.output().slice(back));
    expect(after.filter((l) => l.msg.startsWith('Redis reachable again'))).toHaveLength(1);
    // The line that says it is over is as visible as the one that said it began.
    expect(after.filter((l) => l.level >= 40 || l.level < 0).map((l) => l.msg)).toEqual([
      expect.stringMatching(new RegExp(`^Store at ${url} takes writes again, after \\d+\\.\\d s without$`)),
    ]);
  }, 90_000);
});
