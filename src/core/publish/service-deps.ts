import type { KeyResolver } from '../channels/key-resolver.ts';
import type { Outbox } from '../guarantees/outbox.ts';
import type { ChatPort, Clock, Logger, MediaApi, Platform, Store } from '../ports.ts';
import type { Scheduler } from '../scheduler.ts';
import type { AccountsRepo } from './accounts.ts';
import type { PolicyRepo } from './policy.ts';
import type { PublishRepo } from './repo.ts';

export interface PublishDeps {
  store: Store;
  repo: PublishRepo;
  policies: PolicyRepo;
  accounts: AccountsRepo;
  media: MediaApi;
  keys: KeyResolver;
  chat: (platform: Platform) => ChatPort | undefined;
  /** Posts a request's news in its thread once. */
  outbox: Outbox;
  scheduler: Scheduler;
  clock: Clock;
  logger: Logger;
}

/** The scheduler queue of posts held for their time. */
export const PUBLISH_QUEUE = 'publish';
/** A post whose time passed longer ago than this (the bot was down) asks before posting. */
export const OVERDUE_MS = 15 * 60_000;
