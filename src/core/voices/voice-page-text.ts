// The words around a /voices page: what the filters were, and what to try when nothing matched.

import type { Translator } from '../i18n/catalogue.ts';
import type { OutMessage } from '../platform/message.ts';
import { languageMatcher } from './language.ts';
import type { VoiceFilters, VoiceIndex } from './voice-index.ts';
import { voiceWords } from './words.ts';

/** Languages named when a search finds nothing: enough to show the form, short enough to read. */
const LANGUAGES_SHOWN = 8;

/** `language “French” · gender female · style “cheerful” · “jen”`, or '' with no filters. */
export function describeFilters(filters: VoiceFilters, t: Translator = voiceWords()): string {
  const parts: string[] = [];
  if (filters.language?.trim()) parts.push(t.t('voices.f_language', { value: filters.language.trim() }));
  if (filters.gender?.trim()) parts.push(t.t('voices.f_gender', { value: filters.gender.trim().toLowerCase() }));
  if (filters.style?.trim()) parts.push(t.t('voices.f_style', { value: filters.style.trim() }));
  if (filters.query?.trim()) parts.push(t.t('voices.f_query', { value: filters.query.trim() }));
  return parts.join(' · ');
}

/** Which single filters match nothing on their own, each with what would. */
function culprits(filters: VoiceFilters, index: VoiceIndex, t: Translator): string[] {
  const out: string[] = [];
  const language = filters.language?.trim();
  if (language && !index.languages().some((l) => languageMatcher(language)(l.code))) {
    out.push(t.t('voices.no_language', { language }));
  }
  const gender = filters.gender?.trim();
  if (gender && index.filter({ gender }).length === 0) out.push(t.t('voices.no_gender', { gender }));
  const style = filters.style?.trim();
  if (style && index.filter({ style }).length === 0) {
    out.push(t.t('voices.no_style', { style, styles: index.styles().join(', ') }));
  }
  const query = filters.query?.trim();
  if (query && index.search(query, {}, 1).length === 0) out.push(t.t('voices.no_query', { query }));
  return out;
}

function languageSample(index: VoiceIndex, t: Translator): string {
  const top = index
    .languages()
    .sort((a, b) => b.count - a.count)
    .slice(0, LANGUAGES_SHOWN)
    .map((l) => `${l.name} \`${l.code}\``);
  return t.t('voices.languages_include', { languages: top.join(', '), count: index.languages().length });
}

/** An empty page: which filters matched nothing, how to loosen them, a few languages to try. */
export function describeEmpty(
  filters: VoiceFilters,
  index?: VoiceIndex,
  staleNote?: string,
  t: Translator = voiceWords(),
): OutMessage {
  const described = describeFilters(filters, t);
  const title = described ? t.t('voices.none_match', { filters: described }) : t.t('voices.none');
  const lines: string[] = [];
  if (index && index.size > 0) {
    const reasons = culprits(filters, index, t);
    lines.push(...(reasons.length ? reasons : [t.t('voices.together')]));
    lines.push(t.t('voices.loosen'));
    lines.push(languageSample(index, t));
  } else if (described) {
    lines.push(t.t('voices.loosen'));
    lines.push(t.t('voices.language_forms'));
  } else {
    lines.push(t.t('voices.api_none'));
  }
  return {
    text: title,
    cards: [{ title, body: lines.join('\n'), tone: 'info', ...(staleNote ? { footer: `⚠ ${staleNote}` } : {}) }],
  };
}
