// The side-by-side section of `npm run bench`: a bare node:http server and the bot (Slack HTTP mode and
// Discord HTTP interactions, on SQLite and on Redis) started in the same run and driven by the same client
// on loopback; every figure is printed next to the bare server's, as a ratio, and with the target.
import { performance } from 'node:perf_hooks';
import { type BareServer, startBareServer } from './bare.ts';
import { type Figure, printFigures } from './figures.ts';
import { drive } from './load.ts';
import { ackFigures, completionFigures, FULL, QUICK, type Sizes, webhookFigures } from './per-bot.ts';
import { slackClip } from './requests.ts';
import { runBullmq, runEmbedded } from './scheduler.ts';
import { ensureBuilt, type RunningBot, rssMbOf, type StoreKind, startWorld } from './world.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Pending projects for the memory figure: 10,000 /clip take minutes of background work on 2 cores. */
const PENDING = 2_000;
/** After a burst settles: the bot's 3 s of quiet before it gives the heap back, its second look, a margin. */
const GIVE_BACK_WAIT_MS = 6_000;
const MB_BYTES = 1024 * 1024;

/**
 * One store's figures. The bare server is started afresh for each store, next to a freshly started bot, and
 * both then take the same requests in the same order: a node process answers faster once its HTTP path is
 * optimised, so a bare server kept from the section before (warm) against a new bot measured the age of
 * the processes as much as the bot. With one bare server for the whole run, the first section's bare rate
 * at 200 in flight was 3,435–4,336/s and the second's 7,963–10,940/s in three runs, for the same requests.
 */
async function perStore(store: StoreKind, sizes: Sizes, failures: string[]): Promise<Figure[]> {
  const bare = await startBareServer();
  try {
    return await perStoreWith(store, bare, sizes, failures);
  } finally {
    await bare.stop();
  }
}

