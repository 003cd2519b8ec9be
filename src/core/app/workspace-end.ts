// A workspace removed the bot (Slack's app_uninstalled / tokens_revoked in distribution mode). Nothing can be
// posted there any more: its running jobs stop without a word (one log line each), its open publish requests are
// cancelled and say why. Its channel settings, API keys, social accounts and approval policies stay 30 days for a
// reinstall, then `forget` removes them.
import { WORKSPACE_GONE_REASON } from '../errors.ts';
import type { JobService } from '../jobs/service.ts';
import { channelKeyOf } from '../platform/origin.ts';
import type { Logger, Platform, Store } from '../ports.ts';
import type { PublishKit } from '../publish/kit.ts';

/** The store namespaces keyed by channel (settings-repo.ts, publish/accounts/accounts.ts, publish/approvals/policy.ts). */
const PER_CHANNEL = ['settings', 'socials', 'publish-policy'] as const;

export interface WorkspaceEnd {
  end(platform: Platform, workspaceId: string): Promise<{ jobs: number; requests: number }>;
  /** Removes every per-channel record of the workspace; how many were removed. */
  forget(platform: Platform, workspaceId: string): Promise<number>;
}

export function createWorkspaceEnd(deps: {
  jobs: JobService;
  publish: PublishKit;
  store: Store;
  logger: Logger;
}): WorkspaceEnd {
  const { logger } = deps;
  return {
    async end(platform, workspaceId) {
      const mine = (o: { platform: string; workspaceId: string }) =>
        o.platform === platform && o.workspaceId === workspaceId;
      const running: string[] = [];
      for await (const job of deps.jobs.running((j) => mine(j.origin))) running.push(job.id);
      let jobs = 0;
      for (const jobId of running) {
        if (!(await deps.jobs.stop(jobId, WORKSPACE_GONE_REASON))) continue;
        jobs++;
        logger.warn(
          { jobId, workspace: workspaceId },
          'job stopped: its workspace removed reelbot, nothing more is posted',
        );
      }
      const requests = await deps.publish.service.endWorkspace(platform, workspaceId, WORKSPACE_GONE_REASON);
      if (requests > 0)
        logger.info({ workspace: workspaceId, requests }, 'publish requests cancelled: the workspace removed reelbot');
      return { jobs, requests };
    },
    async forget(platform, workspaceId) {
      const prefix = channelKeyOf({ platform, workspaceId, channelId: '' });
      let removed = 0;
      for (const name of PER_CHANNEL) {
        const kv = deps.store.namespace(name);
        const keys: string[] = [];
        for await (const [key] of kv.entries<unknown>()) if (key.startsWith(prefix)) keys.push(key);
        for (const key of keys) if (await kv.delete(key)) removed++;
      }
      return removed;
    },
  };
}
