// The whole bot in one process against the in-process sandbox: /clip commands from a chat to the job
// card (what a user waits for after typing; platforms give 3 s to acknowledge) and to the result in the
// thread (the simulated job time plus the bot's own work: create call, webhook, read-back, post).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.ts';
import type { Bot } from '../src/core/platform/interaction.ts';
import type { ChatPort, Logger, Origin } from '../src/core/ports.ts';
import { embeddedScheduler, type RunningBot, startBot } from '../src/start-bot.ts';
import { percentile, type Row } from './stats.ts';
import { createTimedChat, type ThreadTimes, type TimedChat } from './timed-chat.ts';

const BENCH = 'end to end';
const JOB_MS = 20;
/** Jobs in flight at once in the loaded phase; the unloaded phase runs them one at a time. */
const CONCURRENCY = 10;
/** No single job may take longer than this; the run fails instead of hanging. */
const JOB_BOUND_MS = 15_000;

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, child: () => silent };
const origin: Origin = { platform: 'console', workspaceId: 'local', channelId: 'bench', userId: 'ana' };
/** A chat that posts nowhere, for benches that never start a job. */
const silentChat: ChatPort = {
  platform: 'console',
  send: async () => {},
  updateCard: async () => true,
};

export interface BenchApp {
  app: RunningBot;
  /** What the bot handed its chat, as it hands an adapter: the bench sends its commands through it. */
  bot: Bot;
  port: number;
  close(): Promise<void>;
}

/**
 * The bot with the in-process sandbox and a temp SQLite file, listening on loopback; rate limits lifted.
 * Its chat is `chat` (the console's platform), or none: the bench drives the bot itself, never stdin.
 */
export async function startBenchApp(options: { jobMs?: number; chat?: ChatPort } = {}): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-bench-'));
  const config = loadConfig({
    MEDIA_API_URL: 'sandbox',
    STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    MEDIA_API_RATE_LIMIT: '1000000',
  });
  const chat = options.chat;
  let routed: Bot | undefined;
  const app = await startBot(config, {
    logger: silent,
    chat: (bot) => {
      routed = bot;
      return chat ?? silentChat;
    },
    infra: {
      sandbox: { jobMs: options.jobMs ?? JOB_MS, rateLimitPerMinute: 1_000_000, webhookRetryMs: 100 },
      scheduler: embeddedScheduler(50),
    },
    tuning: {
      // Results come by webhook; the poller is only the safety net, as in production with PUBLIC_URL.
      timings: { firstPollMs: 60_000, maxPollMs: 60_000 },
    },
  });
  if (!routed) throw new Error('the bot handed its chat no Bot');
  return {
    app,
    bot: routed,
    port: app.port,
    async close() {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

async function runJobs(bot: Bot, chat: TimedChat, ids: string[], concurrency: number) {
  const started = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] ?? '';
      const t0 = performance.now();
      started.set(id, t0);
      const prepared = bot.prepare({
        command: 'clip',
        text: `${VIDEO} reels=2`,
        origin,
        canConfigure: false,
      });
      if (prepared.kind !== 'run') throw new Error(`/clip was not accepted: ${JSON.stringify(prepared)}`);
      await prepared.run(chat.reply(origin, id));
      // A job that never finishes is reported with the others (no Done) rather than ending the run.
      await chat.finished(id, JOB_BOUND_MS).catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return started;
}

const ms = (xs: number[]) => {
  xs.sort((a, b) => a - b);
  return { p50: percentile(xs, 50), p99: percentile(xs, 99) };
};

interface Phase {
  name: string;
  n: number;
  concurrency: number;
}

async function runPhase(bot: Bot, chat: TimedChat, phase: Phase) {
  const ids = Array.from({ length: phase.n }, (_, i) => `${phase.name}-${i + 1}`);
  const t0 = performance.now();
  const started = await runJobs(bot, chat, ids, phase.concurrency);
  const wall = performance.now() - t0;
  return { ids, started, wall };
}

export async function runEndToEnd(quick: boolean): Promise<{ rows: Row[]; failures: string[] }> {
  const phases: Phase[] = [
    { name: 'one-at-a-time', n: quick ? 5 : 20, concurrency: 1 },
    { name: 'loaded', n: quick ? 20 : 100, concurrency: CONCURRENCY },
  ];
  const chat = createTimedChat();
  const bench = await startBenchApp({ chat });
  try {
    await runJobs(bench.bot, chat, ['warm-1', 'warm-2', 'warm-3'], 3);
    const rows: Row[] = [];
    const failures: string[] = [];
    for (const phase of phases) {
      const { ids, started, wall } = await runPhase(bench.bot, chat, phase);
      // Late duplicates would arrive by a retried webhook (100 ms here) or a poll: give them time to show.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const per = ids.map((id) => ({ id, t0: started.get(id) ?? 0, t: chat.times(id) }));
      rows.push(...rowsOf(per, phase, wall));
      failures.push(...failuresOf(per));
    }
    rows.push(webhookRow(bench.app));
    return { rows, failures };
  } finally {
    await bench.close();
  }
}

function rowsOf(per: Array<{ t0: number; t: ThreadTimes }>, phase: Phase, wall: number): Row[] {
  const card = ms(per.map(({ t0, t }) => (t.cardAt ?? Number.NaN) - t0));
  const working = ms(per.map(({ t0, t }) => (t.workingAt ?? Number.NaN) - t0));
  const result = ms(per.map(({ t0, t }) => (t.resultAt ?? Number.NaN) - t0));
  const overhead = { p50: result.p50 - JOB_MS, p99: result.p99 - JOB_MS };
  const at = `concurrency ${phase.concurrency}`;
  const row = (name: string, x: { p50: number; p99: number }, note?: string): Row => ({
    bench: BENCH,
    case: `${name}, ${at}`,
    n: phase.n,
    ...x,
    unit: 'ms',
    note,
  });
  return [
    { ...row('command → job card', card, 'the acknowledgement path'), target: 'p99 < 3 s', met: card.p99 < 3_000 },
    row('command → card "Working"', working, 'project created at the API'),
    row('command → result in thread', result, `raw, includes the ${JOB_MS} ms simulated job`),
    row(`result minus the ${JOB_MS} ms job`, overhead, "the bot's own overhead"),
    { bench: BENCH, case: `jobs completed, ${at}`, n: phase.n, opsPerSec: (phase.n / wall) * 1000, note: 'jobs/s' },
  ];
}

function webhookRow(app: RunningBot): Row {
  const hooks = (outcome: string) => app.inside.metrics.get('reelbot_webhook_deliveries_total', { outcome });
  const polled = app.inside.metrics.get('reelbot_polls_total', { outcome: 'settled' });
  return {
    bench: BENCH,
    case: 'how results arrived (all phases)',
    n: hooks('accepted') + polled,
    note: `webhooks accepted ${hooks('accepted')}, early (retried) ${hooks('early')}, settled by polling ${polled}`,
  };
}

function failuresOf(per: Array<{ id: string; t: ThreadTimes }>): string[] {
  return per
    .filter(({ t }) => t.results !== 1 || t.doneAt === undefined)
    .map(({ id, t }) => `${id}: ${t.results} results posted (expected exactly 1), done=${t.doneAt !== undefined}`);
}
