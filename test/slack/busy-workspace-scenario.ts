// A busy team's workspace: 120 /clip jobs in 4 channels, sent over two minutes, each running 70–100 s,
// against a Slack double that enforces Slack's limits (chat.update 50 a minute for the workspace, counted
// as a fixed minute, a sliding minute or a token bucket with bursts of 5; chat.postMessage about one a second
// per channel) and answers 429 with Retry-After as Slack does. `minuteMs` compresses time on both sides
// (the double's minute, the bot's rate window and pacing, the jobs' length), so the load against each
// limit is the real one. Used by the busy-workspace test (compressed) and its benchmark (Slack's speed).
import { type RunningBot, SANDBOX_KEY } from '../../src/start-bot.ts';
import {
  type SlackCall,
  type SlackWebApiDouble,
  sendSigned,
  startSlackWebApi,
  type TierModel,
  waitFor,
} from '../doubles/slack/index.ts';
import { startTestBot, type TestBot } from '../support/bot.ts';
import { SECRET, slashCommand, USERS } from './harness.ts';

const CHANNELS = ['C0BUSY1', 'C0BUSY2', 'C0BUSY3', 'C0BUSY4'];
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const DONE = '✅ Done';
/** The bot's own Tier 3 budget a minute (90 % of Slack's 50): how fast final states can go at best. */
const CARDS_PER_MINUTE = 45;

export interface BusyOptions {
  model: TierModel;
  /** Slack's minute as the run counts it (60_000 is Slack's own speed). */
  minuteMs: number;
  jobs?: number;
}

export interface BusyOutcome {
  model: TierModel;
  cards: number;
  updates: number;
  /** chat.update calls answered 429. */
  updatesRefused: number;
  /** Calls of chat.* the double answered 429, against what /metrics counted. */
  refused: number;
  refusedCounted: number;
  /** How long each card took to say Done after its job's last result was posted (ms). */
  cardLagMs: number[];
  /** The bound on that: (cards ÷ 45) minutes + 30 s, in the run's time. */
  cardBoundMs: number;
  /** How long each result took to be posted after its project completed (ms). */
  resultLagMs: number[];
  /** What went wrong beyond the figures: a job without exactly one result in its thread, a card not Done. */
  problems: string[];
}

const tagOf = (c: SlackCall) =>
  String((c.args.metadata as { event_payload?: { key?: unknown } } | undefined)?.event_payload?.key ?? '');

export async function runBusyWorkspace(options: BusyOptions): Promise<BusyOutcome> {
  const { model, minuteMs } = options;
  const jobs = options.jobs ?? 120;
  const scaled = (ms: number) => (ms * minuteMs) / 60_000;
  const cardBoundMs = scaled((jobs / CARDS_PER_MINUTE) * 60_000 + 30_000);
  let web: SlackWebApiDouble | undefined;
  let bot: TestBot | undefined;
  try {
    web = await startSlackWebApi({ users: USERS, tiers: { minuteMs, model } });
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
        // Results come by webhook; cards refresh once a minute, as in production.
        timings: { firstPollMs: 60_000, maxPollMs: 60_000, progressMs: minuteMs },
        slackPace: { intervalMs: scaled(1000) },
        slackRateWindowMs: minuteMs,
      },
    });
    const app = bot.app;
    const double = web;
    const okPosts = () => double.callsOf('chat.postMessage').filter((c) => c.status === 200 && c.response?.ok === true);
    const cards = () => okPosts().filter((c) => tagOf(c).endsWith(':card'));
    const editsOf = (card: SlackCall) =>
      double.callsOf('chat.update').filter((c) => c.status === 200 && c.args.ts === card.response?.ts);
    const shown = (card: SlackCall) => String((editsOf(card).at(-1) ?? card).args.text ?? '');

    const base = `http://127.0.0.1:${app.port}`;
    const interval = scaled(120_000) / jobs;
    for (let i = 0; i < jobs; i++) {
      const command = {
        ...slashCommand(double, '/clip', `${VIDEO} reels=3`),
        channel_id: CHANNELS[i % CHANNELS.length],
      };
      const res = await sendSigned(`${base}/slack/commands`, 'command', command, { secret: SECRET });
      if (res.status !== 200) throw new Error(`/clip ${i} answered ${res.status}`);
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
    // The last result comes within the jobs' length; every card then has its bound to say Done.
    await waitFor(
      () => cards().length === jobs && cards().every((c) => shown(c).includes(DONE)),
      'final cards',
      scaled(100_000) + cardBoundMs + scaled(60_000),
    ).catch(() => undefined);

    return await measure(app, double, { model, jobs, cardBoundMs, cards: cards(), okPosts: okPosts(), shown, editsOf });
  } finally {
    await bot?.close();
    await web?.close();
  }
}

async function measure(
  app: RunningBot,
  web: SlackWebApiDouble,
  run: {
    model: TierModel;
    jobs: number;
    cardBoundMs: number;
    cards: SlackCall[];
    okPosts: SlackCall[];
    shown: (card: SlackCall) => string;
    editsOf: (card: SlackCall) => SlackCall[];
  },
): Promise<BusyOutcome> {
  const problems: string[] = [];
  const cardLagMs: number[] = [];
  const resultLagMs: number[] = [];
  if (run.cards.length !== run.jobs) problems.push(`${run.cards.length} cards for ${run.jobs} jobs`);
  for (const card of run.cards) {
    const jobId = tagOf(card).replace(/:card$/, '');
    const results = run.okPosts.filter((r) => tagOf(r).startsWith(`${jobId}:`) && /:\d+$/.test(tagOf(r)));
    const first = results.filter((r) => tagOf(r) === `${jobId}:0`);
    if (first.length !== 1) problems.push(`${jobId}: ${first.length} posts of its result`);
    if (results.some((r) => r.args.thread_ts !== card.response?.ts))
      problems.push(`${jobId}: a result outside its thread`);
    const last = Math.max(...results.map((r) => r.at));
    const job = await app.inside.jobs.get(jobId);
    for (const [part, projectId] of (job?.projectIds ?? []).entries()) {
      if (!projectId) continue;
      const project = await app.inside.media.getProject(SANDBOX_KEY, projectId);
      const completed = Date.parse(project.completedAt ?? '');
      const posted = results.find((r) => tagOf(r) === `${jobId}:${part}`);
      if (posted && Number.isFinite(completed)) resultLagMs.push(posted.at - completed);
    }
    const done = run.editsOf(card).find((e) => String(e.args.text ?? '').includes(DONE));
    if (!run.shown(card).includes(DONE) || !done)
      problems.push(`${jobId}: card shows “${run.shown(card).slice(0, 40)}”`);
    else if (results.length > 0) cardLagMs.push(done.at - last);
  }
  const platformCalls = web.calls.filter((c) => c.method.startsWith('chat.'));
  const updates = web.callsOf('chat.update');
  const refusedCounted = ['chat.update', 'chat.postMessage'].reduce(
    (n, method) => n + app.inside.metrics.get('reelbot_platform_rate_limited_total', { platform: 'slack', method }),
    0,
  );
  return {
    model: run.model,
    cards: run.cards.length,
    updates: updates.length,
    updatesRefused: updates.filter((c) => c.status === 429).length,
    refused: platformCalls.filter((c) => c.status === 429).length,
    refusedCounted,
    cardLagMs,
    cardBoundMs: run.cardBoundMs,
    resultLagMs,
    problems,
  };
}
