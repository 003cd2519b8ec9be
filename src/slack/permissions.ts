// Who may configure the bot in a workspace: its admins and owners (users.info), or people on the
// operator's allow-list. Answers are cached briefly: users.info is Tier 4 and a /setup must still open
// its modal within the trigger's 3 s.
import type { Logger } from '../core/ports.ts';
import type { SlackApi, SlackUserInfo } from './api.ts';

export interface Permissions {
  canConfigure(userId: string): Promise<boolean>;
  /** Without I/O: the allow-list or a cached answer; false when unknown. */
  canConfigureCached(userId: string): boolean;
}

export interface PermissionOptions {
  api: Pick<SlackApi, 'userInfo'>;
  logger: Logger;
  adminUsers?: readonly string[];
  /** How long an answer is trusted (default 5 min). */
  ttlMs?: number;
  /** Give up on users.info after this long and refuse (default 1500 ms, half the 3 s window). */
  timeoutMs?: number;
  now?: () => number;
  /** Told each users.info answer (the person's language rides on it: user-locales.ts keeps it). */
  seen?: (userId: string, info: SlackUserInfo) => void;
}

export function createPermissions(options: PermissionOptions): Permissions {
  const allowed = new Set(options.adminUsers ?? []);
  const ttl = options.ttlMs ?? 5 * 60_000;
  const timeoutMs = options.timeoutMs ?? 1500;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { value: boolean; until: number }>();

  const cached = (userId: string): boolean | undefined => {
    const hit = cache.get(userId);
    return hit && hit.until > now() ? hit.value : undefined;
  };

  async function lookUp(userId: string): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('users.info timed out')), timeoutMs);
    });
    try {
      const info = await Promise.race([options.api.userInfo(userId), timeout]);
      options.seen?.(userId, info);
      const value = info.isAdmin || info.isOwner;
      if (cache.size > 10_000) cache.clear();
      cache.set(userId, { value, until: now() + ttl });
      return value;
    } catch (error) {
      options.logger.warn({ err: error, userId }, 'could not look up a Slack user; treating as not an admin');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async canConfigure(userId) {
      if (allowed.has(userId)) return true;
      return cached(userId) ?? lookUp(userId);
    },
    canConfigureCached(userId) {
      return allowed.has(userId) || (cached(userId) ?? false);
    },
  };
}
