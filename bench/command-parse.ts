// Parsing and validating a full /clip line. It runs before the platform's 3-second acknowledgement
// (prepare() does no I/O), so it must stay far below a millisecond even with every option given.

import { DEFAULT_SOURCES, parseAndValidate } from '../src/core/commands/validate.ts';
import { CLIP } from '../src/core/jobs/table.ts';
import { type Bound, measureSync, type Row, rowOf } from './stats.ts';

const BENCH = 'command parsing';

export const CLIP_LINE = [
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'language=french reels=5 duration=15-45',
  'prompt="the funniest moments, with a strong opening line"',
  'keywords=sleep,coffee,focus template=marine-shift position=bottom-center size=l',
  'broll_type=mixed broll_frequency=medium music_url=https://example.com/music.mp3',
  'music_volume=0,4 music_fade_in=1 music_fade_out=2 hook remove_fillers remove_silences music broll',
].join(' ');

/** A line with a typo'd language and an out-of-range number: the error path, with suggestions. */
export const BAD_LINE = 'https://youtu.be/x language=frnch reels=11 template=beest';

export function runCommandParse(quick: boolean): Row[] {
  const first = parseAndValidate(CLIP, { text: CLIP_LINE }, DEFAULT_SOURCES);
  if (!first.ok) throw new Error(`the benchmark's /clip line no longer validates: ${first.error}`);
  const bound: Bound = quick ? { count: 5_000, ms: 300, warmup: 500 } : { count: 50_000, ms: 2_000, warmup: 2_000 };
  const good = measureSync(() => parseAndValidate(CLIP, { text: CLIP_LINE }, DEFAULT_SOURCES), bound);
  const bad = measureSync(() => parseAndValidate(CLIP, { text: BAD_LINE }, DEFAULT_SOURCES), bound);
  return [
    rowOf(BENCH, `/clip, ${Object.keys(first.values).length} options, valid`, good, 'µs'),
    rowOf(BENCH, '/clip with 3 mistakes (suggestions)', bad, 'µs'),
  ];
}
