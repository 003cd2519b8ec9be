// Which channels of the workspace a person can see, so a list spanning the workspace (/approvals, the
// Home tab) shows nobody a private channel they are not in: a public channel anyone can open, a private
// one only its members. Read with users.conversations (the person's channels) and conversations.info
// (public or not), both Tier 3 and paced by the limiter; answers are cached for a minute, so a burst of
// lists costs one read per person and per channel.
import type { SlackApi } from './api.ts';
import { cached } from './groups.ts';

export interface VisibilityOptions {
  /** The calls of the workspace asked about. */
  apiFor: (teamId: string) => Pick<SlackApi, 'memberChannels' | 'isPublicChannel'>;
  ttlMs?: number;
  now?: () => number;
}

export function createSlackVisibility(options: VisibilityOptions) {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const memberships = cached<Set<string>>(ttl, now);
  const publics = cached<boolean>(ttl, now);
  return async (teamId: string, userId: string, channelIds: readonly string[]): Promise<ReadonlySet<string>> => {
    const api = options.apiFor(teamId);
    const mine = await memberships(`${teamId}:${userId}`, () => api.memberChannels(userId, teamId || undefined));
    const seen = new Set<string>();
    for (const id of channelIds) {
      if (mine.has(id) || (await publics(`${teamId}:${id}`, () => api.isPublicChannel(id)))) seen.add(id);
    }
    return seen;
  };
}
