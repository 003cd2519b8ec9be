// The one way text is cut to a limit: between characters as people see them (grapheme clusters), never
// inside one, and marked with an ellipsis. Cutting by UTF-16 units would split an emoji into lone surrogates
// (shown as �, or the message refused), and counting them would overstate a caption's length.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** How a destination measures the length of a piece of text; additive over characters. */
export type Measure = (s: string) => number;

/**
 * UTF-16 code units: how Discord's validators count (an emoji is 2, a family emoji 11). It is never less
 * than code points or characters, so text cut by it fits Slack's "characters" whichever of those Slack means.
 */
export const utf16Units: Measure = (s) => s.length;

/** Characters as people see them: an emoji with its skin tone, a flag or an accented letter is one. */
export const characterCount: Measure = (s) => {
  let n = 0;
  for (const _ of graphemes.segment(s)) n++;
  return n;
};

/** The characters of `s`, each a whole grapheme cluster. */
export function charactersOf(s: string): string[] {
  return Array.from(graphemes.segment(s), (g) => g.segment);
}

const ELLIPSIS = '…';

/** The longest start of `s` made of whole characters whose length by `measure` is at most `max`. */
export function headWithin(s: string, max: number, measure: Measure = utf16Units): string {
  if (measure(s) <= max) return s;
  let used = 0;
  let end = 0;
  for (const g of graphemes.segment(s)) {
    const size = measure(g.segment);
    if (used + size > max) break;
    used += size;
    end = g.index + g.segment.length;
  }
  return s.slice(0, end);
}

/**
 * Cuts `s` to at most `max` by `measure` (default UTF-16 units, what chat platforms validate), between
 * characters, ending with an ellipsis when anything was left out. Text that fits is returned unchanged.
 */
export function truncate(s: string, max: number, measure: Measure = utf16Units): string {
  if (measure(s) <= max) return s;
  const room = max - measure(ELLIPSIS);
  if (room < 0) return headWithin(s, Math.max(0, max), measure);
  // No white space extends a character, so trimming the end of a whole-character head keeps it whole.
  return `${headWithin(s, room, measure).trimEnd()}${ELLIPSIS}`;
}

/** `5,000`: counts shown to people, as they write them. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
