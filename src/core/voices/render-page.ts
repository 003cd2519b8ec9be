// One page of /voices: a line per voice with its sample, Previous/Next, a "Use this voice" menu, and
// menus to filter by gender, style and language.
// Control ids carry the page and filters (Discord custom_id ≤ 100 characters), so a click works after
// a restart without any stored state.

import type { Translator } from '../i18n/catalogue.ts';
import type { Voice } from '../media/schemas.ts';
import { type Control, link, mention, type OutMessage, type SelectMenu, truncate } from '../platform/message.ts';
import { charactersOf } from '../platform/text.ts';
import { languageName } from './language.ts';
import type { VoiceFilters, VoiceIndex } from './voice-index.ts';
import { describeEmpty, describeFilters } from './voice-page-text.ts';
import { voiceWords } from './words.ts';

export const USE_VOICE_ID = 'usevoice';
const PAGE_VERB = 'voices';
/** Discord: custom_id ≤ 100 characters. */
const ID_MAX = 100;
/** Discord: a select menu has at most 25 options. */
const PAGE_SIZE_MAX = 25;
/** Slack: an option's text is at most 75 characters (Discord allows 100). */
const OPTION_LABEL_MAX = 75;

export interface VoicePageView {
  /** Every voice matching the filters, in display order (e.g. `index.filter(filters)`). */
  voices: Voice[];
  /** 1-based; clamped to the pages that exist. */
  page: number;
  pageSize?: number;
  filters: VoiceFilters;
  /** Shown under the list, e.g. the catalogue's staleReason. */
  staleNote?: string;
  /** When given, an empty result says which filter matched nothing and lists languages and styles. */
  index?: VoiceIndex;
}

// ---------------------------------------------------------------- control ids

