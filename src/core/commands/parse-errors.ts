// The parser's refusals, written for the person who typed the command. Commands that configure the bot
// (where secrets get pasted) never have what was typed repeated back.
import { optionIndex } from './option-index.ts';
import type { CommandSpec } from './spec.ts';
import { closest, didYouMean } from './suggest.ts';

/**
 * Commands that configure the bot are where people paste secrets (an API key typed after `/setup key`),
 * so their errors never repeat the words or values that were typed.
 */
export const keepsTextPrivate = (spec: CommandSpec): boolean => spec.configure === true;

/** Where the secret belongs instead, for a command that has a `key` action. */
export function privateTextHint(spec: CommandSpec): string {
  const hasKeyForm = spec.options.some((o) => o.choices?.includes('key'));
  return hasKeyForm
    ? ` — the API key is entered in the private form that /${spec.name} key opens, never in the command text`
    : ' — what was typed is not repeated here';
}

export const optionList = (spec: CommandSpec): string =>
  spec.options.length ? `/${spec.name} options: ${spec.options.map((o) => o.name).join(', ')}` : '';

/** "unknown option 'tempalte' — did you mean template? /clip options: url, language, …" */
export function unknownOptionError(spec: CommandSpec, key: string): string {
  const shown = keepsTextPrivate(spec) ? '' : ` '${key}'`;
  if (spec.options.length === 0) return `/${spec.name} takes no options${shown ? ` (got${shown})` : ''}`;
  const index = optionIndex(spec);
  const guesses = [...new Set(closest(key, [...index.keys()]).map((n) => index.get(n)?.name ?? n))];
  const hint = didYouMean(guesses);
  return `unknown option${shown}${hint ? ` — ${hint}` : '.'} ${optionList(spec)}`;
}

/** "unexpected extra text after `key` — the API key is entered in the private form …" */
export function unexpectedPrivate(spec: CommandSpec, after: string | undefined): string {
  return `unexpected extra text${after ? ` after \`${after}\`` : ''}${privateTextHint(spec)}. ${optionList(spec)}`;
}

export function unexpectedWord(spec: CommandSpec, word: string): string {
  const flags = spec.options.filter((o) => o.flag).flatMap((o) => [o.name, ...(o.aliases ?? [])]);
  const hint = didYouMean(closest(word, flags));
  if (spec.options.length === 0) return `/${spec.name} takes no options (got '${word}')`;
  const example = spec.options.find((o) => !o.positional && !o.flag)?.name ?? spec.options[0]?.name ?? 'key';
  const how = `Options are written key=value (e.g. ${example}=…), quoted if they have spaces.`;
  return `unexpected '${word}'${hint ? ` — ${hint}` : '.'} ${how} ${optionList(spec)}`;
}
