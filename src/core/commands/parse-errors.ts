// The parser's refusals, written for the person who typed the command, in their language. Commands that
// configure the bot (where secrets get pasted) never have what was typed repeated back.
import type { Translator } from '../i18n/catalogue.ts';
import { ENGLISH } from './framework-messages.ts';
import { optionIndex } from './option-index.ts';
import type { CommandSpec } from './spec.ts';
import { closest, didYouMean } from './suggest.ts';

/**
 * Commands that configure the bot are where people paste secrets (an API key typed after `/setup key`),
 * so their errors never repeat the words or values that were typed.
 */
export const keepsTextPrivate = (spec: CommandSpec): boolean => spec.configure === true;

/** Where the secret belongs instead, for a command that has a `key` action. */
export function privateTextHint(spec: CommandSpec, t: Translator = ENGLISH): string {
  const hasKeyForm = spec.options.some((o) => o.choices?.includes('key'));
  return hasKeyForm ? t.t('parse.private_key_hint', { command: spec.name }) : t.t('parse.private_hint');
}

export const optionList = (spec: CommandSpec, t: Translator = ENGLISH): string =>
  spec.options.length
    ? t.t('parse.option_list', { command: spec.name, options: spec.options.map((o) => o.name).join(', ') })
    : '';

/** "unknown option 'tempalte' — did you mean template? /clip options: url, language, …" */
export function unknownOptionError(spec: CommandSpec, key: string, t: Translator = ENGLISH): string {
  const hide = keepsTextPrivate(spec);
  if (spec.options.length === 0) {
    return hide
      ? t.t('parse.no_options', { command: spec.name })
      : t.t('parse.no_options_got', { command: spec.name, word: key });
  }
  const index = optionIndex(spec);
  const guesses = [...new Set(closest(key, [...index.keys()]).map((n) => index.get(n)?.name ?? n))];
  const guess = didYouMean(guesses, t);
  const options = optionList(spec, t);
  if (hide)
    return guess
      ? t.t('parse.unknown_option_private_guess', { guess, options })
      : t.t('parse.unknown_option_private', { options });
  return guess
    ? t.t('parse.unknown_option_guess', { key, guess, options })
    : t.t('parse.unknown_option', { key, options });
}

/** "unexpected extra text after `key` — the API key is entered in the private form …" */
export function unexpectedPrivate(spec: CommandSpec, after: string | undefined, t: Translator = ENGLISH): string {
  const values = { hint: privateTextHint(spec, t), options: optionList(spec, t) };
  return after ? t.t('parse.unexpected_private_after', { ...values, after }) : t.t('parse.unexpected_private', values);
}

export function unexpectedWord(spec: CommandSpec, word: string, t: Translator = ENGLISH): string {
  const flags = spec.options.filter((o) => o.flag).flatMap((o) => [o.name, ...(o.aliases ?? [])]);
  const guess = didYouMean(closest(word, flags), t);
  if (spec.options.length === 0) return t.t('parse.no_options_got', { command: spec.name, word });
  const example = spec.options.find((o) => !o.positional && !o.flag)?.name ?? spec.options[0]?.name ?? 'key';
  const how = t.t('parse.how_options', { example });
  const options = optionList(spec, t);
  return guess
    ? t.t('parse.unexpected_word_guess', { word, guess, how, options })
    : t.t('parse.unexpected_word', { word, how, options });
}
