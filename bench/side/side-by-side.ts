// The side-by-side benchmarks of `npm run bench`: the bot (Slack HTTP mode and Discord HTTP interactions, on
// SQLite and on Redis) and its floors started in the same run and driven by the same client on loopback: a
// bare Bolt app that only acknowledges `/clip`, a process that only loads the libraries, and a bare node:http
// server. Every figure is printed next to them, as ratios, and with its target.
import { performance } from 'node:perf_hooks';
import { type BareServer, startBareServer } from './bare.ts';
import { startBareBolt } from './bare-bolt.ts';
import type { Figure } from './figures.ts';
import { ALSO_LOADED, LIBRARIES, startLibrariesOnly } from './libraries-only.ts';
import { drive } from './load.ts';
import { ackFigures, completionFigures, FULL, QUICK, type Sizes, webhookFigures } from './per-bot.ts';
import { slackClip } from './requests.ts';
import { runBullmq, runEmbedded } from './scheduler.ts';
import { type RunningBot, type StoreKind, startWorld, type World } from './world.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Pending projects for the memory figure: 10,000 /clip take minutes of background work on 2 cores. */
const PENDING = 2_000;
const MB_BYTES = 1024 * 1024;
/** The bot's idle RSS against the process that only loads its libraries (libraries-only.ts). */
const IDLE_OF_LIBRARIES = 1.3;

/**
 * One store's figures. The floors are started afresh for each store, next to a freshly started bot, and all
 * then take the same requests in the same order: a node process answers faster once its HTTP path is
 * optimised, so a floor warmed by an earlier section would measure the age of the processes, not the bot.
 */
export async function perStore(store: StoreKind, quick: boolean, failures: string[]): Promise<Figure[]> {
  const sizes = quick ? QUICK : FULL;
  const world = await startWorld();
  const bare = await startBareServer();
  const bolt = await startBareBolt(world.web.apiUrl);
  try {
    return await perStoreWith(store, world, { bare, bolt }, sizes, failures);
  } finally {
    await bolt.stop();
    await bare.stop();
    await world.close();
  }
}

/**
 * The bot's idle RSS next to the process that only loads the same libraries, both read 1 s after they start.
 * The note says where the difference sits: the same libraries with the bot's other runtime dependencies,
 * and the size of the bot's young generation (V8's new space), from its own /metrics.
 */
async function idleFigure(store: StoreKind, bot: RunningBot, bare: BareServer): Promise<Figure> {
  const libraries = await startLibrariesOnly(store);
  const dependencies = await startLibrariesOnly(store, ALSO_LOADED[store]);
  try {
    await sleep(1_000);
    const floor = libraries.rssMb();
    const withDependencies = dependencies.rssMb();
    const rss = bot.rssMb();
    const young = (await metricOf(bot, 'nodejs_heap_space_size_total_bytes{space="new"}')) / 2 ** 20;
    return {
      name: `RSS idle (${store})`,
      bot: rss,
      floor,
      bare: bare.rssMb(),
      unit: 'MB',
      target: `≤ ${IDLE_OF_LIBRARIES}× libraries only`,
      met: rss <= IDLE_OF_LIBRARIES * floor,
      note:
        `node dist/main.js idle, read with the floor 1 s after it loaded; floor: node importing ${LIBRARIES[store].join(', ')}, V8's defaults. ` +
        `With the bot's other dependencies loaded at idle (${ALSO_LOADED[store].join(', ')}): ${withDependencies.toFixed(1)} MB; ` +
        `the bot's young generation (V8's new space): ${young.toFixed(1)} MB`,
    };
  } finally {
    await dependencies.stop();
    await libraries.stop();
  }
}

async function perStoreWith(
  store: StoreKind,
  world: World,
  floors: { bare: BareServer; bolt: BareServer },
  sizes: Sizes,
  failures: string[],
): Promise<Figure[]> {
  const { bare, bolt } = floors;
  const bot = await world.startBot(store);
  try {
    const figures: Figure[] = [await idleFigure(store, bot, bare)];
    // Completion → message first, on the idle bot: after the bursts it would measure their leftover work.
    const completion = await completionFigures(store, world, bot, sizes, failures);
    figures.push(...(await ackFigures('slack', store, world, bot, bare, sizes, failures, bolt)));
    figures.push(...(await ackFigures('discord', store, world, bot, bare, sizes, failures)));
    figures.push(...(await webhookFigures(store, bot, bare, sizes)));
    figures.push(...completion);
    return figures;
  } finally {
    await bot.stop();
  }
}

