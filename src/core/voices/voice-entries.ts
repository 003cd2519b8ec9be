// The voices reduced once to lowercase keys (a CatalogueEntry each), in a stable order, with the distinct names,
// styles and locales a query word is scored against (voice-match.ts does the scoring).

import type { Voice } from '../media/schemas.ts';
import { normalizeTerm } from './language.ts';

export interface CatalogueEntry {
  voice: Voice;
  /** Position in the stable order: general style first, then locale, name, style, id. */
  order: number;
  nameKey: string;
  localeKey: string;
  styleKey: string;
  genderKey: string;
  /** One speaker: the same name in the same locale, across its styles. */
  speakerKey: string;
  general: boolean;
  /** Positions in the catalogue's distinct names, styles and locales, where word scores are kept. */
  nameId: number;
  styleId: number;
  localeId: number;
}

/** The voices, and the distinct strings a query word is scored against once. */
export interface Catalogue {
  entries: CatalogueEntry[];
  /** Distinct names with their parts ("JennyMultilingual" -> jenny, multilingual). */
  names: Array<{ key: string; words: string[] }>;
  styles: string[];
  /** Distinct language codes as the API spells them. */
  locales: string[];
}

/** "male", "m", "Man" -> male; "female", "f", "Woman" -> female; anything else lowercased. */
export function normalizeGender(s: string): string {
  const g = s.trim().toLowerCase();
  if (g === 'm' || g === 'man' || g === 'male') return 'male';
  if (g === 'f' || g === 'woman' || g === 'female') return 'female';
  return g;
}

/** Styles compare without separators: "narration-professional" = "narration professional". */
export const styleKeyOf = (s: string): string => normalizeTerm(s).replace(/[-\s]/g, '');

function splitName(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => normalizeTerm(w))
    .filter((w) => w.length > 0);
}

function compareKeys(a: CatalogueEntry, b: CatalogueEntry): number {
  const pairs: Array<[string | boolean, string | boolean]> = [
    [!a.general, !b.general],
    [a.localeKey, b.localeKey],
    [a.nameKey, b.nameKey],
    [a.styleKey, b.styleKey],
    [a.voice.voiceId, b.voice.voiceId],
  ];
  for (const [x, y] of pairs) if (x !== y) return x < y ? -1 : 1;
  return 0;
}

function interner<T>(list: T[], make: (key: string) => T): (key: string) => number {
  const ids = new Map<string, number>();
  return (key) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = list.push(make(key)) - 1;
      ids.set(key, id);
    }
    return id;
  };
}

export function buildCatalogue(voices: Voice[]): Catalogue {
  const catalogue: Catalogue = { entries: [], names: [], styles: [], locales: [] };
  const nameId = interner(catalogue.names, (key) => ({ key, words: [] as string[] }));
  const styleId = interner(catalogue.styles, (key) => key);
  const localeId = interner(catalogue.locales, (key) => key);
  const seen = new Set<string>();
  for (const voice of voices) {
    if (seen.has(voice.voiceId)) continue;
    seen.add(voice.voiceId);
    const nameKey = normalizeTerm(voice.name);
    const localeKey = normalizeTerm(voice.languageCode);
    const styleKey = styleKeyOf(voice.style);
    const entry: CatalogueEntry = {
      voice,
      order: 0,
      nameKey,
      localeKey,
      styleKey,
      genderKey: normalizeGender(voice.gender),
      speakerKey: `${nameKey}|${localeKey}`,
      general: styleKey === 'general',
      nameId: nameId(nameKey),
      styleId: styleId(styleKey),
      localeId: localeId(voice.languageCode),
    };
    const name = catalogue.names[entry.nameId];
    if (name && name.words.length === 0) name.words = splitName(voice.name).filter((w) => w !== nameKey);
    catalogue.entries.push(entry);
  }
  catalogue.entries.sort(compareKeys);
  catalogue.entries.forEach((e, i) => {
    e.order = i;
  });
  return catalogue;
}
