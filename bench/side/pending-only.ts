// `npx tsx bench/side/pending-only.ts [count] [--node=<flag>]... [--entry=<main.js>] [--rss-only]
// [--keep-snapshots]`: the memory figure of the side-by-side section alone (two equal bursts of, by default,
// 2,000 Slack /clip whose projects stay pending for an hour; the figure is the second burst's growth), and
// what RSS cannot tell: the heap that is really retained. A heap snapshot is taken on the idle bot (before
// the first burst) and once every project is pending (V8 collects garbage fully before it writes one), so
// their difference is what the pending projects hold, and the kinds of objects that grew most say what holds
// it. RSS is read before each snapshot, since writing one grows the process, and a snapshot collects garbage
// fully: the idle one comes before the first burst and the pending one after the figure's readings.
// `--node=` passes V8 options (e.g. `--node=--max-semi-space-size=4`) to try what a production start
// could use; compare the ack rate. `--entry=` runs another build (a copy of an earlier dist/ inside the
// repository, so it finds node_modules) for a before/after back to back. `--rss-only` takes no snapshot,
// as `npm run bench` does (a snapshot of the idle bot grows its RSS). Also printed: the peak RSS during
// the burst (read every 100 ms) and RSS after `--quiet=<s>` seconds (default 15).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Figure } from './figures.ts';
import { printFigures } from './figures.ts';
import { pendingGrowth } from './side-by-side.ts';
import { COMPILED, ensureBuilt, type RunningBot } from './world.ts';

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 2_000);
const nodeFlags = args.filter((a) => a.startsWith('--node=')).map((a) => a.slice('--node='.length));
const keep = args.includes('--keep-snapshots');
const entry = args.find((a) => a.startsWith('--entry='))?.slice('--entry='.length);
const main = entry ? [entry] : COMPILED;
const rssOnly = args.includes('--rss-only');
/** Seconds of quiet before the second snapshot: Slack's WebClient arms a 10 s AbortSignal.timeout per call. */
const quietS = Number(args.find((a) => a.startsWith('--quiet='))?.slice('--quiet='.length) ?? 15);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface HeapSummary {
  file: string;
  bytes: number;
  /** Self size and count per kind of object (`type name`, e.g. `object Promise`, `closure onCommand`). */
  kinds: Map<string, { n: number; bytes: number }>;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Every node's self size, grouped by kind; strings and numbers by type only (their names are contents). */
function summarise(file: string): HeapSummary {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const kinds = new Map<string, { n: number; bytes: number }>();
  let bytes = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + (typeAt ?? 0)] ?? 0] ?? '?';
    const size = snap.nodes[i + (sizeAt ?? 0)] ?? 0;
    const named = type === 'object' || type === 'closure' || type === 'hidden' || type === 'native';
    const kind = named ? `${type} ${(snap.strings[snap.nodes[i + (nameAt ?? 0)] ?? 0] ?? '').slice(0, 60)}` : type;
    const k = kinds.get(kind) ?? { n: 0, bytes: 0 };
    k.n++;
    k.bytes += size;
    kinds.set(kind, k);
    bytes += size;
  }
  return { file, bytes, kinds };
}

