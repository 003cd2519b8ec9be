// The one list of features: adding a capability is a folder under src/core and one line here.
import { channels } from '../channels/feature.ts';
import type { Feature } from '../commands/define-feature.ts';
import { jobs } from '../jobs/feature.ts';
import { publish } from '../publish/feature.ts';
import { voices } from '../voices/feature.ts';

/** In /help order: each feature's commands follow the previous feature's. */
export const FEATURES: readonly Feature[] = [jobs, voices, publish, channels];
