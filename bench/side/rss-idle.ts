// `npx tsx bench/side/rss-idle.ts [sqlite|redis|both] [--runs N] [--probe] [-- <node flags>]`: the idle
// RSS figure of the side-by-side benchmark on its own. Starts the bot as the benchmark does (`node
// dist/main.js`, Slack HTTP mode and Discord HTTP interactions at once, the world of `world.ts`), reads
// /proc/<pid>/status VmRSS 1 s after its `HTTP listener ready` line, stops it, and does that N times per
// store (default 5): one reading on a 2-core machine shared with others moves by several MB.
// `--probe` adds one more start preloaded with `rss-probe.mjs` and prints what the idle bot holds:
// process.memoryUsage(), V8's heap spaces, and the modules loaded per package (not a RSS reading: the
// probe's loader thread costs memory of its own). Node flags after `--` go to the bot (e.g.
// `-- --max-semi-space-size=1`), to try a production flag against the same readings.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILED, ensureBuilt, type RunningBot, type StoreKind, startWorld, type World } from './world.ts';

interface Reading {
  rss: number;
  /** RssAnon: V8's heap, malloc. Moves with where the garbage collector happens to be. */
  anon: number;
  /** RssFile: pages of node's binary (ICU data among them) and native modules touched so far. */
  file: number;
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

function readingOf(pid: number): Reading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

async function readings(world: World, store: StoreKind): Promise<Reading[]> {
  const out: Reading[] = [];
  for (let i = 0; i < runs; i++) {
    const bot = await world.startBot(store, { argv: [...nodeFlags, ...COMPILED] });
    try {
      await sleep(1_000);
      out.push(readingOf(bot.proc.pid));
    } finally {
      await bot.stop();
    }
  }
  return out;
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
        `median anon ${median((r) => r.anon).toFixed(1)}, file ${median((r) => r.file).toFixed(1)}`,
    );
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
  }
} finally {
  await world.close();
}
