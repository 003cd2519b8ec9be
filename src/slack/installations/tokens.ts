// The bot token of each workspace (distribution mode), read from the store before each call so a rotation or an
// uninstall takes effect at once. With token rotation on, a token lives 12 hours and a refresh returns a new
// pair while the old refresh token stops working: two replicas refreshing at once break each other
// (node-slack-sdk #2504). So one replica refreshes, under a lease in the store, and a refresh token is claimed
// before it is sent, so none is ever sent twice; the others keep the current token while it lasts.
import { createHash } from 'node:crypto';
import { WorkspaceGoneError } from '../../core/errors.ts';
import type { Clock, Logger, Store } from '../../core/ports.ts';
import type { Installation, InstallationsRepo } from './repo.ts';

/**
 * The share of a token's life left when it is refreshed: a quarter (3 hours of Slack's 12), so a refresh
 * has room to be retried, and a short-lived token is not refreshed on every call as a fixed margin would.
 */
const REFRESH_AT_LIFE_LEFT = 0.25;
/** Long enough for one oauth.v2.access call (10 s timeout) and the write after it. */
const REFRESH_LEASE_MS = 30_000;
/** A refresh token claimed as sent is never sent again; a week outlives any token's life. */
const SENT_CLAIM_MS = 7 * 24 * 3600_000;
/** How long a call waits for another replica's refresh when its own token has run out. */
const WAIT_FOR_OTHER_MS = 10_000;
const POLL_MS = 100;

/** Slack's answers to a refresh that mean the installation is gone: only a reinstall helps. */
const DEAD_REFRESH = new Set(['invalid_refresh_token', 'token_revoked', 'app_uninstalled', 'invalid_client_id']);

export interface RefreshAnswer {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

export class NotInstalledError extends WorkspaceGoneError {
  constructor(teamId: string, why: 'absent' | 'needs reinstall') {
    super(
      why === 'absent'
        ? `reelbot is not installed in workspace ${teamId}: install it from /slack/install`
        : `reelbot's access to workspace ${teamId} ended: install it again from /slack/install`,
    );
    this.name = 'NotInstalledError';
  }
}

export interface SlackTokensOptions {
  repo: InstallationsRepo;
  store: Store;
  clock: Clock;
  logger: Logger;
  /** oauth.v2.access with grant_type=refresh_token. Rejects with Slack's error code in `data.error`. */
  refresh(refreshToken: string): Promise<RefreshAnswer>;
  sleep?: (ms: number) => Promise<void>;
}

export interface SlackTokens {
  /** The current bot token of the installation serving `teamId`, refreshed first when it is due. */
  botToken(teamId: string): Promise<string>;
  /** The same for an installation already read. */
  fresh(installation: Installation): Promise<string>;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

export const refreshDue = (i: Installation, now: number): boolean =>
  i.refreshToken !== undefined &&
  i.expiresAt !== undefined &&
  now >= i.expiresAt - Math.max(0, i.expiresAt - i.issuedAt) * REFRESH_AT_LIFE_LEFT;

export function createSlackTokens(options: SlackTokensOptions): SlackTokens {
  const { repo, store, clock, logger } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const inFlight = new Map<string, Promise<string>>();
  const usable = (i: Installation) => i.expiresAt === undefined || clock.now() < i.expiresAt;

  async function waitForOther(i: Installation): Promise<string> {
    const until = clock.now() + WAIT_FOR_OTHER_MS;
    for (;;) {
      const latest = await repo.get(i.id);
      if (!latest) throw new NotInstalledError(i.id, 'absent');
      if (latest.needsReinstall) throw new NotInstalledError(i.id, 'needs reinstall');
      if (latest.botToken !== i.botToken || usable(latest)) return latest.botToken;
      if (clock.now() >= until) throw new Error(`the bot token of ${i.id} expired and no refresh came in time`);
      await sleep(POLL_MS);
    }
  }

  async function refreshed(i: Installation): Promise<string> {
    const lease = await store.lease(`slack-token-refresh:${i.id}`, REFRESH_LEASE_MS);
    // Another replica refreshes: the current token serves while it lasts.
    if (!lease) return usable(i) ? i.botToken : waitForOther(i);
    try {
      const latest = await repo.get(i.id);
      if (!latest) throw new NotInstalledError(i.id, 'absent');
      if (!refreshDue(latest, clock.now()) || !latest.refreshToken) return latest.botToken;
      const refreshToken = latest.refreshToken;
      // Claimed before it is sent: a refresh whose answer was lost is not sent again by anyone.
      if (!(await store.claim(`slack-refresh-sent:${hash(refreshToken)}`, SENT_CLAIM_MS)))
        return usable(latest) ? latest.botToken : waitForOther(latest);
      let answer: RefreshAnswer;
      try {
        answer = await options.refresh(refreshToken);
      } catch (err) {
        const code = (err as { data?: { error?: unknown } }).data?.error;
        if (typeof code === 'string' && DEAD_REFRESH.has(code)) {
          if (await repo.markNeedsReinstall(i.id))
            logger.warn(
              { installation: i.id, error: code },
              'Slack refused the refresh token: this workspace must install reelbot again',
            );
          throw new NotInstalledError(i.id, 'needs reinstall');
        }
        throw err;
      }
      const now = clock.now();
      const next = {
        botToken: answer.accessToken,
        refreshToken: answer.refreshToken,
        issuedAt: now,
        expiresAt: now + answer.expiresInSeconds * 1000,
      };
      await repo.rotate(i.id, refreshToken, next);
      logger.info({ installation: i.id }, 'refreshed the bot token');
      return next.botToken;
    } finally {
      await lease.release();
    }
  }

  async function fresh(i: Installation): Promise<string> {
    if (i.needsReinstall) throw new NotInstalledError(i.id, 'needs reinstall');
    if (!refreshDue(i, clock.now())) return i.botToken;
    // One refresh per installation in this process; the lease makes it one across replicas.
    let pending = inFlight.get(i.id);
    if (!pending) {
      pending = refreshed(i).finally(() => inFlight.delete(i.id));
      inFlight.set(i.id, pending);
    }
    return pending;
  }

  return {
    fresh,
    async botToken(teamId) {
      const installation = await repo.serving(teamId);
      if (!installation) throw new NotInstalledError(teamId, 'absent');
      return fresh(installation);
    },
  };
}
