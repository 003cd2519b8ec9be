// Publishing's services built from the bot's ports: its repositories, the approver checks and the request
// lifecycle (whose scheduler queues the feature declares, feature.ts). The commands get it as one dependency.
import type { SecretBox, Store } from '../ports.ts';
import { type AccountsRepo, createAccountsRepo } from './accounts/accounts.ts';
import { type Approvers, createApprovers } from './approvals/approvers.ts';
import { createPolicyRepo, type PolicyRepo } from './approvals/policy.ts';
import { createWaiting, type Waiting } from './approvals/waiting.ts';
import { createPublishRepo, type PublishRepo } from './requests/repo.ts';
import {
  createRequestLifecycle,
  type RequestLifecycle,
  type RequestLifecycleDeps,
} from './requests/request-lifecycle.ts';

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
  /** Form tokens of the review pages are signed with a secret derived from it. */
  encryptionKey: Uint8Array;
};

export function createPublishKit(deps: PublishKitDeps): PublishKit {
  const repo = createPublishRepo(deps.store, deps.logger);
  const policies = createPolicyRepo(deps.store);
  const accounts = createAccountsRepo(deps.store, deps.box);
  const approvers = createApprovers(deps);
  const service = createRequestLifecycle({ ...deps, repo, policies, accounts, approvers });
  const waiting = createWaiting({ ...deps, repo, policies, approvers });
  return { service, repo, policies, accounts, approvers, waiting };
}
