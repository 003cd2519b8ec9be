// The text form of a command, as typed in Slack or the console:
//   /clip https://… language=french reels=3 duration=15-45 template=beast hook
// Named options (`key=value`) may appear anywhere; a bare word naming a flag turns it on; the other words
// fill the positional options in table order, and a `rest` option takes the remaining text as written.
// Values stay strings here (a bare flag is `true`): validate.ts applies the types.
import type { CommandSpec, OptionSpec, OptionValues } from './spec.ts';
import { closest, didYouMean } from './suggest.ts';

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };
export type ParseResult = { ok: true; values: OptionValues } | { ok: false; error: string };

interface Token {
  /** The word with its quotes removed and escapes applied. */
  value: string;
  /** The word as written. */
  raw: string;
  start: number;
  end: number;
  /** Where the first unquoted `=` is in `value`, or -1. */
  eq: number;
  /** Index among all the words of the text. */
  position: number;
}

// Slack turns typed quotes into smart quotes (“…” ‘…’), so every double quote closes every other.
const DOUBLE = '"“”„';
const SINGLE_OPEN = "'‘";
const SINGLE_CLOSE = "'’‘";
const ESCAPABLE = `${DOUBLE}${SINGLE_OPEN}’\\`;

/**
 * Splits text into words. Quotes group words and are removed; they open only at the start of a word or
 * right after `key=`, so apostrophes (`don't`) stay as typed. `\"` is a literal quote. An unclosed double
 * quote is an error; an unclosed single quote is an apostrophe ('tis).
 */
export function tokenize(text: string): Result<string[]> {
  const scanned = scan(text);
  return scanned.ok ? { ok: true, value: scanned.value.tokens.map((t) => t.value) } : scanned;
}

/** Slack wraps links as <https://x|label> or <https://x> and escapes &, < and > as entities. */
function unwrapSlack(text: string): string {
  return text
    .replace(/<(https?:\/\/[^|>\s]+)(?:\|[^>]*)?>/gi, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function scan(input: string): Result<{ tokens: Token[]; text: string }> {
  const text = unwrapSlack(input);
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text.charAt(i))) {
      i++;
      continue;
    }
    const word = readWord(text, i);
    if (!word.ok) return word;
    tokens.push({ ...word.value, position: tokens.length });
    i = word.value.end;
  }
  return { ok: true, value: { tokens, text } };
}

function readWord(text: string, start: number): Result<Omit<Token, 'position'>> {
  let value = '';
  let eq = -1;
  let quoteMayOpen = start;
  let i = start;
  while (i < text.length && !/\s/.test(text.charAt(i))) {
    const ch = text.charAt(i);
    const next = text.charAt(i + 1);
    if (ch === '\\' && next && ESCAPABLE.includes(next)) {
      value += next;
      i += 2;
      continue;
    }
    if (i === quoteMayOpen && (DOUBLE.includes(ch) || SINGLE_OPEN.includes(ch))) {
      const close = findClose(text, i + 1, DOUBLE.includes(ch) ? DOUBLE : SINGLE_CLOSE);
      if (close >= 0) {
        value += text.slice(i + 1, close).replace(/\\(.)/g, (m, c: string) => (ESCAPABLE.includes(c) ? c : m));
        i = close + 1;
        continue;
      }
      if (DOUBLE.includes(ch)) return { ok: false, error: unclosed(text, i) };
    }
    if (ch === '=' && eq < 0) {
      eq = value.length;
      quoteMayOpen = i + 1;
    }
    value += ch;
    i++;
  }
  return { ok: true, value: { value, raw: text.slice(start, i), start, end: i, eq } };
}

function findClose(text: string, from: number, closers: string): number {
  for (let j = from; j < text.length; j++) {
    const ch = text.charAt(j);
    if (ch === '\\') j++;
    else if (closers.includes(ch)) return j;
  }
  return -1;
}

function unclosed(text: string, at: number): string {
  const after = text.slice(at + 1, at + 21).trim();
  return `unclosed quote: the ${text.charAt(at)} before '${after}${text.length > at + 21 ? '…' : ''}' has no closing quote — add one, or write \\" for a quote inside a value`;
}

