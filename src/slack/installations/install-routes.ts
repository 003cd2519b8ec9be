// The install, as two routes of the bot's web edge: GET /slack/install sends the browser to Slack's authorize page
// with the manifest's scopes and a state bound to this browser by a cookie; GET /slack/oauth_redirect is where
// Slack sends it back, and exchanges the code for the workspace's installation. The cookie is HttpOnly,
// SameSite=Lax (sent on Slack's top-level redirect back, not on a cross-site request), and Secure under an https
// PUBLIC_URL. Every ending is a page that says what happened; only an exchange that never reached Slack leaves the
// link usable (the state given back, the cookie kept), since the code was not spent.
import type { Page } from '../../core/platform/page.ts';
import type { Route, RouteAnswer } from '../../core/platform/route.ts';
import type { Logger } from '../../core/ports.ts';
import type { SlackOAuthClient } from './oauth-client.ts';
import { failedPage, INSTALL_PATH, installedPage, REDIRECT_PATH, unreachablePage } from './pages.ts';
import type { Installation, InstallationsRepo } from './repo.ts';
import { type InstallState, InstallStateError, STATE_TTL_MS } from './state.ts';

/** The name Bolt's InstallProvider gives its state cookie: an install begun before an upgrade still ends. */
export const STATE_COOKIE = 'slack-app-oauth-state';

export interface InstallRouteDeps {
  clientId: string;
  scopes: readonly string[];
  /** Slack's authorize page (SLACK_AUTHORIZE_URL). */
  authorizeUrl: string;
  /** PUBLIC_URL/slack/oauth_redirect: its scheme says whether the cookie is Secure. */
  redirectUri: string;
  state: InstallState;
  oauth: SlackOAuthClient;
  repo: InstallationsRepo;
  logger: Logger;
  /** After an installation is stored (the installer's first message); never undoes the install. */
  onInstalled(installation: Installation): void;
}

/** The request's cookie `name`, if any. */
function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function createInstallRoutes(deps: InstallRouteDeps): Route[] {
  const { logger } = deps;
  const secure = new URL(deps.redirectUri).protocol === 'https:' ? '; Secure' : '';
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${STATE_COOKIE}=${value}; Path=/slack; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
  /** The install is over, whichever way: the browser forgets its state. */
  const ended = (page: Page): Page => ({ ...page, headers: { ...page.headers, 'set-cookie': cookie('', 0) } });

  function start(): Response {
    const state = deps.state.issue();
    const to = new URL(deps.authorizeUrl);
    to.searchParams.set('client_id', deps.clientId);
    to.searchParams.set('scope', deps.scopes.join(','));
    to.searchParams.set('redirect_uri', deps.redirectUri);
    to.searchParams.set('state', state);
    return new Response(null, {
      status: 302,
      headers: {
        location: to.toString(),
        'set-cookie': cookie(state, STATE_TTL_MS / 1000),
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    });
  }

  async function back(request: Request): Promise<RouteAnswer> {
    const query = new URL(request.url).searchParams;
    const error = query.get('error');
    if (error) {
      logger.warn({ reason: error }, 'an install ended without installing');
      return ended(failedPage(error === 'access_denied' ? { kind: 'cancelled' } : { kind: 'refused' }));
    }
    const code = query.get('code');
    const state = query.get('state');
    if (!code) return ended(failedPage({ kind: 'no code' }));
    if (!state || cookieOf(request, STATE_COOKIE) !== state) {
      logger.warn({ reason: 'state not of this browser' }, 'an install ended without installing');
      return ended(failedPage({ kind: 'other browser' }));
    }
    try {
      await deps.state.take(state);
    } catch (err) {
      if (!(err instanceof InstallStateError)) throw err;
      logger.warn({ reason: `state ${err.problem}` }, 'an install ended without installing');
      return ended(failedPage({ kind: 'state', error: err }));
    }
    const exchanged = await deps.oauth.exchange(code, deps.redirectUri);
    if (!exchanged.ok && exchanged.unreachable) {
      await deps.state.giveBack(state);
      logger.warn({ error: exchanged.error }, 'could not reach Slack to finish an install; the link stays valid');
      const retry = `${REDIRECT_PATH}?${new URLSearchParams({ code, state })}`;
      return unreachablePage(retry);
    }
    if (!exchanged.ok) {
      logger.warn({ reason: exchanged.error }, 'an install ended without installing');
      return ended(failedPage({ kind: 'refused' }));
    }
    const { installation } = exchanged;
    if (await deps.repo.save(installation)) deps.onInstalled(installation);
    logger.info({ workspace: installation.id }, 'reelbot was installed in a workspace');
    return ended(installedPage(exchanged.name));
  }

  return [
    { method: 'GET', path: INSTALL_PATH, handle: async () => start() },
    // The query holds the code and the state: logs name the path alone.
    { method: 'GET', path: REDIRECT_PATH, capability: true, handle: back },
  ];
}
