// Locale codes (`fr-FR`) and the names people type for them ("French", "french (france)", "français").
// Names come from Intl.DisplayNames (Node ships full ICU), computed once per locale and cached: the
// catalogue has about 140 locales, and search must not call ICU per voice per query. The two English
// namers are made on first use: making them reads ICU's display-name data into resident memory, which an
// idle bot (it names no language until someone searches the voices) would otherwise hold for nothing.

let namers: { english: Intl.DisplayNames; dialect: Intl.DisplayNames } | undefined;
const englishNamers = () => {
  namers ??= {
    english: new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' }),
    dialect: new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'dialect' }),
  };
  return namers;
};

/**
 * Lowercase, accents folded ("français" -> "francais"), `_` read as `-`, punctuation as spaces
 * ("French (France)" -> "french france"), so what people type compares equal to what ICU spells.
 */
export function normalizeTerm(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/_/g, '-')
    .replace(/[^\p{L}\p{N}-]+/gu, ' ')
    .trim();
}

function canonicalCode(code: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(code.trim().replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

function displayName(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

function nativeName(code: string, of: string): string | undefined {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(of);
  } catch {
    return undefined;
  }
}

const nameCache = new Map<string, string>();

/** `fr-FR` -> "French (France)"; an unknown or malformed code comes back as given. */
export function languageName(code: string): string {
  const cached = nameCache.get(code);
  if (cached !== undefined) return cached;
  const canonical = canonicalCode(code);
  const name = (canonical && displayName(englishNamers().english, canonical)) || code;
  nameCache.set(code, name);
  return name;
}

/** Everything that names one locale, normalized with `normalizeTerm`. */
export interface LanguageTerms {
  /** `fr-fr` */
  code: string;
  /** `fr` */
  base: string;
  /** Whole names: "french france", "french", "francais france", "francais", "canadian french", "french fr". */
  phrases: ReadonlySet<string>;
  /** The single words of those names: "french", "france", "francais". */
  words: ReadonlySet<string>;
}

const termsCache = new Map<string, LanguageTerms>();

export function languageTerms(code: string): LanguageTerms {
  const cached = termsCache.get(code);
  if (cached) return cached;
  const canonical = canonicalCode(code);
  const lowered = normalizeTerm(code);
  const base = lowered.split('-')[0] ?? lowered;
  const region = canonical?.split('-').at(-1);
  const names: Array<string | undefined> = [languageName(code)];
  if (canonical) {
    const baseLanguage = canonical.split('-')[0] ?? canonical;
    const { english, dialect } = englishNamers();
    const englishBase = displayName(english, baseLanguage);
    names.push(englishBase, displayName(dialect, canonical));
    names.push(nativeName(canonical, canonical), nativeName(canonical, baseLanguage));
    // "English (US)", "French FR": the English name with the bare region code.
    if (englishBase && region && region !== baseLanguage) names.push(`${englishBase} ${region}`);
  }
  const phrases = new Set<string>();
  const words = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    const phrase = normalizeTerm(name);
    if (!phrase) continue;
    phrases.add(phrase);
    for (const word of phrase.split(' ')) if (word.length > 1) words.add(word);
  }
  const terms: LanguageTerms = { code: lowered, base, phrases, words };
  termsCache.set(code, terms);
  return terms;
}

/**
 * A test of whether `query` names a locale: its code (`fr-FR`), its base code (`fr`), or a name in
 * English or in the language itself ("French", "French (France)", "français"). An empty query matches
 * all. The query is normalized once, and each locale answered once, however many voices share it.
 */
export function languageMatcher(query: string): (code: string) => boolean {
  const q = normalizeTerm(query);
  const answers = new Map<string, boolean>();
  return (code) => {
    if (!q) return true;
    let answer = answers.get(code);
    if (answer === undefined) {
      const terms = languageTerms(code);
      answer = q === terms.code || q === terms.base || terms.phrases.has(q);
      answers.set(code, answer);
    }
    return answer;
  };
}

/** Whether `query` names the voice's language (see `languageMatcher`). */
export function matchesLanguage(voice: { languageCode: string }, query: string): boolean {
  return languageMatcher(query)(voice.languageCode);
}
