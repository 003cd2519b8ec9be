// What every Slack entry point needs. The core's dispatch is the error boundary: these handlers only
// read Slack's payload into an Entry and offer Slack's primitives (answer.ts); nothing reaches Bolt.

import type { Once } from '../core/guarantees/once.ts';
import type { Dispatch } from '../core/platform/dispatch.ts';
import type { Logger } from '../core/ports.ts';
import type { SlackApi } from './api.ts';
import type { SlackHome } from './home.ts';
import type { Permissions } from './permissions.ts';
import type { UserLocales } from './user-locales.ts';

/** What one workspace's requests are answered with: its own token, budgets, admins and Home. */
export interface SlackWorkspace {
  api: SlackApi;
  permissions: Permissions;
  /** Each person's language (users.info), kept so reading it never delays an acknowledgement. */
  locales: UserLocales;
  /** The app's Home tab, drawn on app_home_opened and after an action taken from it. */
  home: SlackHome;
}

export interface HandlerDeps {
  dispatch: Dispatch;
  /** The workspace a request came from (its team id); with one bot token, always the same. */
  workspace(teamId: string): SlackWorkspace;
  logger: Logger;
  once: Once;
  /** SLACK_COMMAND_PREFIX, taken off the command names Slack sends. */
  commandPrefix?: string;
}
