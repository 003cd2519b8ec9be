// Distribution mode's token source: any workspace installs the app through OAuth v2 (install-routes.ts) and the bot
// keeps a token per workspace, or per organisation for an org-wide install (repo.ts, sealed in the store). Bolt
// authorizes each request with its workspace's installation; each Web API call reads the current token (tokens.ts
// refreshes a rotating one once across replicas); an uninstall ends the workspaces it served and forgets them 30 days
// later (uninstall.ts, removal.ts). This is the one home of Slack installations.
import type { Authorize } from '@slack/bolt';
import { z } from 'zod';
import type { HealthPart } from '../../core/platform/health-part.ts';
import type { WorkspaceEnd } from '../../core/platform/workspace-end.ts';
import type { Clock, Logger, SecretBox, Store } from '../../core/ports.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import type { HandlerDeps } from '../boundary.ts';
import { BOT_SCOPES } from '../manifest.ts';
import type { SlackTokenSource } from '../token-source.ts';
import { firstContactMessage } from './first-contact.ts';
import { createInstallRoutes } from './install-routes.ts';
import { createSlackOAuthClient } from './oauth-client.ts';
import { INSTALL_PATH } from './pages.ts';
import { createInstallationRemoval } from './removal.ts';
import { createInstallationsRepo, type Installation } from './repo.ts';
import { createInstallState } from './state.ts';
import { createSlackTokens, NotInstalledError } from './tokens.ts';
import { registerUninstalls } from './uninstall.ts';

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
  /** Where the 30-day removal after an uninstall waits, durably. */
  scheduler: Scheduler;
  /** What the features stop and forget when a workspace removes the app. */
  workspaceEnd: WorkspaceEnd;
}

const responseUrlSchema = z.object({ response_url: z.string().regex(/^https?:\/\//) });

export function createInstalledTokenSource(
  options: DistributionOptions,
  at: { logger: Logger; adminUsers: readonly string[]; apiUrl?: string },
): SlackTokenSource {
  const { logger } = at;
  const { store, clock } = options;
  const repo = createInstallationsRepo({ store, box: options.box, clock });
  const oauth = createSlackOAuthClient({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    logger,
    clock,
    ...(at.apiUrl ? { apiUrl: at.apiUrl } : {}),
  });
  const tokens = createSlackTokens({ repo, store, clock, logger, refresh: (t) => oauth.refresh(t) });
  const removal = createInstallationRemoval({
    repo,
    scheduler: options.scheduler,
    workspaceEnd: options.workspaceEnd,
    clock,
    logger,
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
  const routes = createInstallRoutes({
    clientId: options.clientId,
    scopes: BOT_SCOPES,
    authorizeUrl: options.authorizeUrl,
    redirectUri: options.redirectUri,
    state: createInstallState({ secret: options.stateSecret, store, clock }),
    oauth,
    repo,
    logger,
    onInstalled: greet,
  });
  // A request's installation: its organisation's for an org-wide install (the workspace remembered, so the
  // organisation's end reaches it), else its workspace's.
  const authorize: Authorize<boolean> = async (source) => {
    const id = source.isEnterpriseInstall ? source.enterpriseId : source.teamId;
    if (!id) throw new NotInstalledError('(unnamed)', 'absent');
    if (source.isEnterpriseInstall && source.teamId) await repo.rememberTeam(source.teamId, id);
    const found = await repo.get(id);
    if (!found) throw new NotInstalledError(id, 'absent');
    return {
      botToken: await tokens.fresh(found),
      ...(found.botId ? { botId: found.botId } : {}),
      ...(found.botUserId ? { botUserId: found.botUserId } : {}),
      ...(source.teamId ? { teamId: source.teamId } : {}),
      ...(found.enterpriseId ? { enterpriseId: found.enterpriseId } : {}),
    };
  };
  const installUrl = new URL(INSTALL_PATH, options.redirectUri).toString();
  return {
    bolt: { authorize },
    workspace: (teamId) => ({
      key: teamId,
      token: () => tokens.botToken(teamId),
      budget: `team:${teamId}`,
      lanes: `${teamId}:`,
      // An allowed person is written TEAM:USER (config.ts): only their own workspace's.
      adminUsers: at.adminUsers.flatMap((u) => (u.startsWith(`${teamId}:`) ? [u.slice(teamId.length + 1)] : [])),
    }),
    routes,
    // No ids: a count, and null when the store cannot say.
    async healthPart(): Promise<HealthPart> {
      const counted = await repo.counts().catch(() => undefined);
      const slackInstallations = counted
        ? { count: counted.installations, needReinstall: counted.needReinstall }
        : null;
      return { fields: { slackInstallations } };
    },
    registerEvents(app, handlerDeps) {
      deps = handlerDeps;
      registerUninstalls(app, { repo, logger, onRemoved: (id, team) => removal.removed(id, team) });
    },
    async explainUnauthorized(error, body) {
      // Bolt's AuthorizationError wraps what authorize threw.
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
  };
}
