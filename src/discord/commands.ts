// Slash command definitions derived from the core's command table, and their registration
// (bulk overwrite, so the table is the whole truth: removed commands disappear).
import { createHash } from 'node:crypto';
import {
  type APIApplicationCommandBasicOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  PermissionFlagsBits,
  type REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import { COMMANDS, MESSAGES } from '../core/app/commands.ts';
import { describeCommand, describeOption } from '../core/commands/describe.ts';
import type { CommandSpec, OptionSpec, OptionType } from '../core/commands/spec.ts';
import { createCatalogue, type Translator } from '../core/i18n/catalogue.ts';
import type { TranslatedLocale } from '../core/i18n/locales.ts';
import { truncate } from '../core/platform/message.ts';
import type { Store } from '../core/ports.ts';

/** Discord: ≤ 25 options per command and ≤ 25 choices per option; descriptions 1–100 chars. */
const MAX_OPTIONS = 25;
const MAX_CHOICES = 25;
const MAX_DESCRIPTION = 100;
/** Discord caps a string option's max_length at 6000. */
const MAX_STRING_LENGTH = 6000;

/**
 * Discord's locale for each language we ship (names stay English: Discord requires lowercase names and checks
 * them per locale). Spanish is Spain's `es-ES`; Discord's Latin American `es-419` reads the same words.
 */
export const DISCORD_LOCALES: Readonly<Record<TranslatedLocale, readonly string[]>> = {
  de: ['de'],
  es: ['es-ES', 'es-419'],
  fr: ['fr'],
  'pt-BR': ['pt-BR'],
  ja: ['ja'],
};

const catalogue = createCatalogue(MESSAGES);
const translators: ReadonlyArray<[readonly string[], Translator]> = Object.entries(DISCORD_LOCALES).map(
  ([locale, discord]) => [discord, catalogue.translator(locale as TranslatedLocale)],
);

/** `description_localizations`: the description in each shipped language, cut to Discord's 100 characters. */
function localized(describe: (t: Translator) => string, english: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [discord, t] of translators) {
    const said = describe(t);
    if (said === english) continue;
    for (const locale of discord) out[locale] = truncate(said, MAX_DESCRIPTION);
  }
  return out;
}

const OPTION_TYPES: Record<OptionType, ApplicationCommandOptionType> = {
  string: ApplicationCommandOptionType.String,
  url: ApplicationCommandOptionType.String,
  integer: ApplicationCommandOptionType.Integer,
  number: ApplicationCommandOptionType.Number,
  boolean: ApplicationCommandOptionType.Boolean,
};

function optionDefinition(c: CommandSpec, o: OptionSpec): APIApplicationCommandBasicOption {
  const def: Record<string, unknown> = {
    type: OPTION_TYPES[o.type],
    name: o.name,
    description: truncate(o.description, MAX_DESCRIPTION),
    description_localizations: localized((t) => describeOption(t, c, o), o.description),
    required: o.required ?? false,
  };
  const choices = o.choices ?? [];
  if (choices.length > 0 && choices.length <= MAX_CHOICES) {
    def.choices = choices.map((c) => ({ name: truncate(c, 100), value: c }));
  } else if (o.source || choices.length > MAX_CHOICES) {
    def.autocomplete = true;
  }
  if (o.type === 'integer' || o.type === 'number') {
    if (o.min !== undefined) def.min_value = o.min;
    if (o.max !== undefined) def.max_value = o.max;
  }
  if ((o.type === 'string' || o.type === 'url') && o.maxLength !== undefined) {
    def.max_length = Math.min(o.maxLength, MAX_STRING_LENGTH);
  }
  return def as unknown as APIApplicationCommandBasicOption;
}

/** Discord refuses a required option after an optional one: required first, table order otherwise. */
function orderedOptions(options: readonly OptionSpec[]): OptionSpec[] {
  const required = options.filter((o) => o.required);
  const optional = options.filter((o) => !o.required);
  return [...required, ...optional].slice(0, MAX_OPTIONS);
}

export function slashCommandDefinitions(
  commands: readonly CommandSpec[],
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return commands.map((c) => ({
    type: ApplicationCommandType.ChatInput,
    name: c.name,
    description: truncate(c.description, MAX_DESCRIPTION),
    description_localizations: localized((t) => describeCommand(t, c), c.description),
    options: orderedOptions(c.options).map((o) => optionDefinition(c, o)),
    // The bot works per server (its settings and keys belong to a guild): no DMs.
    contexts: [InteractionContextType.Guild],
    dm_permission: false,
    ...(c.configure ? { default_member_permissions: String(PermissionFlagsBits.ManageGuild) } : {}),
  }));
}

export function definitionsHash(defs: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[]): string {
  return createHash('sha256').update(JSON.stringify(defs)).digest('hex');
}

export interface RegisterOptions {
  rest: REST;
  applicationId: string;
  /** Guild commands update at once (good for testing); global ones reach every server. */
  guildId?: string;
  /** The core's command table by default. */
  commands?: readonly CommandSpec[];
  /** When given, registration is skipped while the definitions are unchanged (hash in namespace 'discord'). */
  store?: Store;
}

export type RegisterOutcome = 'registered' | 'unchanged';

export async function registerCommands(options: RegisterOptions): Promise<RegisterOutcome> {
  const defs = slashCommandDefinitions(options.commands ?? COMMANDS);
  const hash = definitionsHash(defs);
  const key = `commands:${options.applicationId}:${options.guildId ?? 'global'}`;
  const kv = options.store?.namespace('discord');
  if (kv && (await kv.get<string>(key)) === hash) return 'unchanged';
  const route = options.guildId
    ? Routes.applicationGuildCommands(options.applicationId, options.guildId)
    : Routes.applicationCommands(options.applicationId);
  await options.rest.put(route, { body: defs });
  await kv?.set(key, hash);
  return 'registered';
}