async function perStoreWith(store: StoreKind, bare: BareServer, sizes: Sizes, failures: string[]): Promise<Figure[]> {
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
          note: 'node dist/main.js, 1 s after ready',
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

const metricOf = async (bot: RunningBot, name: string): Promise<number> => {
  const text = await (await fetch(`${bot.origin}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
};

/** What bench/side/pending-only.ts adds around the memory figure: node options, and looks at the heap. */
export interface PendingLooks {
  /** Node options and entry for the bot (default `dist/main.js`), e.g. V8 flags a production start could use. */
  argv?: string[];
  /** On the idle bot, after the idle RSS reading. */
  atIdle?(bot: RunningBot): Promise<void>;
  /** Once every project is pending, after the RSS reading; `acksPerSecond` is the burst's acknowledgement rate. */
  atPending?(bot: RunningBot, burst: { acksPerSecond: number; settledS: number; pending: number }): Promise<Figure[]>;
}

/**
 * RSS growth while `count` projects are pending (the sandbox holds them for an hour), per 10,000. One bot takes
 * two equal bursts of `count` pending /clip (200 in flight); each reading is taken once every project of its
 * burst is pending — its card posted, the work queue empty and the Slack double quiet for a second (at most
 * 3 minutes) — and the bot has given the burst's heap back (its `memory given back after a burst` line,
 * src/heap-after-burst.ts). The figure is the second burst's growth: both bursts leave the same one-off costs
 * (code compiled for them, the native heap's high-water mark, the young generation regrown by polls), so what
 * differs between the two readings is `count` more pending projects. The growth from idle, one-off costs
 * included, is printed beside it.
 */
export async function pendingGrowth(count: number, failures: string[], looks: PendingLooks = {}): Promise<Figure[]> {
  return (await pendingRun(count, failures, looks)).figures;
}

/** Waits for the bot's `nth` give-back line (at most `boundMs`); false when it did not come. */
async function givenBack(bot: RunningBot, nth: number, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  const count = () => bot.proc.logs.filter((l) => l.msg === 'memory given back after a burst').length;
  while (count() < nth) {
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
  return true;
}

/** One bot, two bursts of `count` pending projects: the figures, and the second burst's growth (MB). */
async function pendingRun(
  count: number,
  failures: string[],
  looks: PendingLooks = {},
): Promise<{ figures: Figure[]; growthMb: number; n: number }> {
  const world = await startWorld(3_600_000);
  try {
    const bot = await world.startBot('sqlite', { ...(looks.argv ? { argv: looks.argv } : {}), keepLogs: true });
    const cards = () =>
      world.web.calls.filter((c) => c.method === 'chat.postMessage' && c.args.thread_ts === undefined).length;
    let channels = 0;
    /** One burst of `n` /clip (200 in flight), each in its own channel, until all are pending; then the give-back. */
    const burst = async (n: number, nth: number) => {
      const before = cards();
      const reqs = Array.from({ length: n }, () => slackClip(world.web, `CP${channels++}`));
      const t = performance.now();
      const sent = await drive(bot.origin, reqs, 200, { count: n, ms: 60_000, warmup: 0 });
      const deadline = Date.now() + 180_000;
      let seen = -1;
      while (Date.now() < deadline) {
        const quiet = seen === world.web.calls.length;
        seen = world.web.calls.length;
        if (quiet && cards() - before >= sent.sample.n && (await metricOf(bot, 'reelbot_work_queue_depth')) === 0)
          break;
        await sleep(1_000);
      }
      const settledS = (performance.now() - t) / 1000;
      const atSettle = bot.rssMb();
      const gaveBack = await givenBack(bot, nth, 15_000);
      if (!gaveBack) await sleep(GIVE_BACK_WAIT_MS);
      // Every acknowledged /clip must have posted its card (its result stays pending by design).
      const posted = cards() - before;
      if (posted < sent.sample.n)
        failures.push(
          `pending: ${sent.sample.n - posted} of ${sent.sample.n} acknowledged /clip posted no card in 3 min`,
        );
      const line = bot.proc.logs.filter((l) => l.msg === 'memory given back after a burst')[nth - 1];
      const heapMb = typeof line?.heapAfterMb === 'number' ? line.heapAfterMb : Number.NaN;
      return {
        n: sent.sample.n,
        rss: bot.rssMb(),
        heapMb,
        atSettle,
        settledS,
        gaveBack,
        ok: posted >= sent.sample.n,
        sent,
      };
    };
    try {
      await sleep(1_000);
      const idle = bot.rssMb();
      await looks.atIdle?.(bot);
      const warm = await burst(count, 1);
      const measured = await burst(count, 2);
      const more =
        (await looks.atPending?.(bot, {
          acksPerSecond: measured.sent.sample.opsPerSec,
          settledS: measured.settledS,
          pending: warm.n + measured.n,
        })) ?? [];
      const growthMb = measured.rss - warm.rss;
      const per10k = (growthMb * 10_000) / measured.n;
      const total = warm.n + measured.n;
      const fromIdle = ((measured.rss - idle) * 10_000) / total;
      const read = (b: { gaveBack: boolean }) => (b.gaveBack ? 'after its give-back' : 'give-back not seen: 6 s after');
      const figures: Figure[] = [
        {
          name: 'RSS growth per 10,000 pending (sqlite)',
          bot: per10k,
          unit: 'MB',
          target: '< 20 MB',
          met: per10k < 20 && warm.ok && measured.ok,
          note: `a second burst of ${measured.n} pending on a bot holding ${warm.n} from the first (× ${(10_000 / measured.n).toFixed(0)}): ${warm.rss.toFixed(0)} → ${measured.rss.toFixed(0)} MB, each read ${read(measured)}; ${measured.atSettle.toFixed(0)} MB as the burst settled, in ${measured.settledS.toFixed(0)} s`,
        },
        {
          // What RSS cannot resolve at this size (a few MB between two readings of one process): the live heap
          // after the bot's own full collection, from its log line.
          name: '  of which live heap (after full collection)',
          bot: ((measured.heapMb - warm.heapMb) * 10_000) / measured.n,
          unit: 'MB',
          target: '–',
          note: `${warm.heapMb} → ${measured.heapMb} MB: ${(((measured.heapMb - warm.heapMb) * MB_BYTES) / measured.n).toFixed(0)} B per project`,
        },
        {
          name: `  from idle, all ${total} pending, per 10,000`,
          bot: fromIdle,
          unit: 'MB',
          target: '–',
          note: `${idle.toFixed(0)} → ${warm.rss.toFixed(0)} (${warm.n}) → ${measured.rss.toFixed(0)} MB; includes what a burst leaves once (compiled code, the native heap's high-water mark, the young generation the polls regrow)`,
        },
        ...more,
      ];
      return { figures, growthMb, n: measured.n };
    } finally {
      await bot.stop();
    }
  } finally {
    await world.close();
  }
}

