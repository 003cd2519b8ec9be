// What the jobs feature's handlers see: the job service, the voices and the channel's settings.
import type { KeyResolver } from '../channels/key-resolver.ts';
import type { SettingsRepo } from '../channels/settings-repo.ts';
import { type CoreServices, handlersFor } from '../commands/define-feature.ts';
import type { CommandContext } from '../commands/handler.ts';
import type { VoiceCatalogue } from '../voices/catalogue.ts';
import type { Poller } from './poller.ts';
import type { JobService, JobTimings } from './service.ts';

export interface JobsDeps extends CoreServices {
  jobs: JobService;
  poller: Poller;
  voices: VoiceCatalogue;
  settings: SettingsRepo;
  keys: KeyResolver;
}
export type JobsCommandContext = CommandContext<JobsDeps>;
export const { defineCommand, defineAction } = handlersFor<JobsDeps>();

declare module '../commands/define-feature.ts' {
  interface FeatureOptions {
    jobs: {
      timings: JobTimings;
      /** Poll every pending job at start (webhooks sent while no process was up are lost); off for replicas. */
      catchUpOnStart: boolean;
    };
  }
}
