// Matching query words against voices. Each voice is reduced once to lowercase keys (a CatalogueEntry); a query
// word is then scored against each distinct name, style and locale once per query (a few hundred
// strings), and every voice looks its score up, so a search costs what the distinct strings cost, not the voices.

import { boundedDistance, typoAllowance } from './edit-distance.ts';
import { languageTerms, normalizeTerm } from './language.ts';
import { type Catalogue, type CatalogueEntry, normalizeGender } from './voice-entries.ts';

export { buildCatalogue, type Catalogue, type CatalogueEntry, normalizeGender, styleKeyOf } from './voice-entries.ts';

/** Tiers of a word match, best first. */
export const NAME_EXACT = 0;
export const NAME_PREFIX = 1;
export const ATTRIBUTE_EXACT = 2;
export const SUBSTRING = 3;
export const FUZZY = 4;
const NO_MATCH = 9;

/** Query words: normalized, deduplicated, in the order typed. */
export function queryWords(query: string): string[] {
  return [
    ...new Set(
      normalizeTerm(query)
        .split(' ')
        .filter((t) => t.length > 0),
    ),
  ];
}

function fuzzyHit(token: string, candidates: readonly string[]): boolean {
  const max = typoAllowance(token.length);
  if (max === 0) return false;
  for (const c of candidates) {
    if (boundedDistance(token, c, max) <= max) return true;
    // While typing: "jeni" against the start of "jennifer".
    if (c.length > token.length && boundedDistance(token, c, max - 1, token.length) <= max - 1) return true;
  }
  return false;
}

function nameTier(token: string, name: { key: string; words: string[] }): number {
  if (token === name.key) return NAME_EXACT;
  if (name.key.startsWith(token) || name.words.some((w) => w.startsWith(token))) return NAME_PREFIX;
  if (token.length >= 2 && name.key.includes(token)) return SUBSTRING;
  return fuzzyHit(token, [name.key, ...name.words]) ? FUZZY : NO_MATCH;
}

function styleTier(token: string, styleKey: string): number {
  const t = token.replace(/-/g, '');
  if (t === styleKey) return ATTRIBUTE_EXACT;
  // While typing: `denise ch` → Denise, cheerful.
  if ((t.length >= 2 && styleKey.startsWith(t)) || (t.length >= 3 && styleKey.includes(t))) return SUBSTRING;
  return fuzzyHit(t, [styleKey]) ? FUZZY : NO_MATCH;
}

function localeTier(token: string, languageCode: string): number {
  const terms = languageTerms(languageCode);
  if (token === terms.code || token === terms.base || terms.words.has(token)) return ATTRIBUTE_EXACT;
  if (token.length >= 2 && terms.code.startsWith(token)) return SUBSTRING;
  const words = [...terms.words];
  if (token.length >= 3 && words.some((w) => w.startsWith(token))) return SUBSTRING;
  return fuzzyHit(token, words) ? FUZZY : NO_MATCH;
}

const GENDER_WORDS = new Set(['male', 'female', 'man', 'woman']);

/** One query word against one voice: its tier, and whether it matched something exactly. */
interface WordScore {
  tier: number;
  /** The tier of the name alone. */
  name: number;
  exact: boolean;
  prefix: boolean;
}

/** Tiers of one word against a list of distinct strings, each computed on first use. */
function lazyTiers<T>(list: readonly T[], compute: (item: T) => number): (id: number) => number {
  const tiers = new Int8Array(list.length).fill(-1);
  return (id) => {
    let t = tiers[id] ?? NO_MATCH;
    if (t < 0) {
      const item = list[id];
      t = item === undefined ? NO_MATCH : compute(item);
      tiers[id] = t;
    }
    return t;
  };
}

/** Scores one query word against voices, remembering each distinct name/style/locale. */
export function createScorer(catalogue: Catalogue, token: string): (e: CatalogueEntry) => WordScore {
  const names = lazyTiers(catalogue.names, (n) => nameTier(token, n));
  const styles = lazyTiers(catalogue.styles, (s) => styleTier(token, s));
  const locales = lazyTiers(catalogue.locales, (code) => localeTier(token, code));
  const genderWord = GENDER_WORDS.has(token) ? normalizeGender(token) : undefined;
  return (e) => {
    const name = names(e.nameId);
    const gender = genderWord === e.genderKey ? ATTRIBUTE_EXACT : NO_MATCH;
    const attribute = Math.min(styles(e.styleId), locales(e.localeId), gender);
    const exact = name === NAME_EXACT || attribute === ATTRIBUTE_EXACT;
    return { tier: Math.min(name, attribute), name, exact, prefix: exact || name === NAME_PREFIX };
  };
}

export interface Ranked {
  entry: CatalogueEntry;
  /** Sum of the words' tiers: lower is better. */
  score: number;
  /** Every word matched a name exactly or a locale/style/gender exactly. */
  exactAll: boolean;
  /** Every word matched exactly or as a name prefix. */
  prefixAll: boolean;
  /** Words that matched nothing (0 when every word is required). */
  missed: number;
  /** The best name tier among the words: whether the phrase named this voice, not just its locale/style. */
  nameTier: number;
}

/**
 * Scores `entries` against `tokens`, best first (fewest missed words, lowest score, stable order).
 * With `requireAll`, a voice must match every word; otherwise any word will do (for suggestions).
 */
export function rank(
  catalogue: Catalogue,
  entries: readonly CatalogueEntry[],
  tokens: readonly string[],
  requireAll: boolean,
): Ranked[] {
  const scorers = tokens.map((token) => createScorer(catalogue, token));
  const out: Ranked[] = [];
  for (const entry of entries) {
    let total = 0;
    let missed = 0;
    let exactAll = true;
    let prefixAll = true;
    let nameTier = NO_MATCH;
    for (const score of scorers) {
      const w = score(entry);
      if (w.tier === NO_MATCH) missed++;
      else total += w.tier;
      exactAll &&= w.exact;
      prefixAll &&= w.prefix;
      nameTier = Math.min(nameTier, w.name);
      if (missed > 0 && requireAll) break;
    }
    if (missed === tokens.length || (requireAll && missed > 0)) continue;
    out.push({ entry, score: total + missed * NO_MATCH, exactAll, prefixAll, missed, nameTier });
  }
  return out.sort((a, b) => a.missed - b.missed || a.score - b.score || a.entry.order - b.entry.order);
}
