// A busy team's workspace: 120 /clip jobs in 4 channels, each running 70–100 s, against a Slack double that
// enforces Slack's limits (chat.update 50 a minute for the workspace, chat.postMessage about one a second
// per channel) and answers 429 with Retry-After as Slack does. Every job must post its results once, every
// card must end in its final state, results must arrive within a minute of completion and 429s stay rare.
// Time runs four times faster on both sides (Slack's minute is 15 s for the double and the bot; jobs run
// 17.5–25 s and arrive over 30 s), so the load against each limit is the real one and the run stays short.
// BUSY_MINUTE_MS=60000 runs it at Slack's real speed (about 5 minutes).
const MINUTE = Number(process.env.BUSY_MINUTE_MS ?? 15_000);
const slower = MINUTE / 15_000;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, SANDBOX_KEY } from '../../src/start-bot.ts';
import {
  type SlackCall,
  type SlackWebApiDouble,
  sendSigned,
  startSlackWebApi,
  waitFor,
} from '../doubles/slack/index.ts';
import { startTestBot, type TestBot } from '../support/bot.ts';
import { SECRET, slashCommand, USERS } from './harness.ts';

const scaled = (ms: number) => (ms * MINUTE) / 60_000;
const CHANNELS = ['C0BUSY1', 'C0BUSY2', 'C0BUSY3', 'C0BUSY4'];
const JOBS = 120;
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const DONE = '✅ Done';

let bot: TestBot | undefined;
let web: SlackWebApiDouble;
let app: RunningBot;

beforeAll(async () => {
  web = await startSlackWebApi({ users: USERS, tiers: { minuteMs: MINUTE } });
  bot = await startTestBot({
    online: true,
    env: {
      MEDIA_API_RATE_LIMIT: '1000000',
      SLACK_BOT_TOKEN: 'xoxb-busy',
      SLACK_API_URL: web.apiUrl,
      SLACK_SIGNING_SECRET: SECRET,
    },
    sandbox: {
      jobMs: scaled(70_000),
      jobSpreadMs: scaled(30_000),
      webhookRetryMs: 100,
      rateLimitPerMinute: 1_000_000,
    },
    tuning: {
      // Results come by webhook; cards refresh once a (compressed) minute, as in production.
      timings: { firstPollMs: 60_000, maxPollMs: 60_000, progressMs: MINUTE },
      slackPace: { intervalMs: scaled(1000) },
      slackRateWindowMs: MINUTE,
    },
  });
  app = bot.app;
});

afterAll(async () => {
  await bot?.close();
  await web?.close();
});

const tagOf = (c: SlackCall) =>
  String((c.args.metadata as { event_payload?: { key?: unknown } } | undefined)?.event_payload?.key ?? '');
const okPosts = () => web.callsOf('chat.postMessage').filter((c) => c.status === 200 && c.response?.ok === true);
const cards = () => okPosts().filter((c) => tagOf(c).endsWith(':card'));

/** What each card shows after its last edit Slack accepted (its own text until edited). */
function shown(card: SlackCall): string {
  const ts = String(card.response?.ts);
  const edits = web.callsOf('chat.update').filter((c) => c.status === 200 && c.args.ts === ts);
  return String((edits.at(-1) ?? card).args.text ?? '');
}

describe('a busy workspace within Slack’s rate tiers', () => {
  it(
    'posts every result once, within a minute, and leaves every card in its final state',
    async () => {
      const base = `http://127.0.0.1:${app.port}`;
      const interval = scaled(120_000) / JOBS;
      for (let i = 0; i < JOBS; i++) {
        const command = {
          ...slashCommand(web, '/clip', `${VIDEO} reels=3`),
          channel_id: CHANNELS[i % CHANNELS.length],
        };
        const res = await sendSigned(`${base}/slack/commands`, 'command', command, { secret: SECRET });
        expect(res.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
      await waitFor(
        () => cards().length === JOBS && cards().every((c) => shown(c).includes(DONE)),
        'final cards',
        150_000 * slower,
      );

      const results = okPosts().filter((c) => /:\d+$/.test(tagOf(c)));
      const late: string[] = [];
      for (const card of cards()) {
        const jobId = tagOf(card).replace(/:card$/, '');
        const mine = results.filter((r) => tagOf(r) === `${jobId}:0`);
        expect(mine, `results of ${jobId}`).toHaveLength(1);
        expect(mine[0]?.args.thread_ts).toBe(card.response?.ts);
        const job = await app.jobs.get(jobId);
        const project = await app.media.getProject(SANDBOX_KEY, job?.projectIds[0] ?? '');
        const lag = (mine[0]?.at ?? 0) - Date.parse(project.completedAt ?? '');
        if (lag > MINUTE) late.push(`${jobId}: ${Math.round(lag)} ms`);
      }
      expect(results).toHaveLength(JOBS);
      expect(late).toEqual([]);

      const platformCalls = web.calls.filter((c) => c.method.startsWith('chat.'));
      const limited = platformCalls.filter((c) => c.status === 429);
      expect(limited.length / platformCalls.length).toBeLessThan(0.05);
      // What /metrics says matches what Slack answered.
      const counted = ['chat.update', 'chat.postMessage'].reduce(
        (n, method) => n + app.metrics.get('reelbot_platform_rate_limited_total', { platform: 'slack', method }),
        0,
      );
      expect(counted).toBe(limited.length);
    },
    240_000 * slower,
  );
});
