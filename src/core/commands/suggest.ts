// "Did you mean …?" for option names, enumeration values and command names. People mistype on phones
// and Slack has no autocomplete for text arguments, so a close guess saves a round trip.
import type { Translator } from '../i18n/catalogue.ts';
import { ENGLISH } from './framework-messages.ts';

/** Case, spaces, `-` and `_` do not make two words different for a guess (`remove-fillers`, `Bottom Center`). */
export const fold = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), so `tmeplate`
 * is one edit from `template`, as a person would count it.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array.from({ length: b.length }, (_, j) => (i ? 0 : j + 1))]);
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** About one edit in three letters of the longer word; beyond that a guess is noise (`bst` → beast, not boxd). */
const reach = (a: string, b: string): number => Math.max(1, Math.round(Math.max(a.length, b.length) / 3));

function withinReach(a: string, b: string): boolean {
  // The length difference is a lower bound of the distance: a pasted paragraph costs no matrix.
  if (Math.abs(a.length - b.length) > reach(a, b)) return false;
  const distance = editDistance(a, b);
  return distance < Math.max(a.length, b.length) && distance <= reach(a, b);
}

/**
 * The candidates closest to `input`, best first, at most `max` (default 3): an exact match (ignoring
 * case, spaces, `-` and `_`), then candidates that start with it, then those that contain it (3+
 * letters), then those within a few edits. Ties keep the candidates' own order.
 */
export function closest(input: string, candidates: readonly string[], max = 3): string[] {
  const needle = fold(input.trim());
  if (!needle || max <= 0) return [];
  const ranked: Array<{ candidate: string; tier: number; distance: number; order: number }> = [];
  const seen = new Set<string>();
  candidates.forEach((candidate, order) => {
    const folded = fold(candidate);
    if (!folded || seen.has(folded)) return;
    seen.add(folded);
    const tier =
      folded === needle
        ? 0
        : folded.startsWith(needle)
          ? 1
          : needle.length >= 3 && folded.includes(needle)
            ? 2
            : withinReach(needle, folded)
              ? 3
              : -1;
    // Within a tier, the nearest first: for prefixes that is the shortest completion.
    if (tier >= 0) ranked.push({ candidate, tier, distance: editDistance(needle, folded), order });
  });
  ranked.sort((x, y) => x.tier - y.tier || x.distance - y.distance || x.order - y.order);
  return ranked.slice(0, max).map((r) => r.candidate);
}

/**
 * `beast` → "did you mean beast?"; several → "did you mean beast, boxd or impact?"; none → "". In the reader's
 * language with `t`; `sentence` starts it with a capital where the language has one ("Did you mean /clip?").
 */
export function didYouMean(suggestions: readonly string[], t: Translator = ENGLISH, sentence = false): string {
  if (suggestions.length === 0) return '';
  const last = suggestions[suggestions.length - 1] ?? '';
  const head = suggestions.slice(0, -1);
  const choices = head.length ? t.t('suggest.or', { head: head.join(', '), last }) : last;
  return t.t(sentence ? 'suggest.did_you_mean_sentence' : 'suggest.did_you_mean', { choices });
}
