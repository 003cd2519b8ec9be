// `npx tsx bench/side/rss-idle.ts [sqlite|redis|both] [--runs N] [--probe] [--load] [-- <node flags>]`: the idle
// RSS figure of the side-by-side benchmark on its own. Starts the bot as the benchmark does (`node
// dist/main.js`, Slack HTTP mode and Discord HTTP interactions at once, the world of `world.ts`), reads
// /proc/<pid>/status VmRSS 1 s after its `HTTP listener ready` line, stops it, and does that N times per
// store (default 5): one reading on a 2-core machine shared with others moves by several MB.
// `--probe` adds one more start preloaded with `rss-probe.mjs` and prints what the idle bot holds:
// process.memoryUsage(), V8's heap spaces, and the modules loaded per package (not a RSS reading: the
// probe's loader thread costs memory of its own). Node flags after `--` go to the bot (e.g.
// `-- --max-semi-space-size=4`), to try a production flag against the same readings; `--load` then says
// what the flag costs: one more bot takes the side-by-side section's Slack and Discord /clip bursts and
// webhook deliveries (quick sizes) next to a bare Bolt app and a bare server, its CPU and garbage-collection
// time (from its /metrics) and its RSS after them. `-- /path/to/other/dist/main.js` runs another build (node
// takes the first script it is given), for before/after readings in one run. Each store's line also gives
// the floor: a process that only loads the same libraries (libraries-only.ts), with V8's defaults.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBareServer } from './bare.ts';
import { startBareBolt } from './bare-bolt.ts';
import { type Figure, printFigures } from './figures.ts';
import { startLibrariesOnly } from './libraries-only.ts';
import { ackFigures, QUICK, webhookFigures } from './per-bot.ts';
import { COMPILED, ensureBuilt, type RunningBot, type StoreKind, startWorld, type World } from './world.ts';

