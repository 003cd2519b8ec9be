// Gateway discovery, the bot user, the application and its commands, the guild.
import { asBody, type DoubleContext, discordError, type Handler, json } from './context.ts';
import { channelPayload, guildPayload, userPayload } from './payloads.ts';

export const gatewayBot: Handler = (ctx) =>
  json(200, {
    url: ctx.gatewayUrl(),
    shards: 1,
    session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
  });

export const gateway: Handler = (ctx) => json(200, { url: ctx.gatewayUrl() });

export const me: Handler = (ctx) => json(200, { ...userPayload(ctx.botUser), verified: true, mfa_enabled: false });

export const application: Handler = (ctx) =>
  json(200, {
    id: ctx.applicationId,
    name: ctx.botUser.username,
    description: '',
    icon: null,
    bot_public: true,
    bot_require_code_grant: false,
    flags: 0,
    verify_key: '0'.repeat(64),
    team: null,
    bot: userPayload(ctx.botUser),
  });

const NAME = /^[-_\p{Ll}\p{N}]{1,32}$/u;

/** The locales Discord accepts in `*_localizations` (API reference, "Locales"). */
const DISCORD_LOCALES = new Set(
  'id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th zh-CN ja zh-TW ko'.split(
    ' ',
  ),
);

/** What Discord refuses in a command's or option's description_localizations: an unknown locale, or 1–100 broken. */
function badLocalizations(item: Record<string, unknown>): string | undefined {
  const found = item.description_localizations;
  if (found !== undefined && found !== null) {
    for (const [locale, text] of Object.entries(found as Record<string, unknown>)) {
      if (!DISCORD_LOCALES.has(locale)) return `description_localizations: unknown locale ${locale}`;
      if (typeof text !== 'string' || text.length < 1 || text.length > 100)
        return `description_localizations.${locale}: 1 to 100 characters`;
    }
  }
  const options = Array.isArray(item.options) ? (item.options as Record<string, unknown>[]) : [];
  for (const o of options) {
    const bad = badLocalizations(o);
    if (bad) return `${String(o.name)}: ${bad}`;
  }
  return undefined;
}

function scopeOf(ctx: DoubleContext, app: string, guildId?: string): string | null {
  if (app !== ctx.applicationId) return null;
  return guildId ?? 'global';
}

/** Bulk overwrite: the given list replaces every command of that scope. */
export const putCommands: Handler = (ctx, req, [app = '', guildId]) => {
  const scope = scopeOf(ctx, app, guildId);
  if (!scope) return discordError(403, 50001, 'Missing Access');
  if (!Array.isArray(req.body) || req.body.length > 100) return discordError(400, 50035, 'Invalid Form Body');
  const invalid = req.body.map(asBody).find((c) => typeof c.name !== 'string' || !NAME.test(c.name));
  if (invalid) return discordError(400, 50035, `Invalid Form Body: name ${String(invalid.name)}`);
  for (const c of req.body.map(asBody)) {
    const bad = badLocalizations(c);
    if (bad) return discordError(400, 50035, `Invalid Form Body: ${String(c.name)}: ${bad}`);
  }
  const saved = req.body.map((c) => ({
    ...asBody(c),
    id: ctx.nextId(),
    application_id: ctx.applicationId,
    version: ctx.nextId(),
    type: 1,
    ...(guildId ? { guild_id: guildId } : {}),
  }));
  ctx.state.commands.set(scope, saved);
  ctx.state.changed();
  return json(200, saved);
};

export const getCommands: Handler = (ctx, _req, [app = '', guildId]) => {
  const scope = scopeOf(ctx, app, guildId);
  return scope ? json(200, ctx.state.commands.get(scope) ?? []) : discordError(403, 50001, 'Missing Access');
};

export const getGuild: Handler = (ctx, _req, [id]) =>
  id === ctx.guild.id
    ? json(200, guildPayload(ctx.guild, [...ctx.state.channels.values()]))
    : discordError(404, 10004, 'Unknown Guild');

export const getGuildChannels: Handler = (ctx, _req, [id]) =>
  id === ctx.guild.id
    ? json(200, [...ctx.state.channels.values()].filter((c) => c.type !== 11).map(channelPayload))
    : discordError(404, 10004, 'Unknown Guild');

/** Members in user id order after `after`, at most `limit` (1–1000, default 1), as Discord pages them. */

/** A guild member as Discord's API gives one. */
function memberPayload(m: { userId: string; userName: string; bot?: boolean | undefined; roles: string[] }) {
  return {
    user: userPayload({ id: m.userId, username: m.userName, bot: m.bot ?? false }),
    roles: m.roles,
    joined_at: new Date(0).toISOString(),
    nick: null,
    deaf: false,
    mute: false,
    flags: 0,
  };
}

export const listGuildMembers: Handler = (ctx, req, [id]) => {
  if (id !== ctx.guild.id) return discordError(404, 10004, 'Unknown Guild');
  if (!ctx.state.membersIntent) return discordError(403, 50001, 'Missing Access');
  const limit = Number(req.query.limit ?? 1);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return discordError(400, 50035, 'Invalid Form Body');
  const after = BigInt(req.query.after ?? '0');
  const page = [...ctx.state.members.values()]
    .filter((m) => BigInt(m.userId) > after)
    .sort((a, b) => (BigInt(a.userId) < BigInt(b.userId) ? -1 : 1))
    .slice(0, limit)
    .map(memberPayload);
  return json(200, page);
};

/** Get Guild Member: one member by id (no privileged intent needed), 10007 Unknown Member otherwise. */
export const getGuildMember: Handler = (ctx, _req, [id, userId]) => {
  if (id !== ctx.guild.id) return discordError(404, 10004, 'Unknown Guild');
  const m = ctx.state.members.get(userId ?? '');
  if (!m) return discordError(404, 10007, 'Unknown Member');
  return json(200, memberPayload(m));
};
