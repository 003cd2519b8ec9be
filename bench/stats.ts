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
  // Warm-up runs at the measured concurrency, so every connection the measured loop uses is already open
  // (at 200 in flight, opening 200 connections at once was most of the slowest 1% of a bare server's answers).
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

/** Prints rows as a Markdown table (readable in a terminal, pasteable into BENCHMARKS.md). */
export function printTable(title: string, rows: readonly Row[]): void {
  const header = ['case', 'n', 'ops/s', 'p50', 'p99', 'unit', 'note'];
  const lines = rows.map((r) => [
    r.case,
    String(r.n),
    fmt(r.opsPerSec),
    fmt(r.p50),
    fmt(r.p99),
    r.unit ?? '',
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const l of lines) console.log(line(l));
}
