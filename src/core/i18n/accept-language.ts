// A browser's `Accept-Language` (RFC 9110 §12.5.4) read as one of the languages we write: its tags by their
// quality, highest first (ties in the order sent), each matched as any platform's tag is (locales.ts).
import { type Locale, matchLocale } from './locales.ts';

/** More entries than this is not a browser's list: the rest are not read. */
const MAX_ENTRIES = 20;

/** `de-CH, fr;q=0.9, *;q=0.5` → `['de-CH', 'fr']`: the tags by quality, without `*` and those refused (`q=0`). */
export function acceptedTags(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries = header
    .split(',')
    .slice(0, MAX_ENTRIES)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.quality > 0);
  return entries.sort((a, b) => b.quality - a.quality || a.index - b.index).map((e) => e.tag);
}

/** The language a browser prefers among those we write, or undefined when it names none of them. */
export function acceptedLocale(header: string | null | undefined): Locale | undefined {
  for (const tag of acceptedTags(header)) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return undefined;
}