/** Keys are case-insensitive and `-` equals `_` (`Remove-Fillers` is `remove_fillers`). */
export const normalizeKey = (key: string): string => key.trim().toLowerCase().replace(/-/g, '_');

/** Every name and alias of the command's options, normalized, to its option. */
export function optionIndex(spec: CommandSpec): Map<string, OptionSpec> {
  const index = new Map<string, OptionSpec>();
  for (const option of spec.options) {
    for (const name of [option.name, ...(option.aliases ?? [])]) index.set(normalizeKey(name), option);
  }
  return index;
}

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

const optionList = (spec: CommandSpec): string =>
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

// A word is `key=value` only when what precedes the `=` could be an option name; a URL with a query
// string (`https://youtu.be/x?t=42`) is a plain word.
const KEY_LIKE = /^[a-z][a-z0-9_-]*$/i;
const keyOf = (t: Token): string | undefined => {
  if (t.eq <= 0) return undefined;
  const key = t.value.slice(0, t.eq);
  return KEY_LIKE.test(key) ? key : undefined;
};

/** Reads a command's text into option values (strings, and `true` for bare flags). */
export function parseCommandText(spec: CommandSpec, text: string): ParseResult {
  const scanned = scan(text);
  if (!scanned.ok) {
    // The usual message quotes the text after the quote, which may be the secret itself.
    return keepsTextPrivate(spec)
      ? fail(`unclosed quote in the command text (add the closing one)${privateTextHint(spec)}`)
      : scanned;
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
      return fail(`${key}= has no value — write ${key}=<value> (quote it if it has spaces)`);
    }
    const error = assign(spec, values, option, value);
    if (error) return fail(error);
  }
  const error = fillPositionals(spec, index, values, loose, scanned.value.text);
  return error ? fail(error) : { ok: true, values };
}

const fail = (error: string): ParseResult => ({ ok: false, error });

function assign(
  spec: CommandSpec,
  values: OptionValues,
  option: OptionSpec,
  value: string | boolean,
): string | undefined {
  const previous = values[option.name];
  if (previous !== undefined) {
    const both = keepsTextPrivate(spec) ? '' : ` ('${String(previous)}' and '${String(value)}')`;
    return `${option.name} is given twice${both} — keep one`;
  }
  values[option.name] = value;
  return undefined;
}

/** Places the words that are not `key=value`: flags first, then positionals in order, then the rest. */
function fillPositionals(
  spec: CommandSpec,
  index: Map<string, OptionSpec>,
  values: OptionValues,
  loose: readonly Token[],
  text: string,
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
    if (key !== undefined) return unknownOptionError(spec, key);
    const flag = index.get(normalizeKey(token.value));
    if (flag?.flag && token.eq < 0) {
      const error = assign(spec, values, flag, true);
      if (error) return error;
      known = flag.name;
      continue;
    }
    const slot = slots[next++];
    if (!slot) return keepsTextPrivate(spec) ? unexpectedPrivate(spec, known) : unexpectedWord(spec, token.value);
    // A secret pasted after `/setup key` lands in the next positional (socials' add/remove): never echo it.
    const offChoice = slot.choices && !slot.choices.some((c) => c.toLowerCase() === token.value.toLowerCase());
    if (offChoice && known && keepsTextPrivate(spec)) return unexpectedPrivate(spec, known);
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

/** "unexpected extra text after `key` — the API key is entered in the private form …" */
function unexpectedPrivate(spec: CommandSpec, after: string | undefined): string {
  return `unexpected extra text${after ? ` after \`${after}\`` : ''}${privateTextHint(spec)}. ${optionList(spec)}`;
}

function unexpectedWord(spec: CommandSpec, word: string): string {
  const flags = spec.options.filter((o) => o.flag).flatMap((o) => [o.name, ...(o.aliases ?? [])]);
  const hint = didYouMean(closest(word, flags));
  if (spec.options.length === 0) return `/${spec.name} takes no options (got '${word}')`;
  const example = spec.options.find((o) => !o.positional && !o.flag)?.name ?? spec.options[0]?.name ?? 'key';
  const how = `Options are written key=value (e.g. ${example}=…), quoted if they have spaces.`;
  return `unexpected '${word}'${hint ? ` — ${hint}` : '.'} ${how} ${optionList(spec)}`;
}
