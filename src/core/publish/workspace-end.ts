// The publishing feature when a workspace removes the bot: its open requests are cancelled at once with the reason
// on the request (nothing is published for a workspace that removed the app); its social accounts (their access
// keys) and approval policies are kept for a reinstall, then forgotten.
import type { WorkspaceEndPart } from '../commands/define-feature.ts';
import { WORKSPACE_GONE_REASON } from '../errors.ts';
import { forgetChannelRecords } from '../platform/workspace-end.ts';
import type { PublishDeps } from './deps.ts';

/** The namespaces of accounts/accounts.ts and approvals/policy.ts, each keyed by channel. */
const PER_CHANNEL = ['socials', 'publish-policy'] as const;

export const publishWorkspaceEnd: WorkspaceEndPart<PublishDeps> = {
  async end(deps, { platform, workspaceId }) {
    const cancelled = await deps.publish.service.endWorkspace(platform, workspaceId, WORKSPACE_GONE_REASON);
    if (cancelled > 0)
      deps.logger.info(
        { workspace: workspaceId, requests: cancelled },
        'publish requests cancelled: the workspace removed reelbot',
      );
    return cancelled;
  },
  async forget(deps, workspace) {
    let removed = 0;
    for (const name of PER_CHANNEL) removed += await forgetChannelRecords(deps.store.namespace(name), workspace);
    return removed;
  },
};
