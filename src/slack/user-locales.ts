// Each Slack user's language and time zone, for their private answers. Slack sends neither with a command or a
// click, so they come from users.info (with include_locale; Tier 4, about 100 calls a minute per workspace; `tz` is
// in the same answer) and are kept: at most
// MAX_USERS people per workspace for TTL_MS each. A lookup never delays an acknowledgement: what is cached is read
// at once; an unknown person's work after the ack waits for it a moment (the dispatch's `localeLater`), and
// their next answer reads it from here.
import type { Reader } from '../core/platform/interaction.ts';
import type { Logger } from '../core/ports.ts';
import type { SlackApi, SlackUserInfo } from './api.ts';

/** A person's language rarely changes: a day keeps users.info calls to one per person per day. */
const TTL_MS = 24 * 60 * 60_000;
/** Bounds the memory per workspace; the oldest entries go first. */
const MAX_USERS = 5000;
/** The work after an ack waits this long for the language, then goes on in the workspace's default. */
const LOOKUP_TIMEOUT_MS = 1000;
/** A lookup that failed is tried again after this long, not at every command of that person. */
const RETRY_MS = 5 * 60_000;

export interface UserLocales {
  /** The language and time zone kept for `userId`, without I/O; undefined when unknown or expired. */
  cached(userId: string): Reader | undefined;
  /** Whether users.info answered for `userId` lately (it may have said no language). */
  known(userId: string): boolean;
  /** Looks them up (one call per person at a time), keeps and answers them; undefined when the call fails. */
  lookUp(userId: string): Promise<Reader | undefined>;
  /** Keeps what another users.info call said (permissions.ts asks the same method). */
  remember(userId: string, reader: Reader | undefined, forMs?: number): void;
}

export interface UserLocalesOptions {
  api: Pick<SlackApi, 'userInfo'>;
  logger: Logger;
  ttlMs?: number;
  maxUsers?: number;
  timeoutMs?: number;
  now?: () => number;
}

export function createUserLocales(options: UserLocalesOptions): UserLocales {
  const ttl = options.ttlMs ?? TTL_MS;
  const max = options.maxUsers ?? MAX_USERS;
  const timeoutMs = options.timeoutMs ?? LOOKUP_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  /** In insertion order, so the first entry is the oldest: a bounded cache without a library. */
  const kept = new Map<string, { reader: Reader | undefined; until: number }>();
  const asking = new Map<string, Promise<Reader | undefined>>();

  function remember(userId: string, reader: Reader | undefined, forMs = ttl) {
    kept.delete(userId);
    kept.set(userId, { reader, until: now() + forMs });
    while (kept.size > max) {
      const oldest = kept.keys().next().value;
      if (oldest === undefined) break;
      kept.delete(oldest);
    }
  }

  function fresh(userId: string) {
    const hit = kept.get(userId);
    if (hit && hit.until > now()) return hit;
    if (hit) kept.delete(userId);
    return undefined;
  }

  async function ask(userId: string): Promise<Reader | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    const call = options.api.userInfo(userId).then(
      (info) => {
        const reader = readerOf(info);
        remember(userId, reader);
        return reader;
      },
      (err: unknown) => {
        // Not a warning: the person is answered in the default language, and asked about again later.
        options.logger.debug({ err, userId }, 'could not read a Slack user’s language; answering in the default');
        remember(userId, undefined, RETRY_MS);
        return undefined;
      },
    );
    try {
      // The call goes on past the timeout and is kept when it lands: the person's next answer has it.
      return await Promise.race([call, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    cached: (userId) => fresh(userId)?.reader,
    known: (userId) => fresh(userId) !== undefined,
    lookUp(userId) {
      const hit = fresh(userId);
      if (hit) return Promise.resolve(hit.reader);
      const pending = asking.get(userId);
      if (pending) return pending;
      const started = ask(userId).finally(() => asking.delete(userId));
      asking.set(userId, started);
      return started;
    },
    remember,
  };
}

/** What users.info says of how a person reads: Slack's language tag and time zone, those it gives. */
export const readerOf = (info: Pick<SlackUserInfo, 'locale' | 'tz'>): Reader => ({
  ...(info.locale ? { locale: info.locale } : {}),
  ...(info.tz ? { timeZone: info.tz } : {}),
});

/**
 * What an Entry carries of how the person reads: the kept language and time zone (spread into its origin), or
 * how to look them up after the ack.
 */
export function readerLocale(
  locales: UserLocales,
  userId: string,
): { reader: Reader; readerLater?: () => Promise<Reader | undefined> } {
  if (locales.known(userId)) return { reader: locales.cached(userId) ?? {} };
  return { reader: {}, readerLater: () => locales.lookUp(userId) };
}
