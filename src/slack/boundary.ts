// One error boundary per Slack entry point: log once with context, answer the person politely and
// ephemerally, never let an error reach Bolt (it would be logged again, or crash a Socket Mode client).
import { UserError } from '../core/errors.ts';
import type { Bot, Prepared } from '../core/interaction.ts';
import type { Logger, Reply } from '../core/ports.ts';
import type { SlackApi } from './api.ts';
import type { Claims } from './claims.ts';
import type { Permissions } from './permissions.ts';

export const SORRY = 'Sorry, something went wrong on my side. Please try again in a moment.';

export interface HandlerDeps {
  bot: Bot;
  api: SlackApi;
  logger: Logger;
  permissions: Permissions;
  claims: Claims;
}

export async function guard(
  deps: Pick<HandlerDeps, 'logger'>,
  context: Record<string, unknown>,
  reply: Reply | undefined,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    const userError = error instanceof UserError;
    if (!userError) deps.logger.error({ err: error, ...context }, 'slack handler failed');
    if (!reply) return;
    try {
      await reply.ephemeral({ text: userError ? error.message : SORRY });
    } catch (replyError) {
      deps.logger.warn({ err: replyError, ...context }, 'could not tell the user about an error');
    }
  }
}

/** A prepared 'run' after the platform was acknowledged; 'error' and 'modal' are the caller's. */
export async function runPrepared(prepared: Prepared, reply: Reply): Promise<void> {
  if (prepared.kind === 'run') await prepared.run(reply);
  else if (prepared.kind === 'error') await reply.ephemeral({ text: prepared.message });
}
