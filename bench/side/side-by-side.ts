// The side-by-side section of `npm run bench`: a bare node:http server and the bot (Slack HTTP mode and
// Discord HTTP interactions, on SQLite and on Redis) started in the same run and driven by the same client
// on loopback; every figure is printed next to the bare server's, as a ratio, and with the target.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type BareServer, startBareServer } from './bare.ts';
import { type Figure, printFigures } from './figures.ts';
import { drive } from './load.ts';
import { ackFigures, completionFigures, FULL, QUICK, type Sizes, webhookFigures } from './per-bot.ts';
import { slackClip } from './requests.ts';
import { runBullmq, runEmbedded } from './scheduler.ts';
import { rssMbOf, type StoreKind, startWorld } from './world.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function perStore(store: StoreKind, bare: BareServer, sizes: Sizes, failures: string[]): Promise<Figure[]> {
  const world = await startWorld();
  try {
    const bot = await world.startBot(store);
    try {
      await sleep(1_000);
      const figures: Figure[] = [
        {
          name: `RSS idle (${store})`,
          bot: bot.rssMb(),
          bare: rssMbOf(bare.pid),
          unit: 'MB',
          target: '< 120 MB',
          met: bot.rssMb() < 120,
        },
      ];
      // Completion → message first, on the idle bot: measured after the bursts (3,000 jobs' scheduled tasks
      // still pending), one Redis run's p50 was 1,020 ms where the idle bot took 49 ms: another figure's load.
      const completion = await completionFigures(store, world, bot, sizes, failures);
      figures.push(...(await ackFigures('slack', store, world, bot, bare, sizes, failures)));
      figures.push(...(await ackFigures('discord', store, world, bot, bare, sizes, failures)));
      figures.push(...(await webhookFigures(store, bot, bare, sizes)));
      figures.push(...completion);
      return figures;
    } finally {
      await bot.stop();
    }
  } finally {
    await world.close();
  }
}

/** RSS growth while `count` projects are pending (the sandbox holds them for an hour), scaled to 10,000. */
async function pendingGrowth(count: number): Promise<Figure[]> {
  const world = await startWorld(3_600_000);
  try {
    const bot = await world.startBot('sqlite');
    try {
      await sleep(1_000);
      const before = bot.rssMb();
      const reqs = Array.from({ length: count }, (_, i) => slackClip(world.web, `CP${i}`));
      const sent = await drive(bot.origin, reqs, 200, { count, ms: 60_000, warmup: 0 });
      // Cards posted and projects recorded: wait until the Slack double stops hearing from the bot.
      let seen = -1;
      for (let i = 0; i < 120 && seen !== world.web.calls.length; i++) {
        seen = world.web.calls.length;
        await sleep(500);
      }
      const after = bot.rssMb();
      const n = sent.sample.n;
      const per10k = ((after - before) * 10_000) / n;
      return [
        {
          name: `RSS growth per 10,000 pending (sqlite)`,
          bot: per10k,
          unit: 'MB',
          target: '< 20 MB',
          met: per10k < 20,
          note: `${n} pending (scaled to 10,000): ${before.toFixed(0)} → ${after.toFixed(0)} MB`,
        },
      ];
    } finally {
      await bot.stop();
    }
  } finally {
    await world.close();
  }
}

/** `npm run build`, then spawn → "HTTP listener ready" of `node dist/main.js`, against the bare server's start. */
async function startFigures(runs: number, bareStartMs: number): Promise<Figure[]> {
  const t = performance.now();
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const buildS = (performance.now() - t) / 1000;
  const world = await startWorld();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const bot = await world.startBot('sqlite', { argv: ['dist/main.js'] });
      times.push(performance.now() - started);
      await bot.stop();
    }
  } finally {
    await world.close();
  }
  times.sort((a, b) => a - b);
  const worst = times.at(-1) ?? Number.NaN;
  return [
    {
      name: 'start → listening, node dist/main.js (slowest)',
      bot: worst,
      bare: bareStartMs,
      unit: 'ms',
      target: '< 1 s',
      met: worst < 1000,
      note: `${runs} starts, median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms; build ${buildS.toFixed(0)} s`,
    },
  ];
}

async function schedulerFigures(quick: boolean): Promise<Figure[]> {
  const pending = quick ? 2_000 : 10_000;
  const due = quick ? 20 : 50;
  const embedded = await runEmbedded(pending, due);
  const bull = await runBullmq(quick ? 500 : 2_000, due);
  return [
    {
      name: `scheduled lateness p99, embedded (SQLite), ${pending} pending`,
      bot: embedded.latenessP99,
      unit: 'ms',
      target: '< 1 s',
      met: embedded.latenessP99 < 1000 && embedded.fired === due,
      note: `p50 ${embedded.latenessP50} ms; ${embedded.fired}/${due} fired`,
    },
    {
      name: `scheduler store ops per tick, ${pending} pending`,
      bot: embedded.opsPerTick ?? Number.NaN,
      unit: 'ops',
      target: '–',
      note: 'nothing due: reads the due index only',
    },
    {
      name: `scheduled lateness p99, BullMQ (Redis), ${bull.pending} pending`,
      bot: bull.latenessP99,
      unit: 'ms',
      target: '< 1 s',
      met: bull.latenessP99 < 1000 && bull.fired === due,
      note: `p50 ${bull.latenessP50} ms; ${bull.fired}/${due} fired`,
    },
  ];
}

export async function runSideBySide(quick: boolean): Promise<{ failures: string[]; missed: string[] }> {
  const sizes = quick ? QUICK : FULL;
  const failures: string[] = [];
  const t = performance.now();
  const bare = await startBareServer();
  const bareStartMs = performance.now() - t;
  const all: Figure[] = [];
  const section = (title: string, figures: Figure[]) => {
    printFigures(title, figures);
    all.push(...figures);
  };
  try {
    section('6a. Side by side, SQLite', await perStore('sqlite', bare, sizes, failures));
    section('6b. Side by side, Redis', await perStore('redis', bare, sizes, failures));
    section('6c. Memory with pending projects', await pendingGrowth(quick ? 1_000 : 10_000));
    section('6d. Start → listening (compiled production path)', await startFigures(quick ? 1 : 3, bareStartMs));
    section('6e. Scheduled work with many pending', await schedulerFigures(quick));
  } finally {
    await bare.stop();
  }
  return { failures, missed: all.filter((f) => f.met === false).map((f) => f.name) };
}
