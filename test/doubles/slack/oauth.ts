// Slack's side of app distribution for the Web API double: the authorize page (a person picks a workspace, or an
// Enterprise Grid organisation for an org-wide install, and allows, or cancels), oauth.v2.access for a code and for a refresh token (token rotation: the old refresh token
// stops working once used), and which workspace each bot token belongs to, so every other call is refused
// (invalid_auth, token_expired) unless its token is current.
import { randomBytes } from 'node:crypto';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** Token rotation: every bot token lives this long and comes with a refresh token. */
  rotateEverySeconds?: number;
}

export interface Workspace {
  teamId: string;
  name: string;
  /** Who clicks Allow on the authorize page (the installer). */
  installerUserId: string;
}

/** An Enterprise Grid organisation: an org-wide install serves every one of its workspaces with one token. */
export interface Organisation {
  enterpriseId: string;
  name: string;
  installerUserId: string;
  /** Its workspaces (team ids). */
  teams: string[];
}

/** Who Slack's authorize page installs into: one workspace, or an organisation (org-wide). */
export type InstallTarget = { workspace: Workspace } | { organisation: Organisation };

interface Issued {
  /** The workspace, or the organisation of an org-wide install, the token was issued to. */
  teamId: string;
  expiresAt?: number;
  revoked?: boolean;
}

export interface OAuthDouble {
  /** What the authorize page does next: install into `workspace`, or the person cancels. */
  nextAuthorize(choice: InstallTarget | { cancel: true }): void;
  /** Answers GET /oauth/v2/authorize: a 302 back to redirect_uri with a code (or error=access_denied). */
  authorize(query: URLSearchParams): { status: number; location?: string; body?: string };
  /** oauth.v2.access, for a code or a refresh token. */
  access(args: Record<string, unknown>): Record<string, unknown>;
  /** The workspace whose current token this is, or the reason Slack would refuse it. */
  check(token: string | undefined): { teamId: string } | { error: string };
  /** Which workspace (or organisation, for an org-wide install) a token was issued to (any token, current or not). */
  teamOf(token: string): string | undefined;
  /** Every token of the workspace or organisation stops working (an uninstall on Slack's side). */
  revoke(teamId: string): void;
  /** Refresh tokens presented to oauth.v2.access, in order (a refresh token sent twice is a bug). */
  refreshesSent: string[];
  /** The authorize requests Slack's page received (their scope, client_id, redirect_uri, state). */
  authorizeRequests: URLSearchParams[];
}

export function createOAuthDouble(app: OAuthApp, now: () => number = Date.now): OAuthDouble {
  const codes = new Map<string, { target: InstallTarget; redirectUri: string }>();
  const tokens = new Map<string, Issued>();
  const refreshTokens = new Map<string, { teamId: string; used: boolean }>();
  const refreshesSent: string[] = [];
  const authorizeRequests: URLSearchParams[] = [];
  let choice: InstallTarget | { cancel: true } | undefined;
  const id = () => randomBytes(6).toString('hex');

  function issue(teamId: string): Record<string, unknown> {
    const token = `xoxb-${teamId}-${id()}`;
    const rotating = app.rotateEverySeconds;
    tokens.set(token, { teamId, ...(rotating ? { expiresAt: now() + rotating * 1000 } : {}) });
    if (!rotating) return { access_token: token };
    const refresh = `xoxe-1-${teamId}-${id()}`;
    refreshTokens.set(refresh, { teamId, used: false });
    return { access_token: token, refresh_token: refresh, expires_in: rotating };
  }

  return {
    refreshesSent,
    authorizeRequests,
    nextAuthorize(next) {
      choice = next;
    },
    authorize(query) {
      authorizeRequests.push(query);
      const redirect = query.get('redirect_uri');
      const state = query.get('state') ?? '';
      if (query.get('client_id') !== app.clientId || !redirect)
        return { status: 400, body: 'invalid_client_id or missing redirect_uri' };
      const back = new URL(redirect);
      if (!choice || 'cancel' in choice) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = `code-${id()}`;
        codes.set(code, { target: choice, redirectUri: redirect });
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', state);
      return { status: 302, location: back.toString() };
    },
    access(args) {
      if (args.client_id !== app.clientId || args.client_secret !== app.clientSecret)
        return { ok: false, error: 'invalid_client_id' };
      if (args.grant_type === 'refresh_token') {
        const given = String(args.refresh_token ?? '');
        refreshesSent.push(given);
        const known = refreshTokens.get(given);
        if (!known || known.used) return { ok: false, error: 'invalid_refresh_token' };
        known.used = true;
        return { ok: true, token_type: 'bot', team: { id: known.teamId }, ...issue(known.teamId) };
      }
      const grant = codes.get(String(args.code ?? ''));
      if (!grant) return { ok: false, error: 'invalid_code' };
      codes.delete(String(args.code));
      if (args.redirect_uri !== undefined && args.redirect_uri !== grant.redirectUri)
        return { ok: false, error: 'bad_redirect_uri' };
      const granted = {
        ok: true,
        app_id: 'A0REELBOT',
        token_type: 'bot',
        scope: 'commands,chat:write',
      };
      if ('organisation' in grant.target) {
        // An org-wide install: no team, the organisation's token for all its workspaces.
        const o = grant.target.organisation;
        return {
          ...granted,
          bot_user_id: `U0BOT${o.enterpriseId}`,
          team: null,
          enterprise: { id: o.enterpriseId, name: o.name },
          is_enterprise_install: true,
          authed_user: { id: o.installerUserId },
          ...issue(o.enterpriseId),
        };
      }
      const w = grant.target.workspace;
      return {
        ...granted,
        bot_user_id: `U0BOT${w.teamId}`,
        team: { id: w.teamId, name: w.name },
        enterprise: null,
        is_enterprise_install: false,
        authed_user: { id: w.installerUserId },
        ...issue(w.teamId),
      };
    },
    check(token) {
      const t = token ? tokens.get(token) : undefined;
      if (!t || t.revoked) return { error: 'invalid_auth' };
      if (t.expiresAt !== undefined && now() >= t.expiresAt) return { error: 'token_expired' };
      return { teamId: t.teamId };
    },
    teamOf: (token) => tokens.get(token)?.teamId,
    revoke(teamId) {
      for (const t of tokens.values()) if (t.teamId === teamId) t.revoked = true;
      for (const r of refreshTokens.values()) if (r.teamId === teamId) r.used = true;
    },
  };
}
