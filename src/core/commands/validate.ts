// Applies a command's option types to raw values, from text (all strings) or from Discord and Slack
// forms (already numbers and booleans), before anything reaches the media API. Every message names the
// option and says what would be accepted, for the person who typed it.
import type { Translator } from '../i18n/catalogue.ts';
import { CLIP_LANGUAGES, SUBTITLE_LANGUAGES, SUBTITLE_TEMPLATES } from '../media/enums.ts';
import { characterCount } from '../platform/text.ts';
import { ENGLISH } from './framework-messages.ts';
import { optionNamed } from './option-index.ts';
import { keepsTextPrivate, privateTextHint, unknownOptionError } from './parse-errors.ts';
import { type ParseResult, parseCommandText } from './parse-text.ts';
import type { CommandSpec, OptionSpec, OptionValue, OptionValues, ValueSource } from './spec.ts';
import { closest, didYouMean, fold } from './suggest.ts';

/**
 * The large fixed value sets checked here. A source not among them is a feature's lookup source: its values
 * (from the API, per key) are checked later, by the feature's handler.
 */
export interface ValueSources {
  clip_language: readonly string[];
  subtitle_language: readonly string[];
  template: readonly string[];
}

/** The sets the media API documents (media/enums.ts). */
export const DEFAULT_SOURCES: ValueSources = {
  clip_language: CLIP_LANGUAGES,
  subtitle_language: SUBTITLE_LANGUAGES,
  template: SUBTITLE_TEMPLATES,
};

/** Longer sets are not spelled out in an error (a chat message, not a manual); /help lists them. */
const LIST_IN_ERROR_MAX = 20;

type Checked = { ok: true; value: OptionValue | undefined } | { ok: false; error: string };
const ok = (value: OptionValue | undefined): Checked => ({ ok: true, value });
const bad = (error: string): Checked => ({ ok: false, error });

/** The fixed set a source names, or undefined for a feature's lookup source. */
export function fixedSet(sources: ValueSources, source: ValueSource): readonly string[] | undefined {
  return Object.hasOwn(sources, source) ? sources[source as keyof ValueSources] : undefined;
}

/** Types, ranges and enumerations of every given option, then the required ones; all problems at once. */
export function validateOptions(
  spec: CommandSpec,
  raw: OptionValues,
  sources: ValueSources,
  t: Translator = ENGLISH,
): ParseResult {
  const values: OptionValues = {};
  const errors: string[] = [];
  const refused = new Set<string>();
  for (const [key, value] of Object.entries(raw)) {
    // Forms may send empty fields as null/undefined: those options were simply not given.
    if (value === undefined || value === null) continue;
    const option = optionNamed(spec, key);
    if (!option) {
      errors.push(unknownOptionError(spec, key, t));
      continue;
    }
    const checked = check(spec, option, value, sources, t);
    if (!checked.ok) {
      errors.push(checked.error);
      refused.add(option.name);
    } else if (checked.value !== undefined) values[option.name] = checked.value;
  }
  // An option refused above was given: saying it is also missing would contradict the first message.
  const missing = spec.options.filter((o) => o.required && values[o.name] === undefined && !refused.has(o.name));
  if (missing.length) {
    errors.push(t.t('validate.missing', { names: t.list(missing.map((o) => o.name)), usage: spec.usage }));
  }
  return errors.length ? { ok: false, error: errors.join('\n') } : { ok: true, values };
}

/** Text → parse → validate; or structured options → validate (text first, then options win, if both). */
export function parseAndValidate(
  spec: CommandSpec,
  input: { text?: string; options?: OptionValues },
  sources: ValueSources,
  t: Translator = ENGLISH,
): ParseResult {
  let raw: OptionValues = {};
  if (input.text !== undefined) {
    const parsed = parseCommandText(spec, input.text, t);
    if (!parsed.ok) return parsed;
    raw = parsed.values;
  }
  return validateOptions(spec, { ...raw, ...input.options }, sources, t);
}

function check(
  spec: CommandSpec,
  option: OptionSpec,
  value: OptionValue,
  sources: ValueSources,
  t: Translator,
): Checked {
  switch (option.type) {
    case 'integer':
    case 'number':
      return checkNumber(option, value, keepsTextPrivate(spec), t);
    case 'boolean':
      return checkBoolean(option, value, keepsTextPrivate(spec), t);
    case 'url':
      return checkUrl(option, String(value).trim(), keepsTextPrivate(spec), t);
    case 'string':
      return checkString(spec, option, String(value).trim(), sources, t);
  }
}

/** Which bounds an option has, for the messages that say them. */
function range(option: OptionSpec): { range: string; min: number | string; max: number | string } {
  const { min, max } = option;
  const kind =
    min !== undefined && max !== undefined ? 'between' : min !== undefined ? 'min' : max !== undefined ? 'max' : 'none';
  return { range: kind, min: min ?? '', max: max ?? '' };
}

