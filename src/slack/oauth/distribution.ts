// Distribution mode: any workspace installs the app through OAuth v2 and the bot keeps a token per workspace.
// Bolt's own InstallProvider (built by its HTTPReceiver from these options) serves /slack/install and
// /slack/oauth_redirect on the bot's one listener, exchanges the code (oauth.v2.access through SLACK_API_URL) and
// stores the installation here; its authorize reads each request's workspace token back. What Bolt leaves to
// the app is added: a signed, single-use state (state.ts), tokens sealed in the store and refreshed once across
// replicas (tokens.ts), uninstalls (bolt-js #1203), pages that say what happened, and the installer's first
// message.
import type { App, HTTPReceiverOptions, InstallURLOptions } from '@slack/bolt';
import { webApi } from '@slack/bolt';
import { z } from 'zod';
import { createInstallationsRepo, type Installation, type InstallationsRepo } from '../../core/installations/repo.ts';
import type { Clock, Logger, SecretBox, Store } from '../../core/ports.ts';
import type { toBoltLogger } from '../bolt-logger.ts';
import type { HandlerDeps } from '../boundary.ts';
import { BOT_SCOPES } from '../manifest.ts';
import { firstContactMessage } from './first-contact.ts';
import { createBoltInstallationStore } from './installation-store.ts';
import { failedPage, installedPage } from './pages.ts';
import { createInstallStateStore, STATE_TTL_MS } from './state.ts';
import { createSlackTokens, NotInstalledError, type SlackTokens } from './tokens.ts';
import { registerUninstalls } from './uninstall.ts';

export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';
export const INSTALL_PATHS = [INSTALL_PATH, REDIRECT_PATH];

export interface DistributionOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  /** https://slack.com/oauth/v2/authorize, or SLACK_AUTHORIZE_URL. */
  authorizeUrl: string;
  /** PUBLIC_URL/slack/oauth_redirect. */
  redirectUri: string;
  store: Store;
  box: SecretBox;
  clock: Clock;
  /** A workspace's tokens were removed (app_uninstalled, tokens_revoked): its jobs and scheduled posts end. */
  onUninstalled?: (workspaceId: string) => Promise<void>;
}

export interface Distribution {
  repo: InstallationsRepo;
  tokens: SlackTokens;
  receiverOptions: Partial<HTTPReceiverOptions>;
  registerEvents(app: App, deps: HandlerDeps): void;
  /**
   * When `error` is Bolt's failed authorize for a workspace without an installation: answers the person through
   * the request's response_url (it needs no token) with where to install the app, and says true.
   */
  explainNotInstalled(error: unknown, body: unknown): Promise<boolean>;
}

const responseUrlSchema = z.object({ response_url: z.string().regex(/^https?:\/\//) });

export function createDistribution(
  options: DistributionOptions,
  at: { logger: Logger; boltLogger: ReturnType<typeof toBoltLogger>; apiUrl?: string },
): Distribution {
  const { logger } = at;
  const { store, clock } = options;
  const repo = createInstallationsRepo({ store, box: options.box, clock });
  const clientOptions = {
    ...(at.apiUrl ? { slackApiUrl: at.apiUrl } : {}),
    logger: at.boltLogger,
    // A code or a refresh token works once: the client never sends either twice.
    retryConfig: { retries: 0 },
    timeout: 10_000,
  };
  const oauthClient = new webApi.WebClient(undefined, clientOptions);
  const tokens = createSlackTokens({
    repo,
    store,
    clock,
    logger,
    async refresh(refreshToken) {
      const res = (await oauthClient.apiCall('oauth.v2.access', {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      })) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
      if (
        typeof res.access_token !== 'string' ||
        typeof res.refresh_token !== 'string' ||
        typeof res.expires_in !== 'number'
      )
        throw new Error('Slack answered a token refresh without a new token pair');
      return { accessToken: res.access_token, refreshToken: res.refresh_token, expiresInSeconds: res.expires_in };
    },
  });
  let deps: HandlerDeps | undefined;
  const greet = (installation: Installation) => {
    const teamId = installation.teamId ?? installation.id;
    const user = installation.installerUserId;
    if (!deps || !user) return;
    // Posted after the install page answered: a failed greeting never undoes an install.
    void deps
      .workspace(teamId)
      .api.postMessage(user, firstContactMessage(deps.commandPrefix ?? ''))
      .catch((err: unknown) =>
        logger.warn({ err, workspace: teamId }, 'could not send the installer the first message'),
      );
  };
  const installOptions: InstallURLOptions = { scopes: [...BOT_SCOPES], redirectUri: options.redirectUri };
  const receiverOptions: Partial<HTTPReceiverOptions> = {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    stateSecret: options.stateSecret,
    scopes: [...BOT_SCOPES],
    redirectUri: options.redirectUri,
    installationStore: createBoltInstallationStore({ repo, tokens, clock, onInstalled: greet }),
    installerOptions: {
      installPath: INSTALL_PATH,
      redirectUriPath: REDIRECT_PATH,
      // Straight to Slack's page: no page of ours in between.
      directInstall: true,
      authorizationUrl: options.authorizeUrl,
      stateStore: createInstallStateStore({ secret: options.stateSecret, store, clock, installOptions }),
      stateCookieExpirationSeconds: STATE_TTL_MS / 1000,
      clientOptions,
      callbackOptions: {
        success: (installation, _options, _req, res) => {
          logger.info(
            { workspace: installation.team?.id ?? installation.enterprise?.id },
            'reelbot was installed in a workspace',
          );
          installedPage(res, installation.team?.name ?? installation.enterprise?.name);
        },
        failure: (error, _options, _req, res) => {
          logger.warn({ reason: error.code, err: error }, 'an install ended without installing');
          failedPage(error, res);
        },
      },
    },
  };
  const installUrl = new URL(INSTALL_PATH, options.redirectUri).toString();
  return {
    repo,
    tokens,
    receiverOptions,
    async explainNotInstalled(error, body) {
      // Bolt's AuthorizationError wraps InstallProvider's, which wraps what fetchInstallation threw.
      let original: unknown = error;
      for (let depth = 0; depth < 3 && !(original instanceof NotInstalledError); depth++)
        original = (original as { original?: unknown } | undefined)?.original;
      if (!(original instanceof NotInstalledError)) return false;
      logger.info({ err: original }, 'a request from a workspace without an installation');
      // A slash command's or a click's response_url; an event has none, and nobody waits for its answer.
      const parsed = responseUrlSchema.safeParse(body);
      if (!parsed.success) return true;
      await fetch(parsed.data.response_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          response_type: 'ephemeral',
          text: `${original.message.replace(/ from \/slack\/install$/, '')} from ${installUrl}`,
        }),
        signal: AbortSignal.timeout(10_000),
      }).catch((err: unknown) => logger.warn({ err }, 'could not tell the person where to install reelbot'));
      return true;
    },
    registerEvents(app, handlerDeps) {
      deps = handlerDeps;
      registerUninstalls(app, {
        repo,
        logger,
        ...(options.onUninstalled ? { onUninstalled: options.onUninstalled } : {}),
      });
    },
  };
}
