// Where the adapter's tokens come from, chosen once when it is built: one workspace's fixed token
// (SLACK_BOT_TOKEN), or the installations of distribution mode (installations/installed-tokens.ts). Everything the
// adapter does per workspace (Bolt's authorization of a request, each Web API call's token, where the tier budgets
// and the post lanes are counted, who may configure) asks the source, so no call branches on the mode.
import { createHash } from 'node:crypto';
import type { App, AppOptions } from '@slack/bolt';
import type { HealthPart } from '../core/platform/health-part.ts';
import type { Route } from '../core/platform/route.ts';
import type { HandlerDeps } from './boundary.ts';

/** What one workspace's calls are made with. */
export interface WorkspaceTokens {
  /** The workspace's place among the adapter's workspaces: with one token every team is the same one. */
  key: string;
  /** Its token, or where its current token is read before each call (a rotation or an uninstall counts at once). */
  token: string | (() => Promise<string>);
  /** Where its tier budgets are counted (shared by replicas): never a token itself. */
  budget: string;
  /** Put before each channel's post lane: two workspaces may have a channel of the same id. */
  lanes: string;
  /** People allowed to configure it besides its admins and owners. */
  adminUsers: readonly string[];
}

export interface SlackTokenSource {
  /** How Bolt finds a request's token: the one token (checked at start), or each workspace's installation. */
  readonly bolt: Pick<AppOptions, 'token' | 'authorize'>;
  workspace(teamId: string): WorkspaceTokens;
  /** Its pages and endpoints (the install pages). */
  readonly routes: readonly Route[];
  /** Its Slack events (uninstalls), given the handlers' dependencies. */
  registerEvents(app: App, deps: HandlerDeps): void;
  /** Answers a request Bolt could not authorize (a workspace without the app), and says true; else false. */
  explainUnauthorized(error: unknown, body: unknown): Promise<boolean>;
  /** Its part of /healthz (distribution mode: how many workspaces have the app, how many must install it again). */
  healthPart?: () => Promise<HealthPart>;
}

/** SLACK_BOT_TOKEN: one workspace, whatever team id a request names. */
export function createFixedTokenSource(botToken: string, adminUsers: readonly string[]): SlackTokenSource {
  // Tiers are per workspace and per app: replicas share them, under the token's hash (never the token as a key).
  const budget = createHash('sha256').update(botToken).digest('hex').slice(0, 16);
  const one: WorkspaceTokens = { key: '', token: botToken, budget, lanes: '', adminUsers };
  return {
    bolt: { token: botToken },
    workspace: () => one,
    routes: [],
    registerEvents: () => undefined,
    explainUnauthorized: async () => false,
  };
}
