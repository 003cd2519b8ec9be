// Slack user groups, for approvers named as `@editors` or `<!subteam^S123|@editors>`. Slack's clicks carry
// no group list, so each group is read with usergroups.users.list (Tier 2: 20+ calls a minute), and a
// typed `@handle` is found with usergroups.list; answers are cached briefly so a burst of approvals costs
// one call. A failure is neither cached nor guessed: the caller refuses with a reason.
import type { SlackApi } from './api.ts';

export interface GroupOptions {
  /** The calls of the workspace a group belongs to. */
  apiFor: (teamId: string) => Pick<SlackApi, 'usergroupMembers' | 'usergroups'>;
  /** How long an answer is trusted (default 60 s: someone added to a group can approve a minute later). */
  ttlMs?: number;
  now?: () => number;
}

export interface SlackGroups {
  membersOf(teamId: string, groupId: string): Promise<readonly string[]>;
  /** The id of the group whose handle is `handle` (no `@`), or undefined when there is none. */
  findGroup(teamId: string, handle: string): Promise<string | undefined>;
}

/** Answers kept `ttl` ms, one load in flight per key; a failure is neither cached nor guessed. */
export function cached<T>(ttl: number, now: () => number) {
  const answers = new Map<string, { value: T; until: number }>();
  const inFlight = new Map<string, Promise<T>>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = answers.get(key);
    if (hit && hit.until > now()) return Promise.resolve(hit.value);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const loading = load()
      .then((value) => {
        if (answers.size > 1_000) answers.clear();
        answers.set(key, { value, until: now() + ttl });
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
    return loading;
  };
}

export function createSlackGroups(options: GroupOptions): SlackGroups {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const members = cached<readonly string[]>(ttl, now);
  const lists = cached<Array<{ id: string; handle: string }>>(ttl, now);
  const team = (teamId: string) => teamId || undefined;
  return {
    membersOf: (teamId, groupId) =>
      members(`${teamId}:${groupId}`, () => options.apiFor(teamId).usergroupMembers(groupId, team(teamId))),
    async findGroup(teamId, handle) {
      const groups = await lists(teamId, () => options.apiFor(teamId).usergroups(team(teamId)));
      return groups.find((g) => g.handle.toLowerCase() === handle.toLowerCase())?.id;
    },
  };
}
