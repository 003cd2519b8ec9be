// /help, printed from the command table so it never drifts from what the parser accepts.
import type { Card, OutMessage } from '../platform/message.ts';
import { truncate } from '../platform/message.ts';
import type { CommandSpec, OptionSpec } from './spec.ts';
import { closest, didYouMean } from './suggest.ts';
import { DEFAULT_SOURCES, fixedSet, type ValueSources } from './validate.ts';

/** How /help describes the values of each feature's lookup source, by the source's name. */
export type LookupHelp = Readonly<Record<string, string>>;

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
): OutMessage {
  const wanted = name?.trim().replace(/^\//, '').toLowerCase();
  // No <placeholder> in the text: Slack reads <…> as a link or mention.
  if (!wanted) return overview(commands, 'What I can do — `/help clip` (or any command) shows its options:');
  const command = commands.find((c) => c.name.toLowerCase() === wanted);
  if (command) return details(command, sources, lookups);
  const hint = didYouMean(
    closest(
      wanted,
      commands.map((c) => c.name),
    ),
  );
  return overview(commands, `no command '${wanted}'${hint ? ` — ${hint}` : '.'} Here is what I can do:`);
}

function overview(commands: readonly CommandSpec[], text: string): OutMessage {
  const lines = commands.map(
    (c) => `\`/${c.name}\` — ${c.description}${c.configure ? ' — for people who may configure the bot' : ''}`,
  );
  return { text, cards: pack('Commands', lines, 'Details: /help clip · Values with spaces go in quotes: "…"') };
}

function details(command: CommandSpec, sources: ValueSources, lookups: LookupHelp): OutMessage {
  const lines = [`**Usage:** \`${command.usage}\``];
  if (command.configure) lines.push('Only people who may configure the bot can run it.');
  if (command.options.length)
    lines.push('', '**Options**', ...command.options.map((o) => optionLine(o, sources, lookups)));
  lines.push('', '**Tips**', ...tips(command));
  return { text: `/${command.name} — ${command.description}`, cards: pack(`/${command.name}`, lines) };
}

function optionLine(option: OptionSpec, sources: ValueSources, lookups: LookupHelp): string {
  const aliases = option.aliases?.length ? ` (also ${option.aliases.map((a) => `\`${a}\``).join(', ')})` : '';
  const notes = [kind(option, sources, lookups)].filter((n) => n !== '');
  if (option.required) notes.push('**required**');
  if (option.rest) notes.push(`the rest of the text, no \`${option.name}=\` needed`);
  else if (option.positional) notes.push(`may be written without \`${option.name}=\``);
  return `• \`${option.name}\`${aliases} — ${option.description}. ${notes.join('; ')}.`;
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
const oneOf = (values: readonly string[]): string => `One of: ${values.map((v) => `\`${v}\``).join(', ')}`;

function kind(option: OptionSpec, sources: ValueSources, lookups: LookupHelp): string {
  if (option.flag) return `Flag: \`${option.name}\` turns it on`;
  if (option.choices) return oneOf(option.choices);
  if (option.source) {
    const fixed = fixedSet(sources, option.source);
    if (fixed) return oneOf(fixed);
    const said = lookups[option.source];
    // Said once: an option whose own description already says what its source is is not told it again.
    if (said) return option.description.toLowerCase().includes(said.toLowerCase().replace(/^an? /, '')) ? '' : said;
  }
  switch (option.type) {
    case 'integer':
      return `Whole number${span(option)}`;
    case 'number':
      return `Number${span(option)}`;
    case 'boolean':
      return 'yes or no';
    case 'url':
      return 'An http(s) link';
    case 'string':
      return option.maxLength ? `Text, up to ${option.maxLength.toLocaleString('en-US')} characters` : 'Text';
  }
}

function tips(command: CommandSpec): string[] {
  const out = ['Options are written `key=value`, in any order; `-` and `_` are the same (`remove-fillers`).'];
  out.push('Quote a value with spaces or `=`: `prompt="funny moments, no intro"` (smart quotes work too).');
  const flag = command.options.find((o) => o.flag);
  if (flag) out.push(`Flags: \`${flag.name}\` alone turns one on, \`${flag.name}=false\` turns it off.`);
  if (bareOpensForm(command)) out.push(`On Slack, run \`/${command.name}\` with no text to get a form.`);
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
function pack(title: string, lines: readonly string[], footer?: string): Card[] {
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
    title: i === 0 ? title : `${title} (continued)`,
    body: text.trim(),
    tone: 'info' as const,
    ...(footer && i === bodies.length - 1 ? { footer } : {}),
  }));
}
