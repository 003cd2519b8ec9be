// Command and option descriptions in the reader's language. The English is the command table's own
// (`description` in each table.ts); each owner derives its English messages from its table with
// `descriptionMessages` and brings their translations, so /help and Discord's description_localizations read
// the same words.
import type { Translator } from '../i18n/catalogue.ts';
import type { CommandSpec, OptionSpec } from './spec.ts';

export const commandKey = (command: string): string => `command.${command}`;
export const optionKey = (command: string, option: string): string => `command.${command}.${option}`;

/** The English messages of these commands' and options' descriptions, keyed as `describe*` look them up. */
export function descriptionMessages(
  specs: readonly Pick<CommandSpec, 'name' | 'description' | 'options'>[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    if (spec.description) out[commandKey(spec.name)] = spec.description;
    for (const o of spec.options) out[optionKey(spec.name, o.name)] = o.description;
  }
  return out;
}

/** The options another owner adds to a command (publishing's to /setup), as their English messages. */
export const optionMessages = (command: string, options: readonly OptionSpec[]): Record<string, string> =>
  descriptionMessages([{ name: command, description: '', options }]);

export function describeCommand(t: Translator, spec: CommandSpec): string {
  const key = commandKey(spec.name);
  return t.has(key) ? t.t(key) : spec.description;
}

/** An option's description; one assembled from several owners' parts (`descriptionKeys`) is joined the same way. */
export function describeOption(t: Translator, spec: CommandSpec, option: OptionSpec): string {
  if (option.descriptionKeys?.every((k) => t.has(k))) return option.descriptionKeys.map((k) => t.t(k)).join(', ');
  const key = optionKey(spec.name, option.name);
  return t.has(key) ? t.t(key) : option.description;
}
