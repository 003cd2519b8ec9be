// One ranking of plain values (templates, languages, a feature's names) against what someone typed, for
// Discord autocomplete and for "did you mean". People type on phones and abbreviate (`bst` for beast,
// `frnch` for french), and Discord offers nothing when the list comes back empty.

import type { Choice } from '../platform/interaction.ts';
import { closest, fold } from './suggest.ts';

/** Discord: an autocomplete answer holds at most 25 choices. */
const CHOICES_MAX = 25;

/** `bst` in `beast`: every letter, in order, starting with the same one (how people abbreviate). */
function abbreviates(short: string, long: string): boolean {
  if (short.length < 2 || short[0] !== long[0]) return false;
  let at = 0;
  for (const ch of long) if (ch === short[at]) at++;
  return at === short.length;
}

/** Letters two words share at their start: `jenifer` and `jenny` share `jen`. */
function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

export interface RankOptions {
  /** At most this many (default 25). */
  limit?: number;
  /**
   * For "did you mean" after nothing matched: also values sharing their first three letters with the
   * query (`Jenifer` → Jenny), which would be noise in autocomplete while someone is still typing.
   */
  loose?: boolean;
}

/**
 * `values` ranked against `query`, best first: exact, prefix, inside (3+ letters) and a few edits
 * away (the tiers of `closest`), then inside (1–2 letters), abbreviations and, when loose, a shared
 * start. An empty query keeps the values' own order.
 */
export function rankFuzzy(values: readonly string[], query: string, options: RankOptions = {}): string[] {
  const limit = options.limit ?? CHOICES_MAX;
  const q = fold(query.trim());
  if (!q) return values.slice(0, limit);
  const ranked = closest(q, values, values.length);
  const taken = new Set(ranked);
  const later = (test: (folded: string) => boolean) => {
    for (const v of values) {
      if (!taken.has(v) && test(fold(v))) {
        ranked.push(v);
        taken.add(v);
      }
    }
  };
  later((v) => v.includes(q));
  later((v) => abbreviates(q, v));
  if (options.loose) later((v) => sharedStart(q, v) >= 3);
  return ranked.slice(0, limit);
}

/** Autocomplete choices (name = value) for a plain list. */
export function rankValues(values: readonly string[], query: string, limit = CHOICES_MAX): Choice[] {
  return rankFuzzy(values, query, { limit }).map((v) => ({ name: v, value: v }));
}
