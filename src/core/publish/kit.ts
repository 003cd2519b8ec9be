import type { AccountsRepo } from './accounts.ts';
import type { PolicyRepo } from './policy.ts';
import type { PublishRepo } from './repo.ts';
import type { PublishService } from './service.ts';

/** Everything the publishing commands need, handed to the bot as one dependency. */
export interface PublishKit {
  service: PublishService;
  repo: PublishRepo;
  policies: PolicyRepo;
  accounts: AccountsRepo;
}
