// A workspace that removed the bot (Slack's app_uninstalled or tokens_revoked): what an adapter asks the app to do
// about it. Each feature says what it stops and forgets (its `workspace` slot, define-feature.ts); the app collects
// them (core/app/workspace-end.ts), so neither the adapter nor the app names a feature's records.
import type { KeyValue, Platform } from '../ports.ts';
import { channelKeyOf } from './origin.ts';

/** One platform's workspace (a Slack team, a Discord guild). */
export interface WorkspaceRef {
  platform: Platform;
  workspaceId: string;
}

export interface WorkspaceEnd {
  /** Stops at once what would still post there (nothing can be posted any more); how many records it touched. */
  end(workspace: WorkspaceRef): Promise<number>;
  /** Removes what the features keep of it, once the grace period for a reinstall is over; how many records. */
  forget(workspace: WorkspaceRef): Promise<number>;
}

/** Deletes the records of `kv` kept per channel of `workspace` (keys made by `channelKeyOf`); how many. */
export async function forgetChannelRecords(kv: KeyValue, workspace: WorkspaceRef): Promise<number> {
  const prefix = channelKeyOf({ ...workspace, channelId: '' });
  const keys: string[] = [];
  for await (const [key] of kv.entries<unknown>()) if (key.startsWith(prefix)) keys.push(key);
  let removed = 0;
  for (const key of keys) if (await kv.delete(key)) removed++;
  return removed;
}