const metricOf = async (bot: RunningBot, name: string): Promise<number> => {
  const text = await (await fetch(`${bot.origin}/metrics`)).text();
  return Number(
    new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN,
  );
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
 * RSS growth while `count` projects are pending (the sandbox holds them for an hour), per 10,000, as V8 leaves
 * it: nothing forces a collection. One bot takes two equal bursts of `count` pending /clip (200 in flight);
 * each reading is taken once every project of its burst is pending — its card posted, the work queue empty
 * and the Slack double quiet for a second (at most 3 minutes) — and `QUIET_MS` more have passed with the bot
 * left to its own polls. The figure is the second burst's growth: both bursts leave the same one-off costs
 * (code compiled for them, the native heap's high-water mark, a young generation grown by the burst), so what
 * differs between the two readings is `count` more pending projects. Where it goes is read from the bot's
 * own /metrics (prom-client's process.memoryUsage() figures): V8's heap, its external memory, and the rest
 * of RSS. The growth from idle, one-off costs included, is printed beside it.
 */
export async function pendingGrowth(count: number, failures: string[], looks: PendingLooks = {}): Promise<Figure[]> {
  return (await pendingRun(count, failures, looks)).figures;
}

/** After a burst settled: the same wait for both readings, long enough for V8's own idle-time collections. */
const QUIET_MS = 10_000;

/** What the bot's /metrics says of its memory (prom-client's default metrics), in MB. */
interface MemorySplit {
  heapUsed: number;
  heapTotal: number;
  /** V8's young generation (new space), committed. */
  young: number;
  external: number;
}

async function memoryOf(bot: RunningBot): Promise<MemorySplit> {
  const text = await (await fetch(`${bot.origin}/metrics`)).text();
  const read = (series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return Number(line?.slice(series.length + 1) ?? Number.NaN) / MB_BYTES;
  };
  return {
    heapUsed: read('nodejs_heap_size_used_bytes'),
    heapTotal: read('nodejs_heap_size_total_bytes'),
    young: read('nodejs_heap_space_size_total_bytes{space="new"}'),
    external: read('nodejs_external_memory_bytes'),
  };
}

/** One bot, two bursts of `count` pending projects: the figures, and the second burst's growth (MB). */
async function pendingRun(
  count: number,
  failures: string[],
  looks: PendingLooks = {},
): Promise<{ figures: Figure[]; growthMb: number; n: number }> {
  const world = await startWorld(3_600_000);
  try {
    const bot = await world.startBot('sqlite', looks.argv ? { argv: looks.argv } : {});
    const cards = () =>
      world.web.calls.filter((c) => c.method === 'chat.postMessage' && c.args.thread_ts === undefined).length;
    let channels = 0;
    /** One burst of `n` /clip (200 in flight), each in its own channel, until all are pending, then the quiet. */
    const burst = async (n: number) => {
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
      await sleep(QUIET_MS);
      // Every acknowledged /clip must have posted its card (its result stays pending by design).
      const posted = cards() - before;
      if (posted < sent.sample.n)
        failures.push(
          `pending: ${sent.sample.n - posted} of ${sent.sample.n} acknowledged /clip posted no card in 3 min`,
        );
      const rss = bot.rssMb();
      return {
        n: sent.sample.n,
        rss,
        memory: await memoryOf(bot),
        atSettle,
        settledS,
        ok: posted >= sent.sample.n,
        sent,
      };
    };
    try {
      await sleep(1_000);
      const idle = bot.rssMb();
      const idleMemory = await memoryOf(bot);
      await looks.atIdle?.(bot);
      const warm = await burst(count);
      const measured = await burst(count);
      const more =
        (await looks.atPending?.(bot, {
          acksPerSecond: measured.sent.sample.opsPerSec,
          settledS: measured.settledS,
          pending: warm.n + measured.n,
        })) ?? [];
      const growthMb = measured.rss - warm.rss;
      const per10k = (mb: number) => (mb * 10_000) / measured.n;
      const total = warm.n + measured.n;
      const fromIdle = ((measured.rss - idle) * 10_000) / total;
      const grew = (pick: (m: MemorySplit) => number) => pick(measured.memory) - pick(warm.memory);
      const span = (pick: (m: MemorySplit) => number) =>
        `${pick(idleMemory).toFixed(1)} → ${pick(warm.memory).toFixed(1)} → ${pick(measured.memory).toFixed(1)} MB`;
      const heapOutside = growthMb - grew((m) => m.heapTotal) - grew((m) => m.external);
      const figures: Figure[] = [
        {
          name: 'RSS growth per 10,000 pending (sqlite)',
          bot: per10k(growthMb),
          unit: 'MB',
          target: '< 20 MB',
          met: per10k(growthMb) < 20 && warm.ok && measured.ok,
          note: `a second burst of ${measured.n} pending on a bot holding ${warm.n} from the first (× ${(10_000 / measured.n).toFixed(0)}): ${warm.rss.toFixed(0)} → ${measured.rss.toFixed(0)} MB, each read ${QUIET_MS / 1000} s after its burst settled, no collection forced; ${measured.atSettle.toFixed(0)} MB as the burst settled, in ${measured.settledS.toFixed(0)} s`,
        },
        {
          name: '  of which V8 heap committed',
          bot: per10k(grew((m) => m.heapTotal)),
          unit: 'MB',
          target: '–',
          note: `heapTotal ${span((m) => m.heapTotal)} (idle → first → second); young generation ${span((m) => m.young)}`,
        },
        {
          name: '    used in it (live and not yet collected)',
          bot: per10k(grew((m) => m.heapUsed)),
          unit: 'MB',
          target: '–',
          note: `heapUsed ${span((m) => m.heapUsed)}: ${((grew((m) => m.heapUsed) * MB_BYTES) / measured.n).toFixed(0)} B per project`,
        },
        {
          name: '  of which external (Buffers, native objects JS holds)',
          bot: per10k(grew((m) => m.external)),
          unit: 'MB',
          target: '–',
          note: `external ${span((m) => m.external)}`,
        },
        {
          name: '  of which outside both (native heap, SQLite, stacks)',
          bot: per10k(heapOutside),
          unit: 'MB',
          target: '–',
          note: 'RSS growth less the two above',
        },
        {
          name: `  from idle, all ${total} pending, per 10,000`,
          bot: fromIdle,
          unit: 'MB',
          target: '–',
          note: `${idle.toFixed(0)} → ${warm.rss.toFixed(0)} (${warm.n}) → ${measured.rss.toFixed(0)} MB; includes what a burst leaves once (compiled code, the native heap's high-water mark, the young generation it grew)`,
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

export const pendingFigures = (quick: boolean, failures: string[]) => pendingGrowth(quick ? 500 : PENDING, failures);

/**
 * Spawn of `node dist/main.js` (SQLite) → `HTTP listener ready` (start-up done: the port is bound once the
 * bot is built, so /healthz answers 200 from its first connection), against the bare server's spawn →
 * listening.
 */
export async function startFigures(runs: number, buildMs: number): Promise<Figure[]> {
  const spawnedBare = performance.now();
  const bare = await startBareServer();
  const bareStartMs = performance.now() - spawnedBare;
  await bare.stop();
  const world = await startWorld();
  const ready: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const spawned = Date.now();
      const bot = await world.startBot('sqlite');
      ready.push(Date.now() - spawned);
      await bot.stop();
    }
  } finally {
    await world.close();
  }
  const sorted = [...ready].sort((a, b) => a - b);
  const median = Math.round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
  const worst = sorted.at(-1) ?? Number.NaN;
  const build = buildMs ? `build ${(buildMs / 1000).toFixed(0)} s` : 'dist/ up to date, not rebuilt';
  return [
    {
      name: 'start → ready (HTTP listener ready), slowest',
      bot: worst,
      bare: bareStartMs,
      unit: 'ms',
      target: '< 1 s',
      met: worst < 1000,
      note: `${runs} starts, median ${median} ms; ${build}`,
    },
  ];
}

export async function schedulerFigures(quick: boolean): Promise<Figure[]> {
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
      target: 'O(due): 1 with none due',
      met: embedded.opsPerTick === 1,
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
