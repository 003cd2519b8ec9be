// Slack's rate limits as the bot budgets them: each Web API method belongs to a tier, whose allowance each
// method has on its own, per workspace, per app (docs.slack.dev "Rate limits"); chat.postMessage is paced per
// channel instead (pace.ts). The bot budgets 90 % of each tier: Slack's windows and ours never start at the
// same instant, and a call counted here reaches Slack a moment later.

export type Tier = 2 | 3 | 4;

const TIER_OF: Record<string, Tier> = {
  'usergroups.list': 2,
  'usergroups.users.list': 2,
  'chat.update': 3,
  'conversations.history': 3,
  'conversations.replies': 3,
  'conversations.info': 3,
  'users.conversations': 3,
  'chat.postEphemeral': 4,
  'users.info': 4,
  'views.open': 4,
  'views.update': 4,
  'views.publish': 4,
};

/** Calls per minute Slack allows each tier (Tier 2 ≈ 20, Tier 3 ≈ 50, Tier 4 ≈ 100). */
export const SLACK_TIER_PER_MINUTE: Record<Tier, number> = { 2: 20, 3: 50, 4: 100 };

const SHARE = 0.9;

/** The tier a method is counted in; an unlisted method counts as Tier 3, Slack's most common. */
export const tierOf = (method: string): Tier => TIER_OF[method] ?? 3;

/** The bot's own budget for a tier, per window. */
export const budgetOf = (tier: Tier): number => Math.floor(SLACK_TIER_PER_MINUTE[tier] * SHARE);
