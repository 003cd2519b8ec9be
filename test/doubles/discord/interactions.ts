// INTERACTION_CREATE payloads (API v10) for the four kinds the bot handles.
import { type ChannelRecord, channelPayload, messagePayload, type StoredMessage, userPayload } from './payloads.ts';

/** Permission bits as Discord sends them: a decimal string. */
export const PERMISSIONS = {
  none: '0',
  /** View Channel, Send Messages, Read Message History, Use Application Commands. */
  member: String((1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n)),
  /** A member plus Manage Guild (1 << 5). */
  manager: String((1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n) | (1n << 5n)),
  administrator: String(1n << 3n),
} as const;

export interface Actor {
  userId: string;
  userName: string;
  /** Decimal permission bitfield of the member in this channel. */
  permissions: string;
  /** The member's role ids in the guild. */
  roles?: string[];
  /** The member's Discord language (`locale` on each interaction), en-US unless given. */
  locale?: string;
}

export interface InteractionContext {
  id: string;
  token: string;
  applicationId: string;
  guildId: string;
  channel: ChannelRecord;
  actor: Actor;
  /** The server's language (`guild_locale`), en-US unless given. */
  guildLocale?: string;
}

/** The bot's own permissions in the channel (Send Messages, Embed Links, threads…). */
const APP_PERMISSIONS = String((1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 35n) | (1n << 38n));

function base(ctx: InteractionContext, type: number) {
  return {
    id: ctx.id,
    application_id: ctx.applicationId,
    type,
    token: ctx.token,
    version: 1,
    guild_id: ctx.guildId,
    channel_id: ctx.channel.id,
    channel: channelPayload(ctx.channel),
    member: {
      user: userPayload({ id: ctx.actor.userId, username: ctx.actor.userName }),
      roles: ctx.actor.roles ?? [],
      joined_at: new Date(0).toISOString(),
      nick: null,
      avatar: null,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
      permissions: ctx.actor.permissions,
    },
    app_permissions: APP_PERMISSIONS,
    locale: ctx.actor.locale ?? 'en-US',
    guild_locale: ctx.guildLocale ?? 'en-US',
    // discord.js reads both unconditionally: a payload without them crashes the client.
    entitlements: [],
    authorizing_integration_owners: { '0': ctx.guildId },
    context: 0,
    attachment_size_limit: 10_485_760,
  };
}

export type OptionInput = string | number | boolean;

/** Discord option types: 3 string, 4 integer, 5 boolean, 10 number. */
function optionType(value: OptionInput): number {
  if (typeof value === 'boolean') return 5;
  if (typeof value === 'number') return Number.isInteger(value) ? 4 : 10;
  return 3;
}

function toOptions(options: Record<string, OptionInput>, focused?: string) {
  return Object.entries(options).map(([name, value]) => ({
    name,
    type: optionType(value),
    value,
    ...(name === focused ? { focused: true } : {}),
  }));
}

export function slashCommand(
  ctx: InteractionContext,
  commandId: string,
  name: string,
  options: Record<string, OptionInput>,
) {
  return {
    ...base(ctx, 2),
    data: { id: commandId, name, type: 1, guild_id: ctx.guildId, options: toOptions(options) },
  };
}

export function autocomplete(
  ctx: InteractionContext,
  commandId: string,
  name: string,
  options: Record<string, OptionInput>,
  focused: string,
) {
  return {
    ...base(ctx, 4),
    data: { id: commandId, name, type: 1, guild_id: ctx.guildId, options: toOptions(options, focused) },
  };
}

export function buttonClick(ctx: InteractionContext, message: StoredMessage, customId: string) {
  return { ...base(ctx, 3), message: messagePayload(message), data: { custom_id: customId, component_type: 2 } };
}

export function selectPick(ctx: InteractionContext, message: StoredMessage, customId: string, values: string[]) {
  return {
    ...base(ctx, 3),
    message: messagePayload(message),
    data: { custom_id: customId, component_type: 3, values },
  };
}

/** One field of an opened modal: a text input (4) or a string select (3) inside its Label (18). */
export interface ModalField {
  id: string;
  type: 3 | 4;
  /** What the modal showed: a text input's value, a select's default options. */
  shown: string[];
}

/** The fields of a modal the bot opened (a callback of type 9), as a person's client would submit them. */
export function fieldsOf(modal: Record<string, unknown> | undefined): ModalField[] {
  const labels = (modal?.components ?? []) as Array<{ component?: Record<string, unknown> }>;
  return labels.flatMap(({ component: c }): ModalField[] => {
    if (!c || typeof c.custom_id !== 'string') return [];
    if (c.type === 3) {
      const options = (c.options ?? []) as Array<{ value: string; default?: boolean }>;
      return [{ id: c.custom_id, type: 3 as const, shown: options.filter((o) => o.default).map((o) => o.value) }];
    }
    return [{ id: c.custom_id, type: 4 as const, shown: typeof c.value === 'string' ? [c.value] : [] }];
  });
}

/**
 * A submitted modal: Label (18) components wrapping text inputs (4) or string selects (3, values picked
 * from a comma-separated answer). Like a real client, every field is sent, with what it showed unless
 * `values` changes it; with no known fields, each value is a text input.
 */
export function modalSubmit(
  ctx: InteractionContext,
  customId: string,
  values: Record<string, string>,
  fields: ModalField[] = Object.keys(values).map((id) => ({ id, type: 4, shown: [] })),
) {
  return {
    ...base(ctx, 5),
    data: {
      custom_id: customId,
      components: fields.map((f, i) => {
        const given = values[f.id];
        const component =
          f.type === 3
            ? {
                type: 3,
                id: i * 2 + 2,
                custom_id: f.id,
                values: given === undefined ? f.shown : given.split(',').filter(Boolean),
              }
            : { type: 4, id: i * 2 + 2, custom_id: f.id, value: given ?? f.shown[0] ?? '' };
        return { type: 18, id: i * 2 + 1, component };
      }),
    },
  };
}
