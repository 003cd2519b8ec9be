// The in-memory voice index: built once per catalogue, then answers /voices pages, autocomplete (Discord
// asks within 3 s, at most 25 choices) and the voice option of /tts and /ttv.

import type { Translator } from '../i18n/catalogue.ts';
import type { Voice } from '../media/schemas.ts';
import { truncate } from '../platform/message.ts';
import { languageMatcher, languageName } from './language.ts';
import { buildCatalogue, type CatalogueEntry, normalizeGender, queryWords, rank, styleKeyOf } from './voice-match.ts';
import { type ResolveResult, resolveVoice } from './voice-resolve.ts';

export type { ResolveResult } from './voice-resolve.ts';

export interface VoiceFilters {
  /** A code (`fr-FR`, `fr`) or a name ("French", "French (France)", "français"). */
  language?: string;
  /** "male" / "female" / "m" / "f", any case. */
  gender?: string;
  /** A speaking style, e.g. "cheerful"; separators ignored ("narration professional"). */
  style?: string;
  /** Words matched against name, language, style and gender, ranked. */
  query?: string;
}

export interface VoiceChoice {
  /** "Jenny · en-US · Female · cheerful", at most 100 characters (Discord autocomplete choice name). */
  name: string;
  /** The voiceId. */
  value: string;
}

export interface LanguageCount {
  code: string;
  name: string;
  count: number;
}

export interface VoiceIndex {
  readonly size: number;
  byId(id: string): Voice | undefined;
  /** Ranked matches of `query` within `filters` (default limit 25); an empty query lists in stable order. */
  search(query: string, filters?: VoiceFilters, limit?: number): Voice[];
  /** Every voice matching the filters: ranked when `filters.query` is set, else in stable order. */
  filter(filters: VoiceFilters): Voice[];
  /** Why not, in `t`'s language (the reader's; English by default). */
  resolve(text: string, t?: Translator): ResolveResult;
  /** Choices for Discord autocomplete / Slack external select (default 25). */
  autocomplete(query: string, limit?: number): VoiceChoice[];
  /** Distinct styles, "general" first, then alphabetical. */
  styles(): string[];
  /** Distinct locales by English name. */
  languages(): LanguageCount[];
}

/** Discord: an autocomplete choice name is at most 100 characters. */
const CHOICE_NAME_MAX = 100;
const DEFAULT_LIMIT = 25;

export const choiceLabel = (v: Voice): string =>
  [v.name || v.voiceId, v.languageCode, v.gender, v.style].filter(Boolean).join(' · ');

function filterEntries(entries: readonly CatalogueEntry[], filters: VoiceFilters): CatalogueEntry[] {
  const language = filters.language?.trim();
  const gender = filters.gender?.trim() ? normalizeGender(filters.gender) : undefined;
  const style = filters.style?.trim() ? styleKeyOf(filters.style) : undefined;
  if (!language && !gender && !style) return [...entries];
  const inLanguage = languageMatcher(language ?? '');
  return entries.filter(
    (e) => (!gender || e.genderKey === gender) && (!style || e.styleKey === style) && inLanguage(e.voice.languageCode),
  );
}

function listLanguages(entries: readonly CatalogueEntry[]): LanguageCount[] {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.voice.languageCode, (counts.get(e.voice.languageCode) ?? 0) + 1);
  return [...counts]
    .map(([code, count]) => ({ code, name: languageName(code), count }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.code < b.code ? -1 : 1));
}

function listStyles(entries: readonly CatalogueEntry[]): string[] {
  const styles = new Map<string, string>();
  for (const e of entries) if (!styles.has(e.styleKey)) styles.set(e.styleKey, e.voice.style);
  return [...styles.values()].sort((a, b) => {
    const ga = styleKeyOf(a) === 'general';
    const gb = styleKeyOf(b) === 'general';
    if (ga !== gb) return ga ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

export function createVoiceIndex(voices: Voice[]): VoiceIndex {
  const catalogue = buildCatalogue(voices);
  const entries = catalogue.entries;
  const ids = new Map(entries.map((e) => [e.voice.voiceId.toLowerCase(), e.voice]));
  let languages: LanguageCount[] | undefined;
  let styles: string[] | undefined;

  const search = (query: string, filters: VoiceFilters = {}, limit = DEFAULT_LIMIT): Voice[] => {
    const tokens = queryWords([query, filters.query ?? ''].join(' '));
    const within = filterEntries(entries, filters);
    if (tokens.length === 0) return within.slice(0, limit).map((e) => e.voice);
    return rank(catalogue, within, tokens, true)
      .slice(0, limit)
      .map((r) => r.entry.voice);
  };

  return {
    size: entries.length,
    byId: (id) => ids.get(id.trim().toLowerCase()),
    search,
    filter: (filters) => search('', filters, Number.POSITIVE_INFINITY),
    resolve: (text, t) => resolveVoice(text, catalogue, ids, t),
    autocomplete(query, limit = DEFAULT_LIMIT) {
      const exact = ids.get(query.trim().toLowerCase());
      const found = exact ? [exact] : search(query, {}, limit);
      return found.map((v) => ({ name: truncate(choiceLabel(v), CHOICE_NAME_MAX), value: v.voiceId }));
    },
    styles: () => {
      styles ??= listStyles(entries);
      return [...styles];
    },
    languages: () => {
      languages ??= listLanguages(entries);
      return languages.map((l) => ({ ...l }));
    },
  };
}