const pendingFigures = (quick: boolean, failures: string[]) => pendingGrowth(quick ? 500 : PENDING, failures);

/**
 * Spawn of `node dist/main.js` (SQLite) → its `listening; starting up` line (the port accepts connections;
 * /healthz says 503 starting) and → `HTTP listener ready` (start-up done, /healthz 200), against the bare
 * server's spawn → listening.
 */
async function startFigures(runs: number, bareStartMs: number, buildMs: number): Promise<Figure[]> {
  const world = await startWorld();
  const listening: number[] = [];
  const ready: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const spawned = Date.now();
      const bot = await world.startBot('sqlite');
      ready.push(Date.now() - spawned);
      const line = bot.proc.logs.find((l) => String(l.msg).startsWith('listening; starting up'));
      listening.push(typeof line?.time === 'number' ? line.time - spawned : Number.NaN);
      await bot.stop();
    }
  } finally {
    await world.close();
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => Math.round(sorted(xs)[Math.floor(xs.length / 2)] ?? Number.NaN);
  const worst = sorted(listening).at(-1) ?? Number.NaN;
  const build = buildMs ? `build ${(buildMs / 1000).toFixed(0)} s` : 'dist/ up to date, not rebuilt';
  return [
    {
      name: 'start → listening, node dist/main.js (slowest)',
      bot: worst,
      bare: bareStartMs,
      unit: 'ms',
      target: '< 1 s',
      met: worst < 1000,
      note: `${runs} starts, median ${median(listening)} ms; ${build}`,
    },
    {
      name: 'start → ready (HTTP listener ready), slowest',
      bot: sorted(ready).at(-1) ?? Number.NaN,
      unit: 'ms',
      target: '–',
      note: `median ${median(ready)} ms; requests meanwhile are held, /healthz 503`,
    },
  ];
}

async function schedulerFigures(quick: boolean): Promise<Figure[]> {
  const pending = quick ? 2_000 : 10_000;
  const due = quick ? 20 : 50;
  const embedded = await runEmbedded(pending, due);
  const bull = await runBullmq(pending, due);
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
  // Every bot runs the compiled production path: build first (skipped when dist/ is newer than src/).
  const buildMs = ensureBuilt();
  const t = performance.now();
  const bare = await startBareServer();
  const bareStartMs = performance.now() - t;
  const all: Figure[] = [];
  const section = async (title: string, measure: () => Promise<Figure[]>) => {
    const began = performance.now();
    const figures = await measure();
    printFigures(`${title} (${((performance.now() - began) / 1000).toFixed(0)} s)`, figures);
    all.push(...figures);
  };
  try {
    await section('6a. Side by side, SQLite', () => perStore('sqlite', sizes, failures));
    await section('6b. Side by side, Redis', () => perStore('redis', sizes, failures));
    await section('6c. Memory with pending projects', () => pendingFigures(quick, failures));
    await section('6d. Start → listening (compiled production path)', () =>
      startFigures(quick ? 1 : 3, bareStartMs, buildMs),
    );
    await section('6e. Scheduled work with many pending', () => schedulerFigures(quick));
  } finally {
    await bare.stop();
  }
  return { failures, missed: all.filter((f) => f.met === false).map((f) => f.name) };
}
