// The languages the bot writes, and how any tag a platform sends (`ja-JP`, `pt`, Slack's `es-LA`, a console's
// `de_DE.UTF-8`) is read as one of them. English is the source; `en-XA` is a pseudo-locale made from English
// for tests, never offered to people.

/** Every language shipped, English first (the source): what `/setup locale=` accepts. */
export const SHIPPED_LOCALES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja'] as const;
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/** Bracketed, accented English made from the English catalogue: shows any text that bypassed the catalogue. */
export const PSEUDO_LOCALE = 'en-XA';

export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;
export type TranslatedLocale = Exclude<ShippedLocale, 'en'>;

export const SOURCE_LOCALE: Locale = 'en';

/** Each language's native name, as `/setup` and its errors list them. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'en-XA': 'Pseudo-English',
};

/** `de_DE.UTF-8` / `ja-JP` / `PT_br` → `de-de` / `ja-jp` / `pt-br`; POSIX's `C` and `POSIX` name no language. */
function cleanTag(tag: string): string | undefined {
  const bare = tag.trim().split(/[.@]/)[0]?.replace(/_/g, '-').toLowerCase() ?? '';
  if (!bare || bare === 'c' || bare === 'posix') return undefined;
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(bare) ? bare : undefined;
}

/**
 * The shipped language closest to `tag`, or undefined when none fits: the exact tag first (`pt-BR`, `en-XA`),
 * then its language (`de-AT` → `de`, `es-419` → `es`, `ja-JP` → `ja`; every Portuguese → `pt-BR`, the one we ship).
 */
export function matchLocale(tag: string | undefined): Locale | undefined {
  const clean = tag === undefined ? undefined : cleanTag(tag);
  if (!clean) return undefined;
  const all: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
  const exact = all.find((l) => l.toLowerCase() === clean);
  if (exact) return exact;
  const language = clean.split('-')[0];
  if (language === 'pt') return 'pt-BR';
  return SHIPPED_LOCALES.find((l) => l === language);
}

/** The language to write in for the first of `tags` that names one we ship; English when none does. */
export function negotiateLocale(...tags: readonly (string | undefined)[]): Locale {
  for (const tag of tags) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return SOURCE_LOCALE;
}

/** A shipped language by a tag someone typed (`/setup locale=de-AT` → `de`); the pseudo-locale is not offered. */
export function shippedLocale(tag: string): ShippedLocale | undefined {
  const found = matchLocale(tag);
  return found === PSEUDO_LOCALE ? undefined : found;
}
