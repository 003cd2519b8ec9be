// Which channels of a guild a member can see, so a list spanning the guild (/approvals) shows nobody what
// a channel hides from them. View Channel is computed as Discord documents it ("Permission Overwrites"):
// the @everyone role and the member's roles give the base (the owner and Administrator see everything),
// then the channel's overwrites apply: @everyone's, the member's roles' together, the member's own. Read
// with the bot token over REST (Get Guild, Get Guild Member, Get Channel: no privileged intent), cached
// briefly so a burst of lists costs one read each.
import {
  type APIChannel,
  type APIGuild,
  type APIGuildMember,
  PermissionFlagsBits,
  type REST,
  Routes,
} from 'discord.js';

interface Overwrite {
  id: string;
  type: number;
  allow: string;
  deny: string;
}

const ROLE = 0;
const MEMBER = 1;
const ALL = ~0n;

/** Discord's "Unknown Member" / "Unknown Channel": an answer (nobody there), not a failure. */
const isUnknown = (err: unknown, code: number) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;

export function createChannelVisibility(rest: REST, options: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { value: unknown; until: number }>();
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.value as T;
    const value = await load();
    if (cache.size > 1_000) cache.clear();
    cache.set(key, { value, until: now() + ttl });
    return value;
  }

  const guild = (id: string) => cached(`g:${id}`, async () => (await rest.get(Routes.guild(id))) as APIGuild);
  const member = (guildId: string, userId: string) =>
    cached(`m:${guildId}:${userId}`, async () => {
      try {
        return (await rest.get(Routes.guildMember(guildId, userId))) as APIGuildMember;
      } catch (err) {
        if (isUnknown(err, 10007)) return undefined;
        throw err;
      }
    });
  const channel = (id: string) =>
    cached(`c:${id}`, async () => {
      try {
        return (await rest.get(Routes.channel(id))) as APIChannel;
      } catch (err) {
        if (isUnknown(err, 10003)) return undefined;
        throw err;
      }
    });

  function base(g: APIGuild, m: APIGuildMember, userId: string): bigint {
    if (g.owner_id === userId) return ALL;
    let perms = 0n;
    for (const role of g.roles) if (role.id === g.id || m.roles.includes(role.id)) perms |= BigInt(role.permissions);
    return perms & PermissionFlagsBits.Administrator ? ALL : perms;
  }

  function inChannel(perms: bigint, overwrites: readonly Overwrite[], g: APIGuild, m: APIGuildMember, userId: string) {
    if (perms === ALL) return perms;
    const everyone = overwrites.find((o) => o.type === ROLE && o.id === g.id);
    if (everyone) perms = (perms & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
    let allow = 0n;
    let deny = 0n;
    for (const o of overwrites)
      if (o.type === ROLE && o.id !== g.id && m.roles.includes(o.id)) {
        allow |= BigInt(o.allow);
        deny |= BigInt(o.deny);
      }
    perms = (perms & ~deny) | allow;
    const own = overwrites.find((o) => o.type === MEMBER && o.id === userId);
    if (own) perms = (perms & ~BigInt(own.deny)) | BigInt(own.allow);
    return perms;
  }

  return async (guildId: string, userId: string, channelIds: readonly string[]): Promise<ReadonlySet<string>> => {
    const [g, m] = await Promise.all([guild(guildId), member(guildId, userId)]);
    const seen = new Set<string>();
    if (!m) return seen;
    const start = base(g, m, userId);
    for (const id of channelIds) {
      const c = await channel(id);
      if (!c || !('guild_id' in c) || c.guild_id !== guildId) continue;
      const overwrites = ('permission_overwrites' in c ? (c.permission_overwrites ?? []) : []) as Overwrite[];
      if (inChannel(start, overwrites, g, m, userId) & PermissionFlagsBits.ViewChannel) seen.add(id);
    }
    return seen;
  };
}
