// The channels feature when a workspace's grace period after removing the bot is over: its channels' settings,
// their sealed API keys with them, are forgotten.
import type { WorkspaceEndPart } from '../commands/define-feature.ts';
import { forgetChannelRecords } from '../platform/workspace-end.ts';
import type { ChannelsDeps } from './deps.ts';

/** The namespace of settings-repo.ts, keyed by channel. */
const SETTINGS = 'settings';

export const channelsWorkspaceEnd: WorkspaceEndPart<ChannelsDeps> = {
  forget: (deps, workspace) => forgetChannelRecords(deps.store.namespace(SETTINGS), workspace),
};
