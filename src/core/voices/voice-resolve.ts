// Turning what a user typed (`Jenny`, `en-US Jenny cheerful`, a voice id) into exactly one voice, or
// into a message that says why not and what they may have meant.

import { rankFuzzy } from '../commands/fuzzy-rank.ts';
import type { Translator } from '../i18n/catalogue.ts';
import type { Voice } from '../media/schemas.ts';
import { englishVoiceWords } from './english-words.ts';
import { type Catalogue, type CatalogueEntry, queryWords, type Ranked, rank } from './voice-match.ts';

export type ResolveResult =
  | { ok: true; voice: Voice }
  /** `unknown`: no voice goes by that phrase; `ambiguous`: several do. */
  | { ok: false; reason: 'unknown' | 'ambiguous'; message: string; suggestions: Voice[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Candidates named in an ambiguous or unknown answer: enough to choose from, short enough to read. */
const MAX_NAMED = 5;
const MAX_SUGGESTED = 3;

/** "Jenny (en-US, Female)" */
export const describeVoice = (v: Voice): string =>
  `${v.name} (${[v.languageCode, v.gender].filter(Boolean).join(', ')})`;

/** One voice per speaker (name + locale), its general style when it has one, in rank order. */
function speakers(ranked: readonly Ranked[]): CatalogueEntry[] {
  const best = new Map<string, CatalogueEntry>();
  for (const { entry } of ranked) {
    const held = best.get(entry.speakerKey);
    if (!held || (entry.general && !held.general)) best.set(entry.speakerKey, entry);
  }
  return [...best.values()];
}

function ambiguous(text: string, candidates: readonly Ranked[], t: Translator): ResolveResult {
  const people = speakers(candidates);
  const named = people.slice(0, MAX_NAMED).map((e) => describeVoice(e.voice));
  const more =
    people.length > MAX_NAMED ? t.t('voices.ambiguous_more', { count: String(people.length - MAX_NAMED) }) : '';
  const first = people[0]?.voice;
  const example = first ? `\`${first.languageCode} ${first.name} ${first.style}\`` : '`en-US Jenny cheerful`';
  return {
    ok: false,
    reason: 'ambiguous',
    message: t.t('voices.ambiguous', { text, named: named.join(', '), more, example }),
    suggestions: people.slice(0, MAX_NAMED).map((e) => e.voice),
  };
}

/**
 * A single speaker resolves (general style first); so does the only general-style voice among several.
 * Voices the phrase names come before voices it only describes (a voice called "Thai" over th-TH).
 */
function decide(text: string, all: readonly Ranked[], t: Translator): ResolveResult {
  const bestName = Math.min(...all.map((c) => c.nameTier));
  const candidates = all.filter((c) => c.nameTier === bestName);
  const people = speakers(candidates);
  const only = people.length === 1 ? people[0] : undefined;
  if (only) return { ok: true, voice: only.voice };
  const generals = candidates.filter((c) => c.entry.general);
  const general = generals.length === 1 ? generals[0] : undefined;
  if (general) return { ok: true, voice: general.entry.voice };
  return ambiguous(text, candidates, t);
}

/** Nothing matched word by word: the voices whose names look most like what was typed (`Jenifer` → Jenny). */
function byName(text: string, catalogue: Catalogue): Voice[] {
  const general = catalogue.entries.filter((e) => e.general);
  const names = rankFuzzy(
    general.map((e) => e.voice.name),
    text,
    { limit: MAX_SUGGESTED, loose: true },
  );
  return names.flatMap((name) => general.find((e) => e.voice.name === name)?.voice ?? []);
}

function unknown(text: string, catalogue: Catalogue, tokens: readonly string[], t: Translator): ResolveResult {
  const near = speakers(rank(catalogue, catalogue.entries, tokens, false)).slice(0, MAX_SUGGESTED);
  const suggestions = near.length > 0 ? near.map((e) => e.voice) : byName(text, catalogue);
  const message = suggestions.length
    ? t.t('voices.unknown_near', { text, names: suggestions.map(describeVoice).join(', ') })
    : t.t('voices.unknown', { text });
  return { ok: false, reason: 'unknown', message, suggestions };
}

/**
 * A voice by id, or by an unambiguous phrase of name / locale / style / gender words. Exact word
 * matches are tried first, then name prefixes (`Jenn` -> Jenny when no other voice starts so). Why not is said in
 * `t`'s language (the reader's; English by default).
 */
export function resolveVoice(
  text: string,
  catalogue: Catalogue,
  byId: ReadonlyMap<string, Voice>,
  t: Translator = englishVoiceWords,
): ResolveResult {
  const wanted = text.trim();
  if (!wanted) return { ok: false, reason: 'unknown', message: t.t('voices.none_given'), suggestions: [] };
  const voice = byId.get(wanted.toLowerCase());
  if (voice) return { ok: true, voice };
  if (UUID.test(wanted)) {
    return {
      ok: false,
      reason: 'unknown',
      message: t.t('voices.unknown_id', { id: wanted }),
      suggestions: [],
    };
  }
  const tokens = queryWords(wanted);
  if (tokens.length === 0) return unknown(wanted, catalogue, tokens, t);
  const ranked = rank(catalogue, catalogue.entries, tokens, true);
  const exact = ranked.filter((r) => r.exactAll);
  if (exact.length > 0) return decide(wanted, exact, t);
  const prefixed = ranked.filter((r) => r.prefixAll);
  if (prefixed.length > 0) return decide(wanted, prefixed, t);
  return unknown(wanted, catalogue, tokens, t);
}
