import { describe, expect, it } from 'vitest';
import { type Machine, renderReport, type Section } from '../../bench/report.ts';

const machine = (date: string): Machine => ({
  date,
  cpu: 'Test CPU',
  cores: 2,
  memoryGiB: 8,
  node: 'v20.0.0 linux/x64',
  load: 0.5,
});

const section = (id: string, date: string, table: string): Section => ({
  id,
  title: id,
  about: `What ${id} measures.`,
  table,
  machine: machine(date),
  quick: false,
  seconds: 3,
});

describe('BENCHMARKS.md as the runner writes it', () => {
  it('gives each table the machine and date of the run that measured it', () => {
    const text = renderReport('# Benchmarks', ['store'], [section('store', '2026-11-27', '| a |')]);
    expect(text).toContain('2026-11-27 on Test CPU × 2 cores · 8.0 GiB RAM · Node v20.0.0 linux/x64');
    expect(text).toContain('| a |');
  });

  it('keeps the sections a partial run did not measure, and replaces those it did', () => {
    const first = renderReport(
      '# Benchmarks',
      ['store', 'scheduler'],
      [section('store', '2026-11-01', '| old store |'), section('scheduler', '2026-11-01', '| old scheduler |')],
    );
    const second = renderReport(
      '# Benchmarks, new intro',
      ['store', 'scheduler'],
      [section('scheduler', '2026-11-27', '| new scheduler |')],
      first,
    );
    expect(second).toContain('# Benchmarks, new intro');
    expect(second).toContain('| old store |');
    expect(second).toContain('| new scheduler |');
    expect(second).not.toContain('| old scheduler |');
    expect(second.indexOf('| old store |')).toBeLessThan(second.indexOf('| new scheduler |'));
  });

  it('drops a benchmark that no longer exists', () => {
    const first = renderReport('# B', ['gone'], [section('gone', '2026-11-01', '| gone |')]);
    expect(renderReport('# B', ['store'], [], first)).not.toContain('| gone |');
  });

  it('keeps a comparison written by hand, after the benchmarks', () => {
    const first = `${renderReport('# B', ['store'], [section('store', '2026-11-01', '| store |')])}
<!-- bench:compare-edge -->
## Before and after
| before | after |
<!-- /bench:compare-edge -->
`;
    const second = renderReport('# B', ['store'], [section('store', '2026-12-01', '| new store |')], first);
    expect(second).toContain('| before | after |');
    expect(second.indexOf('| new store |')).toBeLessThan(second.indexOf('| before | after |'));
  });
});
