// Discord interactions in, core values out: who asked, where, and with what.
import {
  type AutocompleteInteraction,
  type BaseInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { OptionValues } from '../core/commands/spec.ts';
import type { ActionEvent, Invocation, ModalSubmission } from '../core/platform/interaction.ts';
import type { Origin } from '../core/ports.ts';

/** Where and by whom: in a thread, the channel is the thread's parent and the thread is kept apart. */
export function originOf(interaction: BaseInteraction): Origin {
  const channel = interaction.channel;
  const thread = channel?.isThread() ? channel : null;
  const origin: Origin = {
    platform: 'discord',
    workspaceId: interaction.guildId ?? 'dm',
    channelId: thread?.parentId ?? interaction.channelId ?? '',
    userId: interaction.user.id,
    userName: interaction.user.globalName ?? interaction.user.username,
    // A job's card is found again by it after a crash (find-card.ts).
    interactionId: interaction.id,
    // Every interaction says the member's language, and the server's (its "Community" language, en-US by default).
    locale: interaction.locale,
    ...(interaction.guildLocale ? { channelLocale: interaction.guildLocale } : {}),
  };
  if (thread) origin.threadId = thread.id;
  const roles = rolesOf(interaction);
  // Every member holds @everyone, whose role id is the guild's, though Discord never lists it.
  if (roles) origin.roles = interaction.guildId ? [...roles, interaction.guildId] : roles;
  return origin;
}

/**
 * A guild member's role ids, as the interaction carried them. An uncached member is the raw list; a
 * cached GuildMember keeps that list as `_roles`, while its `roles.cache` drops any role missing from the
 * guild's role cache (HTTP interactions, partial caches), so the list is read first.
 */
function rolesOf(interaction: BaseInteraction): string[] | undefined {
  const member = interaction.member;
  if (!member) return undefined;
  if (Array.isArray(member.roles)) return [...member.roles];
  const raw = (member as unknown as { _roles?: unknown })._roles;
  if (Array.isArray(raw) && raw.every((r) => typeof r === 'string')) return [...raw];
  return [...member.roles.cache.keys()];
}

/**
 * Re-checked on every interaction: `default_member_permissions` only hides a command, and a guild's
 * admins can grant it to anyone. Administrator implies Manage Guild (`has` checks it).
 */
export function canConfigureHere(interaction: BaseInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

function optionValues(options: readonly CommandInteractionOption[]): OptionValues {
  const values: OptionValues = {};
  for (const o of options) {
    if (typeof o.value === 'string' || typeof o.value === 'number' || typeof o.value === 'boolean') {
      values[o.name] = o.value;
    }
  }
  return values;
}

export function invocationOf(interaction: ChatInputCommandInteraction): Invocation {
  return {
    command: interaction.commandName,
    options: optionValues(interaction.options.data),
    origin: originOf(interaction),
    canConfigure: canConfigureHere(interaction),
  };
}

/** A select's pick comes back as `id:value` (the core's convention); one value per pick. */
export function actionOf(interaction: ButtonInteraction | StringSelectMenuInteraction): ActionEvent {
  const actionId = interaction.isStringSelectMenu()
    ? `${interaction.customId}:${interaction.values[0] ?? ''}`
    : interaction.customId;
  return { actionId, origin: originOf(interaction), canConfigure: canConfigureHere(interaction) };
}

export function submissionOf(interaction: ModalSubmitInteraction): ModalSubmission {
  const values: Record<string, string> = {};
  for (const [id, field] of interaction.fields.fields) {
    if ('value' in field && typeof field.value === 'string') values[id] = field.value;
    // A multi-select in a label answers its picks joined by commas (ModalInput.choices).
    else if ('values' in field && Array.isArray(field.values)) values[id] = field.values.join(',');
  }
  return {
    modalId: interaction.customId,
    values,
    origin: originOf(interaction),
    canConfigure: canConfigureHere(interaction),
  };
}

export interface AutocompleteQuery {
  command: string;
  option: string;
  query: string;
}

export function autocompleteOf(interaction: AutocompleteInteraction): AutocompleteQuery {
  const focused = interaction.options.getFocused(true);
  return { command: interaction.commandName, option: focused.name, query: String(focused.value) };
}
