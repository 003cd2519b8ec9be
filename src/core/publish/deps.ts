// What the publishing feature's handlers see: its kit (requests, policy, accounts, approvers) and the jobs.

import type { SettingsRepo } from '../channels/settings-repo.ts';
import { type CoreServices, handlersFor } from '../commands/define-feature.ts';
import type { CommandContext } from '../commands/handler.ts';
import type { JobService } from '../jobs/service.ts';
import type { ClientRate } from '../platform/route.ts';
import type { PublishKit } from './kit.ts';

export interface PublishDeps extends CoreServices {
  publish: PublishKit;
  jobs: JobService;
  /** The channel's defaults (language, subtitle template) a version's follow-up job takes. */
  settings: SettingsRepo;
}
export type PublishContext = CommandContext<PublishDeps>;
export const { defineCommand, defineAction, defineForm } = handlersFor<PublishDeps>();

declare module '../commands/define-feature.ts' {
  interface FeatureOptions {
    publish: {
      /** A request left in `publishing` this long by a stopped process is shown as outcome unknown. */
      staleMs: number;
      /**
       * How long a publish's outcome is written again while the store is unavailable (default 30 s,
       * guarantees/stored.ts); past it the attempt's watch shows it as unknown once stale.
       */
      storedBoundMs?: number;
      /** Where review links point: PUBLIC_URL, or the listener's own address (then reachable only locally). */
      reviewBase(): { url: string; localOnly: boolean };
      /** Review page requests per client address (default REVIEW_RATE, review/route.ts; a suite about the limit lowers it). */
      reviewRate?: ClientRate;
    };
  }
}
