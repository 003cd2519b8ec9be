// The workspaces the adapter serves, made on first use: each with its token (from the token source), its tier
// budgets (a limiter), its channels' post lanes, who may configure it, and its Home. With one bot token every
// team id names the same workspace.
import type { Bot } from '../core/platform/interaction.ts';
import type { RateWindow } from '../core/platform/rate-window.ts';
import type { Logger } from '../core/ports.ts';
import { createSlackApi } from './api.ts';
import type { SlackWorkspace } from './boundary.ts';
import { createSlackHome } from './home.ts';
import { createSlackLimiter, type SlackLimiter } from './limiter.ts';
import type { Pacer } from './pace.ts';
import { createPermissions } from './permissions.ts';
import type { SlackTokenSource } from './token-source.ts';
import { createUserLocales, readerOf } from './user-locales.ts';

export interface SlackWorkspaces {
  of(teamId: string): SlackWorkspace;
  /** At shutdown: every workspace's calls still waiting for their tier, given up to `withinMs`; how many were not sent. */
  drain(withinMs: number): Promise<number>;
}

export function createSlackWorkspaces(deps: {
  tokens: SlackTokenSource;
  window: RateWindow;
  pacer: Pacer;
  bot: Bot;
  logger: Logger;
  onRateLimited: (method: string) => void;
  rateWindowMs?: number;
  apiUrl?: string;
}): SlackWorkspaces {
  const { logger } = deps;
  const made = new Map<string, SlackWorkspace & { limiter: SlackLimiter }>();
  return {
    of(teamId) {
      const its = deps.tokens.workspace(teamId);
      const known = made.get(its.key);
      if (known) return known;
      const limiter = createSlackLimiter({
        window: deps.window,
        workspace: its.budget,
        onRateLimited: deps.onRateLimited,
        logger,
        ...(deps.rateWindowMs ? { windowMs: deps.rateWindowMs } : {}),
      });
      const api = createSlackApi({
        botToken: its.token,
        laneOf: its.lanes,
        logger,
        pacer: deps.pacer,
        limiter,
        ...(deps.apiUrl ? { apiUrl: deps.apiUrl } : {}),
      });
      const locales = createUserLocales({ api, logger });
      const workspace = {
        api,
        limiter,
        locales,
        permissions: createPermissions({
          api,
          logger,
          adminUsers: its.adminUsers,
          seen: (userId, info) => locales.remember(userId, readerOf(info)),
        }),
        home: createSlackHome({ api, bot: deps.bot, logger }),
      };
      made.set(its.key, workspace);
      return workspace;
    },
    async drain(withinMs) {
      const left = await Promise.all([...made.values()].map((w) => w.limiter.drain(withinMs)));
      return left.reduce((a, b) => a + b, 0);
    },
  };
}
