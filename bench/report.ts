// BENCHMARKS.md as the runner writes it: the intro, then one section per benchmark with the machine and date
// of the run that measured it. Sections the run did not measure (`--only`) are kept from the file as they
// were, each still carrying its own machine and date, so the file never mixes figures of two runs in a table.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  /** The one-minute load average when the run started: a shared machine shows here. */
  load: number;
}

export interface Section {
  id: string;
  title: string;
  /** What the benchmark measures and why it matters, in Markdown. */
  about: string;
  /** The Markdown table of this run. */
  table: string;
  machine: Machine;
  quick: boolean;
  seconds: number;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  } catch {
    return cpus()[0]?.model ?? 'unknown';
  }
}

export function machineNow(): Machine {
  return {
    date: new Date().toISOString().slice(0, 10),
    cpu: cpuModel(),
    cores: cpus().length,
    memoryGiB: totalmem() / 2 ** 30,
    node: `${process.version} ${process.platform}/${process.arch}`,
    load: loadavg()[0] ?? Number.NaN,
  };
}

export const describeMachine = (m: Machine): string =>
  `${m.date} on ${m.cpu} × ${m.cores} cores · ${m.memoryGiB.toFixed(1)} GiB RAM · Node ${m.node} · load average ${m.load.toFixed(1)} at the start of the run`;

/** The id prefix of a section no benchmark writes: a before/after comparison, kept across runs. */
const COMPARISON = 'compare-';

const BEGIN = (id: string) => `<!-- bench:${id} -->`;
const END = (id: string) => `<!-- /bench:${id} -->`;

export function renderSection(s: Section): string {
  const run = `Measured ${describeMachine(s.machine)} · took ${s.seconds.toFixed(0)} s${s.quick ? ' with `--quick`' : ''}`;
  return [BEGIN(s.id), `## ${s.title}`, '', s.about, '', `_${run}_`, '', s.table, END(s.id)].join('\n');
}

/** The sections of an earlier file, by id, exactly as written. */
export function sectionsIn(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(/<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g)) found.set(m[1] ?? '', m[0]);
  return found;
}

/**
 * The whole file: `intro`, then every benchmark in `order`, from this run where it was measured, else from
 * `previous` (the file's earlier text) when it had one; then its comparisons (`compare-…` sections: one change's
 * figures before and after, measured side by side by hand), kept as they were.
 */
export function renderReport(
  intro: string,
  order: readonly string[],
  measured: readonly Section[],
  previous = '',
): string {
  const earlier = sectionsIn(previous);
  const now = new Map(measured.map((s) => [s.id, renderSection(s)]));
  const body = order.map((id) => now.get(id) ?? earlier.get(id)).filter((s): s is string => s !== undefined);
  body.push(...[...earlier].filter(([id]) => id.startsWith(COMPARISON)).map(([, text]) => text));
  return `${[intro.trim(), ...body].join('\n\n')}\n`;
}

export function writeReport(path: string, intro: string, order: readonly string[], measured: readonly Section[]): void {
  const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
  writeFileSync(path, renderReport(intro, order, measured, previous));
}
