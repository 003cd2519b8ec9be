// The side-by-side table: each figure of the bot, the design's floor and the bare node:http server measured
// in the same run (with the bot's ratio to each), and the target with whether it was met.
import { markdownTable } from '../stats.ts';

export interface Figure {
  name: string;
  bot: number;
  /**
   * The design's own floor in the same run, where the target is judged against one: a bare Bolt app for a
   * Slack acknowledgement, a process that only loads the libraries for idle RSS.
   */
  floor?: number;
  /** The bare node:http server's figure in the same run, when there is one to compare with. */
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

const ratio = (bot: number, to: number | undefined) => (to ? `${(bot / to).toFixed(2)}×` : '–');

/** The figures as a Markdown table: the bot, its floor and the bare node:http server, with ratios and targets. */
export function figuresTable(figures: readonly Figure[]): string {
  const header = [
    'figure',
    'bot',
    'floor: Bolt or libraries',
    '÷ it',
    'floor: node:http',
    '÷ it',
    'unit',
    'target',
    'met',
    'note',
  ];
  const lines = figures.map((f) => [
    f.name,
    fmt(f.bot),
    fmt(f.floor),
    ratio(f.bot, f.floor),
    fmt(f.bare),
    ratio(f.bot, f.bare),
    f.unit,
    f.target,
    f.met === undefined ? '' : f.met ? 'yes' : 'NO',
    f.note ?? '',
  ]);
  return markdownTable(header, lines);
}

export function printFigures(title: string, figures: readonly Figure[]): void {
  console.log(`\n### ${title}\n`);
  console.log(figuresTable(figures));
}
