// app_uninstalled and tokens_revoked: the installation's tokens leave the store at once. Slack sends the two in no
// fixed order, sometimes after a reinstall's own events (bolt-js #1203: Bolt deletes nothing by itself), so each
// removal is idempotent and compares times: an installation made after the event is a reinstall and stays. An
// org-wide install's events name the organisation (enterprise_id; team_id the organisation's or one workspace's):
// its installation is the organisation's. Bolt skips authorize for these two events, so they arrive even when the
// token is already gone.
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Logger } from '../../core/ports.ts';
import type { InstallationsRepo } from './repo.ts';

const envelopeSchema = z.object({
  team_id: z.string().optional(),
  enterprise_id: z.string().nullish(),
  /** Seconds since the epoch: when Slack saw the uninstall. */
  event_time: z.number(),
  event: z.object({
    type: z.string(),
    tokens: z.object({ bot: z.array(z.string()).optional() }).optional(),
  }),
});

export interface UninstallDeps {
  repo: InstallationsRepo;
  logger: Logger;
  /** The installation was removed: every workspace it served ends (`team` is the one the event came from). */
  onRemoved(installationId: string, team: string | undefined): Promise<void>;
}

export function registerUninstalls(app: App, deps: UninstallDeps): void {
  const onEvent = async (body: unknown) => {
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) {
      deps.logger.warn({ issues: parsed.error.issues }, 'unreadable uninstall event');
      return;
    }
    const b = parsed.data;
    // tokens_revoked also names user tokens; only the bot's revocation ends the installation.
    if (b.event.type === 'tokens_revoked' && (b.event.tokens?.bot ?? []).length === 0) return;
    const eventTime = b.event_time * 1000;
    // A workspace's own installation first, then its organisation's (an org-wide install).
    for (const id of [b.team_id, b.enterprise_id ?? undefined]) {
      if (!id) continue;
      // Slack counts in whole seconds: the event stands for any moment of its second, so an install made earlier
      // in that same second is the one removed (a reinstall goes through Slack's page, seconds later).
      const outcome = await deps.repo.remove(id, eventTime, 999);
      if (outcome === 'unknown') continue;
      deps.logger.info({ workspace: id, event: b.event.type, outcome }, 'uninstall event');
      if (outcome === 'removed') await deps.onRemoved(id, b.team_id);
      return;
    }
    deps.logger.info({ workspace: b.team_id, event: b.event.type }, 'uninstall event for an unknown installation');
  };
  app.event('app_uninstalled', async ({ body }) => onEvent(body));
  app.event('tokens_revoked', async ({ body }) => onEvent(body));
}