/** `%` and `:` are escaped so fields never break the `:`-separated id. */
const escapeField = (s: string): string => s.replace(/%/g, '%25').replace(/:/g, '%3A');
function unescapeField(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function genderCode(gender: string | undefined): string {
  const g = gender?.trim().toLowerCase() ?? '';
  if (g === 'male' || g === 'm') return 'm';
  if (g === 'female' || g === 'f') return 'f';
  return g;
}

function buildId(head: string[], fields: string[]): string {
  return [...head, ...fields.map(escapeField)].join(':');
}

/** The filters as id fields, a long query (then style, language, gender) cut to fit 100 characters. */
function filterFields(filters: VoiceFilters, head: string[]): string {
  const fields = [filters.language ?? '', genderCode(filters.gender), filters.style ?? '', filters.query ?? ''].map(
    (f) => f.trim(),
  );
  for (const at of [3, 2, 0, 1]) {
    let chars = charactersOf(fields[at] ?? '');
    while (buildId(head, fields).length > ID_MAX && chars.length > 0) {
      chars = chars.slice(0, -1);
      fields[at] = chars.join('').trimEnd();
    }
  }
  return buildId(head, fields);
}

function readFilters(fields: string[]): VoiceFilters {
  const [language, gender, style, query] = fields.map(unescapeField);
  const filters: VoiceFilters = {};
  if (language) filters.language = language;
  if (gender) filters.gender = gender === 'm' ? 'male' : gender === 'f' ? 'female' : gender;
  if (style) filters.style = style;
  if (query) filters.query = query;
  return filters;
}

/** `voices:2:fr-FR:f:cheerful:jen`. */
export function voicesPageId(filters: VoiceFilters, page: number): string {
  return filterFields(filters, [PAGE_VERB, String(page)]);
}

export function parseVoicesPageId(id: string): { filters: VoiceFilters; page: number } | undefined {
  return parsePageId(PAGE_VERB, id);
}

/** Share: `vshare:2:fr-FR:f:cheerful:jen`, the page shown, to post where the channel sees it. */
export const SHARE_VERB = 'vshare';
export const voicesShareId = (filters: VoiceFilters, page: number): string =>
  filterFields(filters, [SHARE_VERB, String(page)]);
export const parseVoicesShareId = (id: string) => parsePageId(SHARE_VERB, id);

function parsePageId(verb: string, id: string): { filters: VoiceFilters; page: number } | undefined {
  const parts = id.split(':');
  if (parts.length !== 6 || parts[0] !== verb) return undefined;
  const page = Number(parts[1]);
  if (!Number.isInteger(page) || page < 1) return undefined;
  return { filters: readFilters(parts.slice(2)), page };
}

// ---------------------------------------------------------------- filter menus

const FILTER_VERB = 'vfilter';
const FILTER_KEYS = { l: 'language', g: 'gender', s: 'style' } as const;
type FilterKey = keyof typeof FILTER_KEYS;
/** The menu value that removes a filter. */
export const ANY = 'any';

/** A filter menu's id: `vfilter:g:<filters>`; the adapter appends `:<picked value>`. */
export function voicesFilterId(filters: VoiceFilters, key: FilterKey): string {
  return filterFields(filters, [FILTER_VERB, key]);
}

/** A pick in a filter menu: the filters with that one changed, from the first page. */
export function parseVoicesFilterPick(id: string): { filters: VoiceFilters; page: number } | undefined {
  const parts = id.split(':');
  const key = parts[1] as FilterKey;
  if (parts.length !== 7 || parts[0] !== FILTER_VERB || !(key in FILTER_KEYS)) return undefined;
  const filters = readFilters(parts.slice(2, 6));
  const value = unescapeField(parts[6] ?? '');
  const field = FILTER_KEYS[key];
  if (!value || value === ANY) delete filters[field];
  else filters[field] = value;
  return { filters, page: 1 };
}

/** A menu's choices besides "Any" (Discord: 25 options). */
const LANGUAGE_SLOTS = PAGE_SIZE_MAX - 1;
const baseOf = (code: string): string => code.split('-')[0] ?? code;

/** How many voices each code (a locale, or a language with `by = baseOf`) has among `voices`, most first. */
function countBy(voices: readonly Voice[], by: (code: string) => string = (c) => c): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const v of voices) counts.set(by(v.languageCode), (counts.get(by(v.languageCode)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || languageName(a[0]).localeCompare(languageName(b[0])));
}

/**
 * The language filter's choices cover what the results show, within the menu's 25: every locale of the results
 * when they fit (after `language=french`: France, Belgium, Canada, Switzerland), then other languages to switch
 * to; when they do not fit, languages (`fr` for all its locales), the ones on this page first.
 */
function languageOptions(
  results: readonly Voice[],
  shown: readonly Voice[],
  index: VoiceIndex,
  t: Translator,
): SelectMenu['options'] {
  const voiceCount = (count: number) => t.t('voices.count', { count });
  const locale = ([code, n]: [string, number]) => ({
    label: languageName(code),
    value: code,
    description: `${code} · ${voiceCount(n)}`,
  });
  const language = ([code, n]: [string, number]) => {
    const locales = new Set(
      index
        .languages()
        .filter((l) => baseOf(l.code) === code)
        .map((l) => l.code),
    ).size;
    return {
      label: languageName(code),
      value: code,
      description: `${code} · ${t.t('voices.locales', { count: locales })} · ${voiceCount(n)}`,
    };
  };
  const everyVoice = index.filter({});
  const locales = countBy(results);
  if (locales.length <= LANGUAGE_SLOTS) {
    const listed = new Set(locales.map(([code]) => baseOf(code)));
    const others = countBy(everyVoice, baseOf).filter(([code]) => !listed.has(code));
    return [...locales.map(locale), ...others.slice(0, LANGUAGE_SLOTS - locales.length).map(language)];
  }
  const onPage = new Set(shown.map((v) => baseOf(v.languageCode)));
  const languages = countBy(results, baseOf);
  const kept = [
    ...languages.filter(([code]) => onPage.has(code)),
    ...languages.filter(([code]) => !onPage.has(code)),
  ].slice(0, LANGUAGE_SLOTS);
  return languages.filter((l) => kept.includes(l)).map(language);
}

function filterMenus(
  filters: VoiceFilters,
  index: VoiceIndex | undefined,
  results: readonly Voice[],
  shown: readonly Voice[],
  t: Translator,
): Control[] {
  const menu = (key: FilterKey, placeholder: string, options: SelectMenu['options']): Control => ({
    kind: 'select',
    id: voicesFilterId(filters, key),
    placeholder,
    options: [{ label: t.t('voices.any'), value: ANY }, ...options].slice(0, PAGE_SIZE_MAX),
  });
  const out: Control[] = [
    menu('g', t.t('voices.filter_gender'), [
      { label: t.t('voices.female'), value: 'female' },
      { label: t.t('voices.male'), value: 'male' },
    ]),
  ];
  if (index) {
    out.push(
      menu(
        's',
        t.t('voices.filter_style'),
        index.styles().map((s) => ({ label: s, value: s })),
      ),
    );
    // The name reads as people say it ("English (United States)"); the code once, under it.
    const options = languageOptions(results, shown, index, t).map((o) => ({
      ...o,
      label: truncate(o.label, OPTION_LABEL_MAX),
    }));
    out.push(menu('l', t.t('voices.filter_language'), options));
  }
  return out;
}

// ---------------------------------------------------------------- the page

function voiceLine(v: Voice, t: Translator): string {
  const parts = [
    `**${v.name || v.voiceId}**`,
    `${languageName(v.languageCode)} \`${v.languageCode}\``,
    v.gender,
    v.style,
  ];
  if (v.sampleVoiceUrl) parts.push(link(t.t('voices.sample'), v.sampleVoiceUrl));
  return parts.filter(Boolean).join(' · ');
}

function controls(
  results: Voice[],
  shown: Voice[],
  filters: VoiceFilters,
  page: number,
  pages: number,
  t: Translator,
  index?: VoiceIndex,
): Control[] {
  const out: Control[] = [];
  const pageButton = (label: string, n: number): Control => ({
    kind: 'action',
    label,
    id: voicesPageId(filters, n),
    style: 'secondary',
  });
  if (page > 1) out.push(pageButton(t.t('voices.previous'), page - 1));
  if (page < pages) out.push(pageButton(t.t('voices.next'), page + 1));
  // The list is private to whoever asked; Share shows this page (or the one voice) to the whole channel.
  out.push({ kind: 'action', label: t.t('voices.share'), id: voicesShareId(filters, page), style: 'secondary' });
  out.push({
    kind: 'select',
    id: USE_VOICE_ID,
    placeholder: t.t('voices.use'),
    options: shown.map((v) => ({
      label: truncate(
        [v.name || v.voiceId, v.languageCode, v.gender, v.style].filter(Boolean).join(' · '),
        OPTION_LABEL_MAX,
      ),
      value: v.voiceId,
      description: truncate(languageName(v.languageCode), OPTION_LABEL_MAX),
    })),
  });
  out.push(...filterMenus(filters, index, results, shown, t));
  return out;
}

/**
 * The page as the channel sees it when someone shares it: who shared it, the voices with their samples,
 * and the "Use this voice" menu (people who may configure pick the default there); no paging or filters.
 */
export function renderSharedVoicePage(view: VoicePageView, sharedBy: string, t: Translator = voiceWords()): OutMessage {
  const page = renderVoicePage(view, t);
  const card = page.cards?.[0];
  if (!card) return page;
  const one = card.body?.split('\n').filter((l) => l.startsWith('**')).length === 1;
  const use = card.controls?.filter((c) => c.kind === 'select' && c.id === USE_VOICE_ID) ?? [];
  return {
    text: t.t('voices.shared', { who: mention(sharedBy), one: one ? 'yes' : 'no', page: page.text }),
    cards: [{ ...card, controls: use }],
  };
}

/** One page of voices, in `t`'s language (the reader's; English by default). */
export function renderVoicePage(view: VoicePageView, t: Translator = voiceWords()): OutMessage {
  const size = Math.min(PAGE_SIZE_MAX, Math.max(1, Math.floor(view.pageSize ?? 10)));
  const total = view.voices.length;
  if (total === 0) return describeEmpty(view.filters, view.index, view.staleNote, t);
  const pages = Math.ceil(total / size);
  const page = Math.min(pages, Math.max(1, Math.floor(view.page) || 1));
  const shown = view.voices.slice((page - 1) * size, page * size);
  const filters = describeFilters(view.filters, t);
  const summary = t.t('voices.summary', { page, pages, count: total });
  const title = filters ? t.t('voices.title_filtered', { filters }) : t.t('voices.title');
  return {
    text: `${title} — ${summary}`,
    cards: [
      {
        title,
        body: `${summary}\n\n${shown.map((v) => voiceLine(v, t)).join('\n')}`,
        tone: 'info',
        ...(view.staleNote ? { footer: `⚠ ${view.staleNote}` } : {}),
        controls: controls(view.voices, shown, view.filters, page, pages, t, view.index),
      },
    ],
  };
}
