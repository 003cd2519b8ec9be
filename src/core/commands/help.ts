// /help, printed from the command table so it never drifts from what the parser accepts.
import type { Translator } from '../i18n/catalogue.ts';
import type { Card, OutMessage } from '../platform/message.ts';
import { truncate } from '../platform/message.ts';
import { describeCommand, describeOption } from './describe.ts';
import { ENGLISH } from './framework-messages.ts';
import type { CommandSpec, OptionSpec } from './spec.ts';
import { closest, didYouMean } from './suggest.ts';
import { DEFAULT_SOURCES, fixedSet, type ValueSources } from './validate.ts';

/** How /help describes the values of each feature's lookup source, by the source's name. */
export type LookupHelp = Readonly<Record<string, string>>;

/** The message key of a lookup source's description (its English is the source's `help`). */
export const lookupKey = (source: string): string => `lookup.${source}`;

/** Slack section text ≤ 3000 chars (Discord's embed description allows 4096): the smaller one bounds a card. */
export const HELP_CARD_MAX = 3000;

/**
 * Without a name: one line per command. With a name: its usage, every option and a few tips. An unknown
 * name gets the overview and a guess. Long help is split over several cards, each within HELP_CARD_MAX.
 */
export function renderHelp(
  commands: readonly CommandSpec[],
  name?: string,
  sources: ValueSources = DEFAULT_SOURCES,
  lookups: LookupHelp = {},
  t: Translator = ENGLISH,
): OutMessage {
  const wanted = name?.trim().replace(/^\//, '').toLowerCase();
  // No <placeholder> in the text: Slack reads <…> as a link or mention.
  if (!wanted) return overview(commands, t.t('help.overview_intro'), t);
  const command = commands.find((c) => c.name.toLowerCase() === wanted);
  if (command) return details(command, sources, lookups, t);
  const guess = didYouMean(
    closest(
      wanted,
      commands.map((c) => c.name),
    ),
    t,
  );
  const intro = guess
    ? t.t('help.no_command_guess', { name: wanted, guess })
    : t.t('help.no_command', { name: wanted });
  return overview(commands, intro, t);
}

function overview(commands: readonly CommandSpec[], text: string, t: Translator): OutMessage {
  const lines = commands.map((c) =>
    t.t(c.configure ? 'help.overview_line_configure' : 'help.overview_line', {
      name: c.name,
      description: describeCommand(t, c),
    }),
  );
  return { text, cards: pack(t.t('help.commands_title'), lines, t, t.t('help.overview_footer')) };
}

function details(command: CommandSpec, sources: ValueSources, lookups: LookupHelp, t: Translator): OutMessage {
  const lines = [t.t('help.usage', { usage: command.usage })];
  if (command.configure) lines.push(t.t('help.configure_only'));
  if (command.options.length)
    lines.push(
      '',
      t.t('help.options_heading'),
      ...command.options.map((o) => optionLine(command, o, sources, lookups, t)),
    );
  lines.push('', t.t('help.tips_heading'), ...tips(command, t));
  const text = t.t('help.details_text', { name: command.name, description: describeCommand(t, command) });
  return { text, cards: pack(`/${command.name}`, lines, t) };
}

function optionLine(
  command: CommandSpec,
  option: OptionSpec,
  sources: ValueSources,
  lookups: LookupHelp,
  t: Translator,
): string {
  const aliases = option.aliases?.length
    ? t.t('help.option_aliases', { aliases: option.aliases.map((a) => `\`${a}\``).join(', ') })
    : '';
  const description = describeOption(t, command, option);
  const notes = [kind(option, description, sources, lookups, t)].filter((n) => n !== '');
  if (option.required) notes.push(t.t('help.required'));
  if (option.rest) notes.push(t.t('help.rest', { name: option.name }));
  else if (option.positional) notes.push(t.t('help.positional', { name: option.name }));
  return t.t('help.option_line', {
    name: option.name,
    aliases,
    description,
    notes: notes.join(t.t('help.notes_joiner')),
  });
}

const span = (o: OptionSpec): string =>
  o.min !== undefined && o.max !== undefined
    ? ` ${o.min}–${o.max}`
    : o.min !== undefined
      ? ` ≥ ${o.min}`
      : o.max !== undefined
        ? ` ≤ ${o.max}`
        : '';

// Values in `code` so underscores (pixel_art) are not read as italics by Slack or Discord.
const oneOf = (values: readonly string[], t: Translator): string =>
  t.t('help.one_of', { values: values.map((v) => `\`${v}\``).join(', ') });

function kind(
  option: OptionSpec,
  description: string,
  sources: ValueSources,
  lookups: LookupHelp,
  t: Translator,
): string {
  if (option.flag) return t.t('help.flag', { name: option.name });
  if (option.choices) return oneOf(option.choices, t);
  if (option.source) {
    const fixed = fixedSet(sources, option.source);
    if (fixed) return oneOf(fixed, t);
    const english = lookups[option.source];
    const said = english !== undefined && t.has(lookupKey(option.source)) ? t.t(lookupKey(option.source)) : english;
    // Said once: an option whose own description already says what its source is is not told it again.
    if (said) return description.toLowerCase().includes(said.toLowerCase().replace(/^an? /, '')) ? '' : said;
  }
  switch (option.type) {
    case 'integer':
      return t.t('help.whole_number', { span: span(option) });
    case 'number':
      return t.t('help.number', { span: span(option) });
    case 'boolean':
      return t.t('help.yes_no');
    case 'url':
      return t.t('help.link');
    case 'string':
      return option.maxLength ? t.t('help.text_up_to', { max: option.maxLength }) : t.t('help.text');
  }
}

function tips(command: CommandSpec, t: Translator): string[] {
  const out = [t.t('help.tip_key_value'), t.t('help.tip_quote')];
  const flag = command.options.find((o) => o.flag);
  if (flag) out.push(t.t('help.tip_flag', { name: flag.name }));
  if (bareOpensForm(command)) out.push(t.t('help.tip_form', { name: command.name }));
  return out;
}

/**
 * Whether a bare command opens its form on Slack (Slack has no autocomplete, so a form is the way to
 * see the options): commands that make something do; help, lists and settings answer at once instead.
 * The Slack adapter asks this too, so /help never promises a form that does not open.
 */
export function bareOpensForm(spec: CommandSpec): boolean {
  return spec.options.length > 0 && !spec.ephemeral && !spec.configure;
}

/** `/clip` → `/rb-clip` for every command name in `text` (SLACK_COMMAND_PREFIX), leaving other slashes alone. */
export function prefixCommands(text: string, names: readonly string[], prefix: string): string {
  if (!prefix) return text;
  const pattern = new RegExp(`(^|[^\\w/.:-])/(${names.join('|')})(?![\\w-])`, 'g');
  return text.replace(pattern, (_m, before: string, name: string) => `${before}/${prefix}${name}`);
}

/** The whole help message with the platform's command prefix. */
export function prefixMessage(message: OutMessage, names: readonly string[], prefix: string): OutMessage {
  if (!prefix) return message;
  const p = (t: string) => prefixCommands(t, names, prefix);
  return {
    ...message,
    text: p(message.text),
    ...(message.cards
      ? {
          cards: message.cards.map((c) => ({
            ...c,
            ...(c.title ? { title: p(c.title) } : {}),
            ...(c.body ? { body: p(c.body) } : {}),
            ...(c.footer ? { footer: p(c.footer) } : {}),
          })),
        }
      : {}),
  };
}

/** Splits lines over cards of at most HELP_CARD_MAX characters, cutting a single overlong line. */
function pack(title: string, lines: readonly string[], t: Translator, footer?: string): Card[] {
  const bodies: string[] = [];
  let body = '';
  for (const raw of lines) {
    const line = truncate(raw, HELP_CARD_MAX);
    if (body && body.length + 1 + line.length > HELP_CARD_MAX) {
      bodies.push(body);
      body = line;
    } else body = body ? `${body}\n${line}` : line;
  }
  if (body.trim()) bodies.push(body);
  return bodies.map((text, i) => ({
    title: i === 0 ? title : t.t('help.continued', { title }),
    body: text.trim(),
    tone: 'info' as const,
    ...(footer && i === bodies.length - 1 ? { footer } : {}),
  }));
}
