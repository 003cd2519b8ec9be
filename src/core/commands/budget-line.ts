import { clockTime } from '../media/rate-limiter.ts';
import { workspaceOf } from '../platform/origin.ts';
import type { CoreServices } from './define-feature.ts';
import type { CommandContext } from './handler.ts';

/**
 * "Requests left this hour: 37 of 80 for new work (20 more kept for reading results back); the next frees
 * at 14:05 UTC" — so nobody meets the bot's own limit unwarned. Undefined when the channel has no key.
 */
export async function budgetLine(ctx: CommandContext<Pick<CoreServices, 'budget'>>): Promise<string | undefined> {
  if (!ctx.deps.budget) return undefined;
  const key = await ctx.apiKey().catch(() => undefined);
  if (!key) return undefined;
  const b = await ctx.deps.budget({ apiKey: key, workspace: workspaceOf(ctx.origin) });
  const { t } = ctx.t;
  const forCommands = b.perHour - b.reserved;
  const kept = b.reserved > 0 ? t('budget.kept', { count: b.reserved }) : '';
  const next =
    b.nextFreeAt !== undefined && b.leftForCommands === 0 ? t('budget.next', { time: clockTime(b.nextFreeAt) }) : '';
  // Left for commands is also bounded by the whole key: other workspaces may have spent it.
  const whose = b.scope === 'workspace' ? t('budget.shared') : '';
  return t('budget.line', { left: b.leftForCommands, total: forCommands, kept, whose, next });
}
