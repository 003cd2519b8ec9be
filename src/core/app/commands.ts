// The command table assembled from the features: what Discord registers, the Slack manifest lists, the text
// parser reads and /help prints. /setup gathers the options every feature's setup part adds.
import { commandKey, optionKey } from '../commands/describe.ts';
import { COMMANDS_MESSAGES } from '../commands/framework-messages.ts';
import type { LookupHelp } from '../commands/help.ts';
import type { CommandSpec, OptionSpec } from '../commands/spec.ts';
import { defineMessages, type MessageBundle } from '../i18n/messages.ts';
import { PLATFORM_MESSAGES } from '../platform/platform-messages.ts';
import { FEATURES } from './features.ts';
import { HELP } from './help-command.ts';
import { APP_DE } from './messages.de.ts';
import { APP_ES } from './messages.es.ts';
import { APP_FR } from './messages.fr.ts';
import { APP_JA } from './messages.ja.ts';
import { APP_PT_BR } from './messages.pt-BR.ts';
import { APP_EN } from './messages.ts';

const setupOptions = FEATURES.flatMap((f) => f.setupOptions);
const setupActions = FEATURES.flatMap((f) => f.setupActions);

/** /setup with every feature's words for `action` and its settings after channels' own. */
function withSetupParts(spec: CommandSpec): CommandSpec {
  if (spec.name !== 'setup') return spec;
  const options = spec.options.map((o): OptionSpec => {
    if (o.name !== 'action' || !o.choices) return o;
    return {
      ...o,
      choices: [...o.choices, ...setupActions.map((a) => a.word)],
      description: [o.description, ...setupActions.map((a) => a.description)].join(', '),
      // Each part said in the reader's language by its owner: channels' words, then each feature's.
      descriptionKeys: [optionKey(spec.name, o.name), ...setupActions.map((a) => setupActionKey(a.word))],
    };
  });
  // The positional options a part adds (`/setup socials add <name>`) come right after `action`, in order.
  const positional = setupOptions.filter((o) => o.positional);
  const rest = setupOptions.filter((o) => !o.positional);
  const [action, ...own] = options;
  return { ...spec, options: [...(action ? [action] : []), ...positional, ...own, ...rest] };
}

/** The message key of a /setup action word's description, brought by the feature that adds the word. */
export const setupActionKey = (word: string): string => `setup.action.${word}`;

/** Every command, in /help order, /help last. */
export const COMMANDS: readonly CommandSpec[] = [...FEATURES.flatMap((f) => f.commands.map(withSetupParts)), HELP];

/** How /help describes each feature's lookup sources, by name. */
export const LOOKUP_HELP: LookupHelp = Object.fromEntries(
  FEATURES.flatMap((f) => f.lookups.map((l) => [l.name, l.help] as const)),
);

/**
 * Every message the bot writes, in every language: the framework's, the dispatch's, the app's own and each
 * feature's (its `messages` slot), gathered here as the table is, so the catalogue and Discord's
 * description_localizations read the same words.
 */
export const MESSAGES: readonly MessageBundle[] = [
  COMMANDS_MESSAGES,
  PLATFORM_MESSAGES,
  defineMessages(APP_EN, { de: APP_DE, es: APP_ES, fr: APP_FR, 'pt-BR': APP_PT_BR, ja: APP_JA }),
  ...FEATURES.flatMap((f) => f.messages),
];

export { commandKey, optionKey };

export function findCommand(name: string): CommandSpec | undefined {
  const n = name.replace(/^\//, '').toLowerCase();
  return COMMANDS.find((c) => c.name === n);
}
