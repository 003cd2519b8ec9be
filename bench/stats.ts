// Shared measuring helpers: bounded loops (a count and a time budget, whichever ends first), percentiles
// and the printed table. Every loop stops by itself so a benchmark run can never hang or grow unbounded.
import { performance } from 'node:perf_hooks';

export interface Row {
  bench: string;
  case: string;
  n: number;
  opsPerSec?: number;
  p50?: number;
  p99?: number;
  /** The unit of p50/p99: 'µs' or 'ms'. */
  unit?: 'µs' | 'ms';
  note?: string;
  /** This row is the floor the others are compared with, measured in the same run. */
  floor?: true;
  /** The bot's figure against its floor, e.g. `0.62× ops/s`. */
  vsFloor?: string;
  target?: string;
  /** Undefined when the row has no target. */
  met?: boolean;
}

export interface Bound {
  /** At most this many measured operations. */
  count: number;
  /** Stop earlier once this much time has passed. */
  ms: number;
  /** Unmeasured operations first, so the JIT and caches are warm. */
  warmup: number;
}

export interface Sample {
  n: number;
  opsPerSec: number;
  /** Per-operation latencies in milliseconds, sorted ascending. */
  latencies: number[];
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** Times a synchronous call one call at a time. */
export function measureSync(op: (i: number) => unknown, bound: Bound): Sample {
  for (let i = 0; i < bound.warmup; i++) op(i);
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + bound.ms;
  for (let i = 0; i < bound.count; i++) {
    const t = performance.now();
    op(i);
    const done = performance.now();
    latencies.push(done - t);
    if (done > deadline) break;
  }
  return finish(latencies, performance.now() - start);
}

/** Times an async operation with at most `concurrency` in flight. */
export async function measureAsync(
  op: (i: number) => Promise<unknown>,
  bound: Bound,
  concurrency = 1,
): Promise<Sample> {
  // Warm-up runs at the measured concurrency, so the measured loop times answers on open connections, not
  // the opening of every connection at once.
  for (let i = 0; i < bound.warmup; i += concurrency) {
    const wave = Math.min(concurrency, bound.warmup - i);
    await Promise.all(Array.from({ length: wave }, (_, j) => op(-1 - i - j)));
  }
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + bound.ms;
  let next = 0;
  const worker = async () => {
    while (next < bound.count && performance.now() < deadline) {
      const i = next++;
      const t = performance.now();
      await op(i);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return finish(latencies, performance.now() - start);
}

function finish(latencies: number[], elapsedMs: number): Sample {
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, opsPerSec: (latencies.length / elapsedMs) * 1000, latencies };
}

/** A table row from a sample, with latencies in µs (fast calls) or ms. */
export function rowOf(bench: string, name: string, s: Sample, unit: 'µs' | 'ms', note?: string): Row {
  const scale = unit === 'µs' ? 1000 : 1;
  return {
    bench,
    case: name,
    n: s.n,
    opsPerSec: s.opsPerSec,
    p50: percentile(s.latencies, 50) * scale,
    p99: percentile(s.latencies, 99) * scale,
    unit,
    note,
  };
}

const fmt = (x: number | undefined, digits = 1): string =>
  x === undefined || Number.isNaN(x) ? '–' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(digits);

/** `bot` against `floor` for the columns a reader compares: throughput, and p99 where both have one. */
export function versus(bot: Row, floor: Row): string {
  const parts: string[] = [];
  if (bot.opsPerSec && floor.opsPerSec) parts.push(`${(bot.opsPerSec / floor.opsPerSec).toFixed(2)}× ops/s`);
  if (bot.p99 && floor.p99) parts.push(`${(bot.p99 / floor.p99).toFixed(2)}× p99`);
  return parts.join(', ');
}

/** A Markdown table of rows: the floor and target columns appear only when some row has them. */
export function rowsTable(rows: readonly Row[]): string {
  const withFloor = rows.some((r) => r.floor || r.vsFloor);
  const withTarget = rows.some((r) => r.target);
  const columns: Array<[string, (r: Row) => string]> = [
    ['case', (r) => (r.floor ? `floor: ${r.case}` : r.case)],
    ['n', (r) => String(r.n)],
    ['ops/s', (r) => fmt(r.opsPerSec)],
    ['p50', (r) => fmt(r.p50)],
    ['p99', (r) => fmt(r.p99)],
    ['unit', (r) => r.unit ?? ''],
    ...(withFloor ? [['÷ floor', (r: Row) => r.vsFloor ?? ''] as [string, (r: Row) => string]] : []),
    ...(withTarget
      ? [
          ['target', (r: Row) => r.target ?? ''] as [string, (r: Row) => string],
          ['met', (r: Row) => (r.met === undefined ? '' : r.met ? 'yes' : 'NO')] as [string, (r: Row) => string],
        ]
      : []),
    ['note', (r) => r.note ?? ''],
  ];
  return markdownTable(
    columns.map(([name]) => name),
    rows.map((r) => columns.map(([, cell]) => cell(r))),
  );
}

/** Cells padded to their column, so the table reads in a terminal as well as rendered. */
export function markdownTable(header: readonly string[], lines: ReadonlyArray<readonly string[]>): string {
  const escaped = lines.map((l) => l.map((c) => c.replaceAll('|', '\\|')));
  const widths = header.map((h, i) => Math.max(h.length, ...escaped.map((l) => (l[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...escaped.map(line)].join('\n');
}

export function printTable(title: string, rows: readonly Row[]): void {
  console.log(`\n### ${title}\n`);
  console.log(rowsTable(rows));
}