interface Reading {
  rss: number;
  /** RssAnon: V8's heap, malloc. Moves with where the garbage collector happens to be. */
  anon: number;
  /** RssFile: pages of node's binary (ICU data among them) and native modules touched so far. */
  file: number;
  /** Spawn → `HTTP listener ready` (ms): what holding memory down must not cost. */
  readyMs: number;
  /** CPU time the process used up to the reading (ms, /proc/<pid>/stat): start-up's work, less noisy than time. */
  cpuMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

const args = process.argv.slice(2);
const dashes = args.indexOf('--');
const nodeFlags = dashes === -1 ? [] : args.slice(dashes + 1);
const own = dashes === -1 ? args : args.slice(0, dashes);
const which = own.find((a) => ['sqlite', 'redis', 'both'].includes(a)) ?? 'both';
const stores: StoreKind[] = which === 'both' ? ['sqlite', 'redis'] : [which as StoreKind];
const runsAt = own.indexOf('--runs');
const runs = runsAt === -1 ? 5 : Number(own[runsAt + 1]);
const probe = own.includes('--probe');
const load = own.includes('--load');

interface ProbeDump {
  memory: NodeJS.MemoryUsage;
  spaces: Array<{ name: string; size: number; used: number; physical: number }>;
  esm: string[];
  cjs: string[];
}

/** `node_modules/<pkg>` (scoped too), `dist` for the bot's own code, `node:` for built-ins. */
function packageOf(specifier: string): string {
  if (specifier.startsWith('node:')) return 'node:';
  const path = decodeURIComponent(specifier.replace(/^file:\/\//, ''));
  const at = path.lastIndexOf('/node_modules/');
  if (at === -1) return path.includes('/dist/') ? 'dist (the bot)' : path;
  const [first = '', second = ''] = path.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

async function probeOnce(bot: RunningBot): Promise<ProbeDump> {
  const file = join(tmpdir(), `reelbot-rss-probe-${bot.proc.pid}.json`);
  process.kill(bot.proc.pid, 'SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    try {
      const dump = JSON.parse(readFileSync(file, 'utf8')) as ProbeDump;
      rmSync(file, { force: true });
      return dump;
    } catch {
      // not written yet
    }
  }
  throw new Error(`no probe dump from ${bot.proc.pid}`);
}

function printProbe(store: StoreKind, rss: number, dump: ProbeDump): void {
  const m = dump.memory;
  const mb = (x: number) => (x / MB).toFixed(1);
  console.log(`\n### ${store}: what the idle bot holds (probed; RSS ${rss.toFixed(1)} MB incl. the probe)`);
  console.log(
    `heapUsed ${mb(m.heapUsed)} / heapTotal ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB ` +
      `(arrayBuffers ${mb(m.arrayBuffers)}), rss ${mb(m.rss)} MB`,
  );
  for (const s of dump.spaces)
    console.log(
      `  ${s.name.padEnd(24)} size ${mb(s.size).padStart(6)}  used ${mb(s.used).padStart(6)}  phys ${mb(s.physical).padStart(6)}`,
    );
  const count = new Map<string, number>();
  for (const m of new Set([...dump.esm, ...dump.cjs.map((p) => `file://${p}`)])) {
    const pkg = packageOf(m);
    count.set(pkg, (count.get(pkg) ?? 0) + 1);
  }
  console.log(`modules loaded: ${[...count.values()].reduce((a, b) => a + b, 0)}`);
  for (const [pkg, n] of [...count].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${pkg}`);
}

function readingOf(pid: number, readyMs = Number.NaN): Reading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
  // utime and stime, in clock ticks (100 per second on Linux), after the parenthesised command name.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile'), readyMs, cpuMs };
}

async function readings(world: World, store: StoreKind): Promise<Reading[]> {
  const out: Reading[] = [];
  for (let i = 0; i < runs; i++) {
    const spawned = performance.now();
    const bot = await world.startBot(store, { argv: [...nodeFlags, ...COMPILED] });
    const readyMs = performance.now() - spawned;
    try {
      await sleep(1_000);
      out.push(readingOf(bot.proc.pid, readyMs));
    } finally {
      await bot.stop();
    }
  }
  return out;
}

/** The idle RSS of the process that only loads the store's libraries, read as the bot's is; median of `runs`. */
async function floorMedian(store: StoreKind): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < runs; i++) {
    const floor = await startLibrariesOnly(store);
    try {
      await sleep(1_000);
      values.push(floor.rssMb());
    } finally {
      await floor.stop();
    }
  }
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** CPU and garbage-collection seconds so far, from the bot's own /metrics (prom-client's process metrics). */
async function cpuAndGc(
  origin: string,
): Promise<{ cpu: number; gc: Record<string, number>; gcs: Record<string, number> }> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const cpu = Number(/^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
  const gc: Record<string, number> = {};
  const gcs: Record<string, number> = {};
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} (\S+)$/gm))
    (m[1] === 'sum' ? gc : gcs)[m[2] ?? '?'] = Number(m[3]);
  return { cpu, gc, gcs };
}

/** The quick side-by-side bursts on a bot started with `nodeFlags`: what a flag costs under load. */
async function underLoad(world: World, store: StoreKind): Promise<void> {
  const bare = await startBareServer();
  const bolt = await startBareBolt(world.web.apiUrl);
  const failures: string[] = [];
  const bot = await world.startBot(store, { argv: [...nodeFlags, ...COMPILED] });
  try {
    await sleep(1_000);
    const idle = readingOf(bot.proc.pid).rss;
    const before = await cpuAndGc(bot.origin);
    const figures: Figure[] = [
      ...(await ackFigures('slack', store, world, bot, bare, QUICK, failures, bolt)),
      ...(await ackFigures('discord', store, world, bot, bare, QUICK, failures)),
      ...(await webhookFigures(store, bot, bare, QUICK)),
    ];
    const after = readingOf(bot.proc.pid).rss;
    // Seconds of CPU and of collection for the same work, whatever else the machine is doing meanwhile.
    const spent = await cpuAndGc(bot.origin);
    for (const kind of Object.keys(spent.gc))
      figures.push({
        name: `GC ${kind} during the bursts (${store})`,
        bot: 1000 * ((spent.gc[kind] ?? 0) - (before.gc[kind] ?? 0)),
        unit: 'ms',
        target: '–',
        note: `${(spent.gcs[kind] ?? 0) - (before.gcs[kind] ?? 0)} collections`,
      });
    figures.push({
      name: `CPU during the bursts (${store})`,
      bot: 1000 * (spent.cpu - before.cpu),
      unit: 'ms',
      target: '–',
    });
    figures.push({
      name: `RSS idle → after the bursts (${store})`,
      bot: after,
      unit: 'MB',
      target: '–',
      note: `idle ${idle.toFixed(1)}`,
    });
    printFigures(`${store} under load${nodeFlags.length ? ` (${nodeFlags.join(' ')})` : ''}`, figures);
    for (const f of failures) console.log(`FAILED: ${f}`);
  } finally {
    await bot.stop();
    await bolt.stop();
    await bare.stop();
  }
}

const built = ensureBuilt();
if (built) console.log(`built dist/ in ${(built / 1000).toFixed(1)} s`);
const world = await startWorld();
try {
  for (const store of stores) {
    const values = await readings(world, store);
    const median = (pick: (r: Reading) => number) =>
      values.map(pick).sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const rss = values.map((v) => v.rss).sort((a, b) => a - b);
    console.log(
      `RSS idle (${store}${nodeFlags.length ? ` ${nodeFlags.join(' ')}` : ''}): median ${median((r) => r.rss).toFixed(1)} MB, ` +
        `min ${rss[0]?.toFixed(1)}, max ${rss.at(-1)?.toFixed(1)} (${values.map((v) => v.rss.toFixed(1)).join(', ')}); ` +
        `median anon ${median((r) => r.anon).toFixed(1)}, file ${median((r) => r.file).toFixed(1)}; ` +
        `spawn → ready median ${median((r) => r.readyMs).toFixed(0)} ms, CPU ${median((r) => r.cpuMs).toFixed(0)} ms`,
    );
    console.log(`  floor (libraries only, V8's defaults): median ${(await floorMedian(store)).toFixed(1)} MB`);
    if (probe) {
      const bot = await world.startBot(store, {
        argv: [...nodeFlags, '--import', './bench/side/rss-probe.mjs', ...COMPILED],
      });
      try {
        await sleep(1_000);
        printProbe(store, bot.rssMb(), await probeOnce(bot));
      } finally {
        await bot.stop();
      }
    }
    if (load) await underLoad(world, store);
  }
} finally {
  await world.close();
}
