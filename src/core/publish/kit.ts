import type { Once } from '../guarantees/once.ts';
import type { SecretBox } from '../ports.ts';
import { type AccountsRepo, createAccountsRepo } from './accounts.ts';
import { createExpiry, EXPIRY_QUEUE } from './expiry.ts';
import { createPolicyRepo, type PolicyRepo } from './policy.ts';
import { createPublishRepo, type PublishRepo } from './repo.ts';
import { createPublishService, type PublishService } from './service.ts';
import { PUBLISH_QUEUE, type PublishDeps } from './service-deps.ts';
import { createSteps } from './steps.ts';

/** Everything the publishing commands need, handed to the bot as one dependency. */
export interface PublishKit {
  service: PublishService;
  repo: PublishRepo;
  policies: PolicyRepo;
  accounts: AccountsRepo;
}

export function createPublishKit(
  deps: Omit<PublishDeps, 'repo' | 'policies' | 'accounts'> & { box: SecretBox; once: Once },
): PublishKit {
  const repo = createPublishRepo(deps.store, deps.logger);
  const policies = createPolicyRepo(deps.store);
  const accounts = createAccountsRepo(deps.store, deps.box);
  const all = { ...deps, repo, policies, accounts };
  const steps = createSteps(all);
  const expiry = createExpiry(all, steps);
  const service = createPublishService(all, steps, expiry);
  deps.scheduler.handle(PUBLISH_QUEUE, (task) => service.onDue(task));
  deps.scheduler.handle(EXPIRY_QUEUE, (task) => expiry.onDue(task));
  return { service, repo, policies, accounts };
}