/** Sends SIGUSR2 (the bot runs with --heapsnapshot-signal) and waits for the file to be complete. */
async function snapshot(bot: RunningBot, dir: string): Promise<HeapSummary> {
  const before = new Set(readdirSync(dir));
  process.kill(bot.proc.pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await sleep(500);
    const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
    if (!file) continue;
    // The snapshot is written on the bot's event loop: once it answers again, the file is whole.
    const answered = await fetch(`${bot.origin}/healthz`).then(
      () => true,
      () => false,
    );
    const size = statSync(join(dir, file)).size;
    await sleep(200);
    if (answered && size > 0 && statSync(join(dir, file)).size === size) return summarise(join(dir, file));
  }
  throw new Error('no heap snapshot within 2 minutes');
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function growth(idle: HeapSummary, pending: HeapSummary, n: number): Figure[] {
  const rows = [...pending.kinds]
    .map(([kind, k]) => {
      const was = idle.kinds.get(kind) ?? { n: 0, bytes: 0 };
      return { kind, n: k.n - was.n, bytes: k.bytes - was.bytes };
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 15);
  return rows.map((r) => ({
    name: `  grew: ${r.kind}`,
    bot: r.bytes / n,
    unit: 'B/project',
    target: '–',
    note: `${r.n >= 0 ? '+' : ''}${r.n} objects, ${mb(r.bytes).toFixed(2)} MB`,
  }));
}

/** CPU time the process has used (user + system), from /proc: less swayed by a shared machine than a rate. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The bot's highest RSS from `start()` to `stop()`, read every 100 ms, and the CPU time it used meanwhile. */
function burstWatch() {
  let peak = 0;
  let cpu = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    start(bot: RunningBot) {
      cpu = cpuSeconds(bot.proc.pid);
      timer = setInterval(() => {
        peak = Math.max(peak, bot.rssMb());
      }, 100);
    },
    stop: (bot: RunningBot) => {
      clearInterval(timer);
      return { peak, cpu: cpuSeconds(bot.proc.pid) - cpu };
    },
  };
}

/** Peak RSS and CPU time of the burst, and RSS once the bot has been left alone for `quietS`. */
async function burstFigures(bot: RunningBot, seen: { peak: number; cpu: number }, pending: number): Promise<Figure[]> {
  await sleep(quietS * 1000);
  return [
    { name: 'RSS peak during the burst', bot: seen.peak, unit: 'MB', target: '–', note: 'read every 100 ms' },
    { name: `RSS after ${quietS} s quiet`, bot: bot.rssMb(), unit: 'MB', target: '–' },
    {
      name: 'bot CPU per /clip, bursts until all pending',
      bot: (seen.cpu * 1000) / pending,
      unit: 'ms',
      target: '–',
      note: `${seen.cpu.toFixed(1)} s of CPU (user + system)`,
    },
  ];
}

ensureBuilt();
const watch = burstWatch();
const dir = mkdtempSync(join(tmpdir(), 'reelbot-heap-'));
const failures: string[] = [];
let idle: HeapSummary | undefined;
const snapshots = {
  argv: [...nodeFlags, '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`, ...main],
  async atIdle(bot: RunningBot) {
    idle = await snapshot(bot, dir);
    watch.start(bot);
  },
  async atPending(
    bot: RunningBot,
    burst: { acksPerSecond: number; settledS: number; pending: number },
  ): Promise<Figure[]> {
    const rss = await burstFigures(bot, watch.stop(bot), burst.pending);
    const pending = await snapshot(bot, dir);
    const was = idle ?? pending;
    // The idle snapshot was taken before the warm-up burst: every pending project counts.
    const per = (pending.bytes - was.bytes) / burst.pending;
    // Code compiled while the burst ran (the JIT's, a fixed cost) is no project's: shown apart.
    const code = (pending.kinds.get('code')?.bytes ?? 0) - (was.kinds.get('code')?.bytes ?? 0);
    return [
      ...rss,
      {
        name: 'heap after full GC, idle → pending',
        bot: mb(pending.bytes),
        unit: 'MB',
        target: '–',
        note: `${mb(was.bytes).toFixed(1)} → ${mb(pending.bytes).toFixed(1)} MB (heap snapshots)`,
      },
      {
        name: 'heap retained per pending project',
        bot: per,
        unit: 'B',
        target: '< 2 KB',
        met: per < 2048,
        note: `${((per * 10_000) / 1024 / 1024).toFixed(1)} MB per 10,000`,
      },
      {
        name: '  of which compiled code (fixed)',
        bot: code / burst.pending,
        unit: 'B',
        target: '–',
        note: `${mb(code).toFixed(1)} MB of code compiled during the burst`,
      },
      {
        name: 'burst ack rate',
        bot: burst.acksPerSecond,
        unit: 'acks/s',
        target: '–',
        note: `200 in flight; all pending after ${burst.settledS.toFixed(0)} s`,
      },
      ...growth(was, pending, burst.pending),
    ];
  },
};
const figures = await pendingGrowth(
  count,
  failures,
  rssOnly
    ? {
        argv: [...nodeFlags, ...main],
        atIdle: async (bot) => watch.start(bot),
        atPending: async (bot, burst) => [
          ...(await burstFigures(bot, watch.stop(bot), burst.pending)),
          { name: 'burst ack rate', bot: burst.acksPerSecond, unit: 'acks/s', target: '–', note: '200 in flight' },
        ],
      }
    : snapshots,
);
printFigures(
  `pending projects: ${count}${nodeFlags.length ? ` (${nodeFlags.join(' ')})` : ''}`,
  figures.map((f) =>
    f.name.startsWith('RSS') && !rssOnly
      ? { ...f, note: [f.note, 'read before the snapshot (which grows RSS)'].filter(Boolean).join('; ') }
      : f,
  ),
);
if (keep) console.log(`\nheap snapshots kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
if (failures.length) {
  console.log(`\nFAILED: ${failures.join('; ')}`);
  process.exitCode = 1;
}
