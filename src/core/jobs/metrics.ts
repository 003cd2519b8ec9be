// What the jobs feature counts: jobs by state, the webhook deliveries and polls that bring their results,
// jobs running late, and how long a finished result takes to reach its thread.
import type { MetricDefinition } from '../metrics.ts';

// A result should reach its thread within seconds of being ready.
const DELIVERY_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800];

export const JOBS_METRICS: readonly MetricDefinition[] = [
  { name: 'reelbot_jobs_total', help: 'Jobs by the state they reached.', type: 'counter', labels: ['state'] },
  { name: 'reelbot_jobs_pending', help: 'Jobs waiting for results.', type: 'gauge', labels: [] },
  {
    name: 'reelbot_webhook_deliveries_total',
    help: 'Media API webhook deliveries, by outcome.',
    type: 'counter',
    labels: ['outcome'],
  },
  {
    name: 'reelbot_webhook_settles_total',
    help: 'What reading a project back after a webhook found: settled, in_progress, skipped or error.',
    type: 'counter',
    labels: ['outcome'],
  },
  {
    name: 'reelbot_polls_total',
    help: 'Project polls by the fallback poller, by outcome.',
    type: 'counter',
    labels: ['outcome'],
  },
  {
    name: 'reelbot_jobs_overdue_total',
    help: 'Jobs seen running past twice the usual time of their kind in their channel, counted once per job.',
    type: 'counter',
    labels: ['kind'],
  },
  {
    name: 'reelbot_completion_to_post_seconds',
    help: 'From the media API finishing a project (its completedAt, else when the bot saw it) to its result being posted.',
    type: 'histogram',
    labels: ['kind'],
    buckets: DELIVERY_BUCKETS,
  },
];
