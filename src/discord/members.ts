// Who holds a Discord role, for the "no approver can act" check when approvers name roles (approving
// itself uses the roles each click carries). Read with List Guild Members, 1,000 a page, which needs the
// Server Members privileged intent switched on in the developer portal; without it Discord answers 403
// and the check stays silent. Answers are cached briefly: one /publish burst costs one read.
import { type APIGuildMember, type REST, Routes } from 'discord.js';

/** 10 pages: guilds past 10,000 members are not counted (the check then stays silent). */
const MAX_PAGES = 10;
const PAGE = 1000;

export function createRoleMembers(rest: REST, options: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { members: APIGuildMember[]; until: number }>();

  async function allMembers(guildId: string): Promise<APIGuildMember[]> {
    const hit = cache.get(guildId);
    if (hit && hit.until > now()) return hit.members;
    const members: APIGuildMember[] = [];
    let after = '0';
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ limit: String(PAGE), after });
      const batch = (await rest.get(Routes.guildMembers(guildId), { query })) as APIGuildMember[];
      members.push(...batch);
      const last = batch.at(-1)?.user?.id;
      if (batch.length < PAGE || !last) {
        if (cache.size > 100) cache.clear();
        cache.set(guildId, { members, until: now() + ttl });
        return members;
      }
      after = last;
    }
    throw new Error(`guild ${guildId} has more than ${MAX_PAGES * PAGE} members; not counting role holders`);
  }

  /** User ids holding `roleId` (the @everyone role's id is the guild's: everyone); bots never approve. */
  return async (guildId: string, roleId: string): Promise<readonly string[]> => {
    const members = await allMembers(guildId);
    return members
      .filter((m) => m.user && !m.user.bot && (roleId === guildId || m.roles.includes(roleId)))
      .flatMap((m) => (m.user ? [m.user.id] : []));
  };
}
