// What follows an installation's removal: every workspace it served ends at once (the app's workspace end: jobs
// stop, requests are cancelled), and 30 days later, unless the app was installed again, what the features keep of
// each is forgotten, then the installation's tombstone. An org-wide installation served every workspace of its
// organisation whose requests reached the bot; each of them ends, not the organisation's id, which keys no record.
// The removal is a durable task (queue and id as earlier versions scheduled them: the installation's id), so a
// restart in those 30 days loses nothing.
import type { WorkspaceEnd } from '../../core/platform/workspace-end.ts';
import type { Clock, Logger } from '../../core/ports.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import type { InstallationsRepo } from './repo.ts';

/** The durable task that forgets an uninstalled installation's workspaces after 30 days. */
export const FORGET_QUEUE = 'slack-forget-workspace';

/** How long a removed workspace's channel settings and keys wait for a reinstall before they are removed. */
export const KEEP_AFTER_UNINSTALL_MS = 30 * 24 * 3600_000;

export interface RemovalDeps {
  repo: InstallationsRepo;
  scheduler: Scheduler;
  workspaceEnd: WorkspaceEnd;
  clock: Clock;
  logger: Logger;
}

export interface InstallationRemoval {
  /** The installation `id` was removed (the event came from `team`): its workspaces end, their records later. */
  removed(id: string, team: string | undefined): Promise<void>;
}

export function createInstallationRemoval(deps: RemovalDeps): InstallationRemoval {
  const { repo, clock, logger } = deps;
  const ref = (workspaceId: string) => ({ platform: 'slack' as const, workspaceId });

  /** The workspaces the installation served, with the one the event came from when it names a workspace. */
  async function served(id: string, team: string | undefined): Promise<string[]> {
    const teams = await repo.teamsOf(id);
    if (team && team !== id && !teams.includes(team)) {
      await repo.rememberTeam(team, id);
      teams.push(team);
    }
    return teams;
  }

  deps.scheduler.handle(FORGET_QUEUE, async (task) => {
    const id = String(task.data.workspaceId ?? task.id);
    const removedAt = await repo.removedAt(id);
    // A reinstall since the uninstall keeps everything; a later uninstall scheduled its own task.
    if (removedAt === undefined || clock.now() - removedAt < KEEP_AFTER_UNINSTALL_MS) return undefined;
    let removed = 0;
    for (const workspaceId of await served(id, undefined)) removed += await deps.workspaceEnd.forget(ref(workspaceId));
    await repo.forget(id);
    logger.info({ workspace: id, removed }, 'removed the channel settings of an uninstalled workspace');
    return undefined;
  });

  return {
    async removed(id, team) {
      const teams = await served(id, team);
      // Kept 30 days for a reinstall, then removed unless the workspace installed the app again. Scheduled first:
      // Slack does not send the event again, so a failure below must not cost the removal.
      await deps.scheduler.schedule(FORGET_QUEUE, id, clock.now() + KEEP_AFTER_UNINSTALL_MS, { workspaceId: id });
      for (const workspaceId of teams) await deps.workspaceEnd.end(ref(workspaceId));
    },
  };
}
