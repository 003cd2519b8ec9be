// A workspace's end, assembled from the features: each says in its own `workspace` slot what it stops at once and
// what it forgets after the grace period (jobs, publish requests, accounts, settings…). This file names none of
// their records. A feature that fails does not keep the others from ending theirs: the first failure is thrown
// after all have run, so a durable task that called it is tried again.
import type { MountedFeature } from '../commands/define-feature.ts';
import type { WorkspaceEnd, WorkspaceRef } from '../platform/workspace-end.ts';
import type { Logger } from '../ports.ts';

type Step = 'end' | 'forget';

export function createWorkspaceEnd(features: readonly MountedFeature[], logger: Logger): WorkspaceEnd {
  async function each(step: Step, workspace: WorkspaceRef): Promise<number> {
    let touched = 0;
    let failure: unknown;
    for (const feature of features) {
      const run = feature.workspace[step];
      if (!run) continue;
      try {
        touched += await run(workspace);
      } catch (err) {
        logger.warn(
          { err, feature: feature.name, workspace: workspace.workspaceId },
          `could not ${step} a removed workspace's ${feature.name}`,
        );
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
    return touched;
  }
  return { end: (w) => each('end', w), forget: (w) => each('forget', w) };
}
