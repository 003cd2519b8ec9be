// What one `/clip reels=3` job costs each platform's rate limits: the calls the bot makes to Slack's Web API
// and Discord's REST API per job, counted at the test doubles. Jobs last 1.5 refresh periods (the card's
// progress refresh is compressed to 1 s, jobs take 1.5 s: a 90 s job with the 60 s refresh), so a refresh
// is counted as it would be in production.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { embeddedScheduler, startBot } from '../src/start-bot.ts';
import { startWorld } from '../test/discord/e2e-support.ts';
import { sendSigned, startSlackWebApi, waitFor } from '../test/doubles/slack/index.ts';
import { SECRET, slashCommand, USERS } from '../test/slack/harness.ts';
import type { Row } from './stats.ts';

const BENCH = 'platform calls';
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const JOB_MS = 1500;
const timings = { firstPollMs: 60_000, maxPollMs: 60_000, progressMs: 1000 };
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, child: () => silent };

function perMethod(calls: string[], jobs: number, platform: string): Row[] {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1);
  const rows: Row[] = [...counts].map(([method, n]) => ({
    bench: BENCH,
    case: `${platform} ${method}`,
    n,
    note: `${(n / jobs).toFixed(2)} per job`,
  }));
  rows.push({
    bench: BENCH,
    case: `${platform} all calls`,
    n: calls.length,
    note: `${(calls.length / jobs).toFixed(2)} per job`,
  });
  return rows;
}

async function slack(jobs: number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-bench-calls-'));
  const web = await startSlackWebApi({ users: USERS, tiers: { minuteMs: 60_000 } });
  const config = loadConfig({
    MEDIA_API_URL: 'sandbox',
    STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    SLACK_BOT_TOKEN: 'xoxb-bench',
    SLACK_API_URL: web.apiUrl,
    SLACK_SIGNING_SECRET: SECRET,
  });
  const app = await startBot(config, {
    logger: silent,
    infra: { sandbox: { jobMs: JOB_MS, webhookRetryMs: 100 }, scheduler: embeddedScheduler(50) },
    tuning: { timings },
  });
  try {
    const from = web.calls.length;
    for (let i = 0; i < jobs; i++) {
      const command = { ...slashCommand(web, '/clip', `${VIDEO} reels=3`), channel_id: `C0BENCH${i}` };
      await sendSigned(`http://127.0.0.1:${app.port}/slack/commands`, 'command', command, { secret: SECRET });
    }
    const done = () =>
      web.callsOf('chat.update').filter((c) => c.status === 200 && /✅ Done/.test(String(c.args.text)));
    await waitFor(() => done().length >= jobs, 'Slack jobs done', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return perMethod(
      web.calls.slice(from).map((c) => (c.status === 429 ? `${c.method} (429)` : c.method)),
      jobs,
      'Slack',
    );
  } finally {
    await app.stop();
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function discord(jobs: number): Promise<Row[]> {
  const w = await startWorld({ jobMs: JOB_MS });
  try {
    await w.app.stop();
    // The same world with the compressed progress refresh.
    const from = w.discord.requests.length;
    w.app = await startBot(
      loadConfig({
        MEDIA_API_URL: 'sandbox',
        STORE_URL: `sqlite://${join(mkdtempSync(join(tmpdir(), 'reelbot-bench-calls-')), 'bot.sqlite')}`,
        PORT: '0',
        HOST: '127.0.0.1',
        DISCORD_TOKEN: w.discord.token,
        DISCORD_API_URL: w.discord.restUrl,
      }),
      {
        logger: silent,
        infra: { sandbox: { jobMs: JOB_MS, webhookRetryMs: 100 }, scheduler: embeddedScheduler(50) },
        tuning: { timings },
      },
    );
    const startAt = w.discord.requests.length;
    for (let i = 0; i < jobs; i++) w.discord.command('clip', { url: VIDEO, reels: 3 });
    const edits = () =>
      w.discord.requests
        .slice(startAt)
        .filter((r) => r.method === 'PATCH' && /Done/.test(JSON.stringify(r.body ?? '')));
    await w.discord.waitFor(() => (edits().length >= jobs ? true : undefined), 30_000, 'Discord jobs done');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = w.discord.requests
      .slice(Math.max(from, startAt))
      .map((r) => `${r.method} ${r.path.replace(/\/itoken[^/]*/g, '/:token').replace(/\/\d+/g, '/:id')}`);
    return perMethod(calls, jobs, 'Discord');
  } finally {
    await w.close();
  }
}

export async function runPlatformCalls(quick: boolean): Promise<Row[]> {
  const jobs = quick ? 3 : 10;
  return [...(await slack(jobs)), ...(await discord(jobs))];
}
