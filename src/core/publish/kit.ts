// The publishing feature built from the bot's ports: its repositories, the approver checks and the
// request lifecycle, whose scheduler queues are registered here so held posts, expiries and reminders
// survive a restart. The commands get it as one dependency.
import type { SecretBox, Store } from '../ports.ts';
import { type AccountsRepo, createAccountsRepo } from './accounts.ts';
import { type Approvers, createApprovers } from './approvers.ts';
import { createPolicyRepo, type PolicyRepo } from './policy.ts';
import { REMIND_QUEUE } from './reminders.ts';
import { createPublishRepo, type PublishRepo } from './repo.ts';
import {
  createRequestLifecycle,
  EXPIRY_QUEUE,
  PUBLISH_QUEUE,
  type RequestLifecycle,
  type RequestLifecycleDeps,
} from './request-lifecycle.ts';
import { createWaiting, type Waiting } from './waiting.ts';

export interface PublishKit {
  /** Every change to a request, from its creation to its outcome. */
  service: RequestLifecycle;
  repo: PublishRepo;
  policies: PolicyRepo;
  accounts: AccountsRepo;
  approvers: Approvers;
  /** What waits for a person: /approvals and the Slack Home tab. */
  waiting: Waiting;
}

export type PublishKitDeps = Omit<RequestLifecycleDeps, 'repo' | 'policies' | 'accounts' | 'approvers'> & {
  store: Store;
  box: SecretBox;
};

export function createPublishKit(deps: PublishKitDeps): PublishKit {
  const repo = createPublishRepo(deps.store, deps.logger);
  const policies = createPolicyRepo(deps.store);
  const accounts = createAccountsRepo(deps.store, deps.box);
  const approvers = createApprovers(deps);
  const service = createRequestLifecycle({ ...deps, repo, policies, accounts, approvers });
  deps.scheduler.handle(PUBLISH_QUEUE, (task) => service.onDue(task));
  deps.scheduler.handle(EXPIRY_QUEUE, (task) => service.onExpiry(task));
  deps.scheduler.handle(REMIND_QUEUE, (task) => service.onRemind(task));
  const waiting = createWaiting({ ...deps, repo, policies, approvers });
  return { service, repo, policies, accounts, approvers, waiting };
}
