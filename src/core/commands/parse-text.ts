// The text form of a command, as typed in Slack or the console:
//   /clip https://… language=french reels=3 duration=15-45 template=beast hook
// Named options (`key=value`) may appear anywhere; a bare word naming a flag turns it on; the other words
// fill the positional options in table order, and a `rest` option takes the remaining text as written.
// Values stay strings here (a bare flag is `true`): validate.ts applies the types.
import type { Translator } from '../i18n/catalogue.ts';
import { ENGLISH } from './framework-messages.ts';
import { normalizeKey, optionIndex } from './option-index.ts';
import {
  keepsTextPrivate,
  privateTextHint,
  unexpectedPrivate,
  unexpectedWord,
  unknownOptionError,
} from './parse-errors.ts';
import type { CommandSpec, OptionSpec, OptionValues } from './spec.ts';
import { scan, type Token } from './tokenize.ts';

export type ParseResult = { ok: true; values: OptionValues } | { ok: false; error: string };

// A word is `key=value` only when what precedes the `=` could be an option name; a URL with a query
// string (`https://youtu.be/x?t=42`) is a plain word.
const KEY_LIKE = /^[a-z][a-z0-9_-]*$/i;
const keyOf = (t: Token): string | undefined => {
  if (t.eq <= 0) return undefined;
  const key = t.value.slice(0, t.eq);
  return KEY_LIKE.test(key) ? key : undefined;
};

/** Reads a command's text into option values (strings, and `true` for bare flags). */
export function parseCommandText(spec: CommandSpec, text: string, t: Translator = ENGLISH): ParseResult {
  const scanned = scan(text);
  if (!scanned.ok) {
    // The usual message quotes the text after the quote, which may be the secret itself.
    return keepsTextPrivate(spec)
      ? fail(t.t('parse.unclosed_private', { hint: privateTextHint(spec, t) }))
      : fail(t.t('parse.unclosed', { quote: scanned.error.quote, after: scanned.error.after }));
  }
  const index = optionIndex(spec);
  const values: OptionValues = {};
  const loose: Token[] = [];
  for (const token of scanned.value.tokens) {
    const key = keyOf(token);
    const option = key === undefined ? undefined : index.get(normalizeKey(key));
    if (!option) {
      loose.push(token);
      continue;
    }
    const value = token.value.slice(token.eq + 1);
    // `reels=` with nothing after it is a slip; `prompt=""` is a deliberate empty value.
    if (!value && token.raw.endsWith('=')) {
      return fail(t.t('parse.no_value', { key: key ?? option.name }));
    }
    const error = assign(spec, values, option, value, t);
    if (error) return fail(error);
  }
  const error = fillPositionals(spec, index, values, loose, scanned.value.text, t);
  return error ? fail(error) : { ok: true, values };
}

const fail = (error: string): ParseResult => ({ ok: false, error });

function assign(
  spec: CommandSpec,
  values: OptionValues,
  option: OptionSpec,
  value: string | boolean,
  t: Translator,
): string | undefined {
  const previous = values[option.name];
  if (previous !== undefined) {
    if (keepsTextPrivate(spec)) return t.t('parse.given_twice', { name: option.name });
    return t.t('parse.given_twice_values', { name: option.name, first: String(previous), second: String(value) });
  }
  values[option.name] = value;
  return undefined;
}

/** Places the words that are not `key=value`: flags first, then positionals in order, then the rest. */
function fillPositionals(
  spec: CommandSpec,
  index: ReadonlyMap<string, OptionSpec>,
  values: OptionValues,
  loose: readonly Token[],
  text: string,
  t: Translator,
): string | undefined {
  const slots = spec.options.filter((o) => o.positional && values[o.name] === undefined);
  let next = 0;
  let rest: { option: OptionSpec; tokens: Token[] } | undefined;
  /** The last word recognised as a flag or a choice: safe to name in an error, even for /setup. */
  let known: string | undefined;
  for (const token of loose) {
    // Once the rest has started, everything that is not a known key=value is part of it (`a=b` in a script).
    if (rest) {
      rest.tokens.push(token);
      continue;
    }
    const key = keyOf(token);
    if (key !== undefined) return unknownOptionError(spec, key, t);
    const flag = index.get(normalizeKey(token.value));
    if (flag?.flag && token.eq < 0) {
      const error = assign(spec, values, flag, true, t);
      if (error) return error;
      known = flag.name;
      continue;
    }
    const slot = slots[next++];
    if (!slot) return keepsTextPrivate(spec) ? unexpectedPrivate(spec, known, t) : unexpectedWord(spec, token.value, t);
    // A secret pasted after `/setup key` lands in the next positional (socials' add/remove): never echo it.
    const offChoice = slot.choices && !slot.choices.some((c) => c.toLowerCase() === token.value.toLowerCase());
    if (offChoice && known && keepsTextPrivate(spec)) return unexpectedPrivate(spec, known, t);
    if (slot.rest) rest = { option: slot, tokens: [token] };
    else values[slot.name] = token.value;
    known = slot.choices?.find((c) => c.toLowerCase() === token.value.toLowerCase());
  }
  if (rest) values[rest.option.name] = restText(rest.tokens, text);
  return undefined;
}

/**
 * The rest of the text as it was written (inner quotes and spacing kept, so a script reads as typed);
 * one quoted piece loses its quotes (`/ttv "Three tips"`).
 */
function restText(tokens: readonly Token[], text: string): string {
  const [first] = tokens;
  if (!first || tokens.length === 1) return first?.value ?? '';
  let out = first.raw;
  for (let i = 1; i < tokens.length; i++) {
    const prev = tokens[i - 1] as Token;
    const token = tokens[i] as Token;
    // Neighbours in the text keep their spacing; a named option that stood between them becomes one space.
    out += token.position === prev.position + 1 ? text.slice(prev.end, token.start) : ' ';
    out += token.raw;
  }
  return out.trim();
}
