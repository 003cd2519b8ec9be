// The side-by-side table: each figure of the bot, the bare server's in the same run, their ratio, and
// the target with whether it was met.

export interface Figure {
  name: string;
  bot: number;
  /** The bare server's figure in the same run, when there is one to compare with. */
  bare?: number;
  unit: string;
  target: string;
  /** Undefined when the target has no automatic check (information only). */
  met?: boolean;
  note?: string;
}

const fmt = (x: number | undefined): string =>
  x === undefined || Number.isNaN(x)
    ? '–'
    : Math.abs(x) >= 100
      ? Math.round(x).toLocaleString('en-US')
      : x.toFixed(Math.abs(x) >= 10 ? 1 : 2);

export function printFigures(title: string, figures: readonly Figure[]): void {
  const header = ['figure', 'bot', 'bare', 'ratio', 'unit', 'target', 'met', 'note'];
  const lines = figures.map((f) => [
    f.name,
    fmt(f.bot),
    fmt(f.bare),
    f.bare ? `${(f.bot / f.bare).toFixed(2)}×` : '–',
    f.unit,
    f.target,
    f.met === undefined ? '' : f.met ? 'yes' : 'NO',
    f.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const l of lines) console.log(line(l));
}
