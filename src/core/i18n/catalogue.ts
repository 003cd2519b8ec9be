// The catalogue: every owner's messages gathered (core/app hands it the features' and the framework's), and
// a translator per reader. Each message is compiled once per language and kept; a key a language lacks is
// said in English, and a message that cannot be formatted is said as written: a reader never meets a throw.
import { type CompiledMessage, compileMessage, type MessageValues } from './format.ts';
import { type Locale, PSEUDO_LOCALE, SOURCE_LOCALE, type TranslatedLocale } from './locales.ts';
import type { MessageBundle, Messages } from './messages.ts';
import { pseudoMessage } from './pseudo.ts';

export type { MessageValues } from './format.ts';

/** Messages in one reader's language, and their numbers, dates and durations in its conventions. */
export interface Translator {
  readonly locale: Locale;
  /** The message `key` with `values`; English when this language lacks it; the key itself if nobody has it. */
  t(key: string, values?: MessageValues): string;
  /** Whether any language has `key` (for text that may come from the catalogue or from elsewhere). */
  has(key: string): boolean;
  number(n: number, options?: Intl.NumberFormatOptions): string;
  /** A date and time, in the reader's time zone when known. */
  dateTime(at: Date | number, options?: Intl.DateTimeFormatOptions): string;
  /** A duration in the reader's words (`2 hours, 5 minutes` / `2 Stunden, 5 Minuten`). */
  duration(ms: number): string;
  /** A list joined as the language joins one (`a, b and c` / `a, b und c` / `a、b、c`). */
  list(items: readonly string[], type?: 'conjunction' | 'disjunction'): string;
}

export interface Catalogue {
  /** A translator for `locale` (and `timeZone`, an IANA name, when the platform says it). */
  translator(locale: Locale, timeZone?: string): Translator;
  /** Every English key, for tests and the pseudo-locale. */
  readonly keys: readonly string[];
  /** A message as written for one language (undefined when it lacks it), for tests. */
  source(locale: Locale, key: string): string | undefined;
}

export interface CatalogueOptions {
  /** Told once per language and key that could not be formatted (a bug in a translation). */
  onError?: (info: { locale: Locale; key: string; err: unknown }) => void;
}

export function createCatalogue(bundles: readonly MessageBundle[], options: CatalogueOptions = {}): Catalogue {
  const english: Record<string, string> = {};
  const byLocale = new Map<TranslatedLocale, Record<string, string>>();
  for (const bundle of bundles) {
    for (const [key, text] of Object.entries(bundle.en)) {
      if (Object.hasOwn(english, key)) throw new Error(`two owners bring the message '${key}'`);
      english[key] = text;
    }
    for (const [locale, messages] of Object.entries(bundle.translations) as [TranslatedLocale, Messages][]) {
      byLocale.set(locale, { ...byLocale.get(locale), ...messages });
    }
  }
  const compiled = new Map<string, CompiledMessage | null>();
  const told = new Set<string>();

  function tell(locale: Locale, key: string, err: unknown) {
    const id = `${locale}\u0000${key}`;
    if (told.has(id)) return;
    told.add(id);
    options.onError?.({ locale, key, err });
  }

  /** The compiled message of one language (null once it failed to compile), kept for the life of the process. */
  function compiledFor(locale: Locale, key: string, timeZone: string | undefined): CompiledMessage | null | undefined {
    const id = `${locale}\u0000${timeZone ?? ''}\u0000${key}`;
    if (compiled.has(id)) return compiled.get(id);
    const text = sourceOf(locale, key);
    if (text === undefined) return undefined;
    let message: CompiledMessage | null;
    try {
      message =
        locale === PSEUDO_LOCALE
          ? compileMessage(pseudoMessage(text), 'en', timeZone)
          : compileMessage(text, locale, timeZone);
    } catch (err) {
      tell(locale, key, err);
      message = null;
    }
    compiled.set(id, message);
    return message;
  }

  function sourceOf(locale: Locale, key: string): string | undefined {
    if (locale === SOURCE_LOCALE || locale === PSEUDO_LOCALE) return english[key];
    return byLocale.get(locale as TranslatedLocale)?.[key];
  }

  function format(locale: Locale, key: string, values: MessageValues | undefined, timeZone?: string) {
    const message = compiledFor(locale, key, timeZone);
    if (!message) return undefined;
    try {
      return message.format(values);
    } catch (err) {
      tell(locale, key, err);
      return undefined;
    }
  }

  function translator(locale: Locale, timeZone?: string): Translator {
    // The pseudo-locale formats numbers and dates as English does: its point is the words.
    const intlLocale = locale === PSEUDO_LOCALE ? 'en' : locale;
    const zone = timeZone && validZone(timeZone) ? timeZone : undefined;
    const t = (key: string, values?: MessageValues): string =>
      format(locale, key, values, zone) ??
      format(SOURCE_LOCALE, key, values, zone) ??
      english[key] ??
      // A key nobody brings is a bug; its name tells the reader (and the test) where.
      key;
    return {
      locale,
      t,
      has: (key) => Object.hasOwn(english, key),
      number: (n, o) => numbers(intlLocale, o).format(n),
      dateTime: (at, o) =>
        // A zone the caller names (a channel's schedule zone) wins over the reader's.
        dates(intlLocale, { dateStyle: 'medium', timeStyle: 'short', ...o, timeZone: o?.timeZone ?? zone }).format(at),
      duration: (ms) => durationIn(intlLocale, ms),
      list: (items, type = 'conjunction') => lists(intlLocale, { type }).format(items),
    };
  }

  return {
    translator,
    keys: Object.keys(english),
    source: sourceOf,
  };
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `Intl` formatters kept by language and options: making one reads the runtime's locale data, and a job card or a
 * progress line asks for the same few on every render. Bounded: the options a message asks for are few, but a
 * reader's time zone is one per zone seen.
 */
function keptFormatters<O, F>(make: (locale: string, options: O | undefined) => F, bound = 500) {
  const kept = new Map<string, F>();
  return (locale: string, options?: O): F => {
    const key = `${locale}\u0000${JSON.stringify(options ?? {})}`;
    let found = kept.get(key);
    if (found === undefined) {
      if (kept.size >= bound) kept.clear();
      found = make(locale, options);
      kept.set(key, found);
    }
    return found;
  };
}

const numbers = keptFormatters<Intl.NumberFormatOptions, Intl.NumberFormat>((l, o) => new Intl.NumberFormat(l, o));
const dates = keptFormatters<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>((l, o) => new Intl.DateTimeFormat(l, o));
const lists = keptFormatters<Intl.ListFormatOptions, Intl.ListFormat>((l, o) => new Intl.ListFormat(l, o));

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

/** `2 hours, 5 minutes` in the reader's language: its two largest units, each spelled out by `Intl`. */
function durationIn(locale: string, ms: number): string {
  let rest = Math.max(0, Math.round(ms / 1000) * 1000);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) {
      parts.push(numbers(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n));
    }
  }
  if (parts.length === 0) {
    parts.push(numbers(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(0));
  }
  return lists(locale, { type: 'unit', style: 'long' }).format(parts);
}
