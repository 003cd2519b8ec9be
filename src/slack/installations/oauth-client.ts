// The two oauth.v2.access calls of distribution mode, through one WebClient (SLACK_API_URL): a code exchanged for an
// installation, and a rotating token refreshed. A code or a refresh token works once, so the client never sends
// either twice (no retries). Slack's answer is read through a schema; whether Slack was reached at all is told
// apart from a refusal, since only a call that never reached Slack may be made again.
import { webApi } from '@slack/bolt';
import { z } from 'zod';
import type { Logger } from '../../core/ports.ts';
import { toBoltLogger } from '../bolt-logger.ts';
import type { Installation } from './repo.ts';
import type { RefreshAnswer } from './tokens.ts';

/** What the exchange answers: the installation (tokens in clear), or why there is none. */
export type Exchange =
  | { ok: true; installation: Installation /** The workspace's or organisation's name, for the page. */; name?: string }
  /** Slack was not reached, or answered with a server error: the code was not spent, the same link may retry. */
  | { ok: false; unreachable: true; error: string }
  /** Slack refused (invalid_code, bad_redirect_uri…) or answered without a bot token: only a new install helps. */
  | { ok: false; unreachable: false; error: string };

export interface SlackOAuthClient {
  exchange(code: string, redirectUri: string): Promise<Exchange>;
  /** Rejects with Slack's error code in `data.error` when Slack refuses the refresh token. */
  refresh(refreshToken: string): Promise<RefreshAnswer>;
}

const named = z.object({ id: z.string(), name: z.string().optional() });
const accessSchema = z.object({
  app_id: z.string().optional(),
  access_token: z.string(),
  scope: z.string(),
  bot_user_id: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
  team: named.nullish(),
  enterprise: named.nullish(),
  is_enterprise_install: z.boolean().optional(),
  authed_user: z.object({ id: z.string() }),
});
const refreshSchema = z.object({ access_token: z.string(), refresh_token: z.string(), expires_in: z.number() });

/** WebClient's codes for a call that did not reach Slack (network, timeout) or met a server error. */
function unreachable(err: unknown): boolean {
  const e = err as { code?: unknown; statusCode?: unknown };
  if (e.code === 'slack_webapi_request_error') return true;
  return e.code === 'slack_webapi_http_error' && typeof e.statusCode === 'number' && e.statusCode >= 500;
}

export function createSlackOAuthClient(options: {
  clientId: string;
  clientSecret: string;
  logger: Logger;
  apiUrl?: string;
  clock: { now(): number };
}): SlackOAuthClient {
  // Each failure is said once, by whoever asked (the install's page and its line, the refresh's caller): the
  // client's own warning about it goes to debug.
  const boltLogger = toBoltLogger(options.logger);
  const client = new webApi.WebClient(undefined, {
    ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}),
    logger: { ...boltLogger, warn: boltLogger.debug },
    retryConfig: { retries: 0 },
    timeout: 10_000,
  });
  const credentials = { client_id: options.clientId, client_secret: options.clientSecret };
  return {
    async exchange(code, redirectUri) {
      let answer: unknown;
      try {
        answer = await client.apiCall('oauth.v2.access', { ...credentials, code, redirect_uri: redirectUri });
      } catch (err) {
        const error = String((err as { data?: { error?: unknown } }).data?.error ?? (err as Error).message);
        return { ok: false, unreachable: unreachable(err), error };
      }
      const parsed = accessSchema.safeParse(answer);
      if (!parsed.success) return { ok: false, unreachable: false, error: 'no bot token in the answer' };
      const a = parsed.data;
      const enterpriseInstall = a.is_enterprise_install === true;
      const id = enterpriseInstall ? a.enterprise?.id : a.team?.id;
      if (!id) return { ok: false, unreachable: false, error: 'no team or enterprise id in the answer' };
      // The bot's own id (to tell its own messages apart) is auth.test's; an install stands without it.
      const botId = await client
        .apiCall('auth.test', { token: a.access_token })
        .then((r) => z.object({ bot_id: z.string() }).safeParse(r).data?.bot_id)
        .catch(() => undefined);
      const now = options.clock.now();
      const name = (enterpriseInstall ? a.enterprise?.name : a.team?.name) ?? undefined;
      return {
        ok: true,
        ...(name ? { name } : {}),
        installation: {
          id,
          ...(a.team?.id ? { teamId: a.team.id } : {}),
          ...(a.enterprise?.id ? { enterpriseId: a.enterprise.id } : {}),
          enterpriseInstall,
          ...(a.app_id ? { appId: a.app_id } : {}),
          botUserId: a.bot_user_id,
          ...(botId ? { botId } : {}),
          installerUserId: a.authed_user.id,
          scopes: a.scope.split(','),
          botToken: a.access_token,
          ...(a.refresh_token && a.expires_in !== undefined
            ? { refreshToken: a.refresh_token, expiresAt: now + a.expires_in * 1000 }
            : {}),
          issuedAt: now,
          installedAt: now,
        },
      };
    },
    async refresh(refreshToken) {
      const answer = await client.apiCall('oauth.v2.access', {
        ...credentials,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      const parsed = refreshSchema.safeParse(answer);
      if (!parsed.success) throw new Error('Slack answered a token refresh without a new token pair');
      return {
        accessToken: parsed.data.access_token,
        refreshToken: parsed.data.refresh_token,
        expiresInSeconds: parsed.data.expires_in,
      };
    },
  };
}
