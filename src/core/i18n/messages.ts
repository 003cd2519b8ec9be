// How a feature (or the framework) writes its messages: an English object beside its code, and one object
// per language in its own file (`messages.de.ts`), each with every English key. Keys start with the owner's
// name (`help.`, `setup.`), so two owners never share one.
import { SHIPPED_LOCALES, type TranslatedLocale } from './locales.ts';

/** English messages in ICU MessageFormat: `{count, plural, one {# clip} other {# clips}}`. */
export type Messages = Readonly<Record<string, string>>;

/** A language's version of `E`: every key of the English, no other (checked by the compiler and the parity test). */
export type Translation<E extends Messages> = { readonly [K in keyof E]: string };

/** One owner's messages: the English source and every shipped language. */
export interface MessageBundle<E extends Messages = Messages> {
  en: E;
  translations: { readonly [L in TranslatedLocale]: Translation<E> };
}

/** A bundle, typed so a missing language or key is a compile error. */
export function defineMessages<E extends Messages>(
  en: E,
  translations: { readonly [L in TranslatedLocale]: Translation<E> },
): MessageBundle<E> {
  return { en, translations };
}

/** Several bundles of one owner as one (a feature's own and its parts', such as publishing's review page). */
export function joinMessages(...bundles: readonly MessageBundle[]): MessageBundle {
  const join = (pick: (b: MessageBundle) => Messages): Messages => Object.assign({}, ...bundles.map(pick));
  const translated = SHIPPED_LOCALES.filter((l): l is TranslatedLocale => l !== 'en');
  return {
    en: join((b) => b.en),
    translations: Object.fromEntries(
      translated.map((l) => [l, join((b) => b.translations[l])]),
    ) as MessageBundle['translations'],
  };
}
