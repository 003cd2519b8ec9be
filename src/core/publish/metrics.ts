// What publishing counts: each call to the media API's publish, by how it ended.
import type { MetricDefinition } from '../metrics.ts';

export const PUBLISH_METRICS: readonly MetricDefinition[] = [
  {
    name: 'reelbot_publish_total',
    help: 'Publish calls to the media API, by outcome: published, failed, or unknown (may or may not have been posted).',
    type: 'counter',
    labels: ['outcome'],
  },
];
