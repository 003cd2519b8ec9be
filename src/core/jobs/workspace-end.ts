// The jobs feature when a workspace removes the bot: its running jobs stop at once, without a word (there is no
// token left to post with), one log line each. Their records stay; nothing more is kept per workspace.
import type { WorkspaceEndPart } from '../commands/define-feature.ts';
import { WORKSPACE_GONE_REASON } from '../errors.ts';
import type { JobsDeps } from './deps.ts';

export const jobsWorkspaceEnd: WorkspaceEndPart<JobsDeps> = {
  async end(deps, { platform, workspaceId }) {
    const running: string[] = [];
    for await (const job of deps.jobs.running(
      (j) => j.origin.platform === platform && j.origin.workspaceId === workspaceId,
    ))
      running.push(job.id);
    let stopped = 0;
    for (const jobId of running) {
      if (!(await deps.jobs.stop(jobId, WORKSPACE_GONE_REASON))) continue;
      stopped++;
      deps.logger.warn(
        { jobId, workspace: workspaceId },
        'job stopped: its workspace removed reelbot, nothing more is posted',
      );
    }
    return stopped;
  },
};