// For commands that keep their text private (/setup), a refused value may be a pasted API key: the
// messages then name the option and what it wants, never the value.
function checkNumber(option: OptionSpec, value: OptionValue, hide: boolean, t: Translator): Checked {
  const whole = option.type === 'integer';
  const text = typeof value === 'string' ? value.trim() : value;
  // A decimal comma (0,5) is how half of Europe writes a half.
  const pattern = whole ? /^[+-]?\d+$/ : /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
  const n = typeof text === 'number' ? text : pattern.test(String(text)) ? Number(String(text).replace(',', '.')) : NaN;
  // Numbers are shown bare (got 11); anything else quoted so a stray word stands out (got 'three').
  const shown =
    typeof value === 'string' && (!value.trim() || !Number.isFinite(Number(value))) ? `'${value}'` : String(text);
  const said = { name: option.name, kind: whole ? 'whole' : 'number', ...range(option) };
  const wanted = hide ? t.t('validate.number', said) : t.t('validate.number_got', { ...said, value: shown });
  if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) return bad(wanted);
  if ((option.min !== undefined && n < option.min) || (option.max !== undefined && n > option.max)) return bad(wanted);
  return ok(n);
}

const TRUE = new Set(['true', 'yes', 'on', '1', 'y']);
const FALSE = new Set(['false', 'no', 'off', '0', 'n']);

function checkBoolean(option: OptionSpec, value: OptionValue, hide: boolean, t: Translator): Checked {
  if (typeof value === 'boolean') return ok(value);
  const word = String(value).trim().toLowerCase();
  if (TRUE.has(word)) return ok(true);
  if (FALSE.has(word)) return ok(false);
  if (hide) return bad(t.t('validate.boolean', { name: option.name }));
  return bad(t.t('validate.boolean_got', { name: option.name, value: String(value) }));
}

function checkUrl(option: OptionSpec, text: string, hide: boolean, t: Translator): Checked {
  if (!text) return ok(undefined);
  const what = option.name === 'url' ? t.t('validate.link_to_video') : t.t('validate.link_for', { name: option.name });
  const said = { name: option.name, value: text, what };
  // People paste links without a scheme (youtu.be/…).
  const withScheme = /^[\w-]+(\.[\w-]+)+(\/|$)/.test(text) ? `https://${text}` : text;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return bad(t.t(hide ? 'validate.not_a_link' : 'validate.not_a_link_got', said));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return bad(t.t(hide ? 'validate.not_web_link' : 'validate.not_web_link_got', said));
  }
  return ok(withScheme);
}

function checkString(
  spec: CommandSpec,
  option: OptionSpec,
  text: string,
  sources: ValueSources,
  t: Translator,
): Checked {
  if (!text) return ok(option.emptyClears ? '' : undefined);
  // Limits are in characters as people see them: UTF-16 units would count an emoji as two.
  const length = characterCount(text);
  if (option.maxLength !== undefined && length > option.maxLength) {
    return bad(t.t('validate.too_long', { name: option.name, length, max: option.maxLength }));
  }
  const set = option.choices ?? (option.source ? fixedSet(sources, option.source) : undefined);
  return set ? checkChoice(spec, option, text, set, t) : ok(text);
}

/**
 * Values another command takes but this one does not: naming where they belong beats suggesting a near
 * spelling (hinglish is not a typo of english).
 */
const ONLY_ELSEWHERE: Partial<Record<ValueSource, Readonly<Record<string, string>>>> = {
  subtitle_language: { hinglish: '/clip' },
};

/** Case-insensitive, also ignoring spaces, `-` and `_` (`marine-shift`); answers the canonical spelling. */
function checkChoice(
  spec: CommandSpec,
  option: OptionSpec,
  text: string,
  set: readonly string[],
  t: Translator,
): Checked {
  const lower = text.toLowerCase();
  const match = set.find((v) => v.toLowerCase() === lower) ?? set.find((v) => fold(v) === fold(text));
  if (match !== undefined) return ok(match);
  const elsewhere = option.source ? ONLY_ELSEWHERE[option.source]?.[lower] : undefined;
  if (elsewhere) {
    return bad(
      t.t('validate.only_elsewhere', {
        name: option.name,
        value: lower,
        elsewhere,
        command: spec.name,
        count: set.length,
      }),
    );
  }
  const guess = didYouMean(closest(text, set), t);
  // A pasted key resembles no choice, so where no guess is near, say where the key belongs.
  const head = keepsTextPrivate(spec)
    ? guess
      ? t.t('validate.unknown_value_private_guess', { name: option.name, guess })
      : t.t('validate.unknown_value_private', { name: option.name, hint: privateTextHint(spec, t) })
    : guess
      ? t.t('validate.unknown_value_guess', { name: option.name, value: text, guess })
      : t.t('validate.unknown_value', { name: option.name, value: text });
  if (set.length <= LIST_IN_ERROR_MAX) return bad(t.t('validate.valid_values', { head, values: set.join(', ') }));
  return bad(t.t('validate.see_help_values', { head, command: spec.name, count: set.length }));
}
