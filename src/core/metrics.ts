// What the core counts and times, as a port: the core calls `inc`, `set` and `observe`; the
// implementation (prom-metrics.ts) is the only file that knows the Prometheus client.

export type Labels = Record<string, string>;

export interface Metrics {
  inc(name: string, labels?: Labels, by?: number): void;
  set(name: string, labels: Labels, value: number): void;
  /** One sample of a histogram, in seconds. */
  observe(name: string, labels: Labels, seconds: number): void;
  /** The current value of a counter or gauge (0 when never touched), for tests and health checks. */
  get(name: string, labels?: Labels): number;
  /** The Prometheus text exposition of every metric of this app instance. */
  render(): Promise<string>;
  readonly contentType: string;
}

interface Definition {
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  labels: readonly string[];
  /** Histogram bucket bounds in seconds. */
  buckets?: readonly number[];
}

// Bounds chosen around the limits that matter: a platform's 3-second first answer, a webhook sender's
// patience (about 10 s), and a result that should reach its thread within seconds of being ready.
const ACK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5];
const WEBHOOK_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUEUE_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30];
const DELIVERY_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800];

export const METRICS: Record<string, Definition> = {
  reelbot_commands_total: {
    help: 'Commands received, by command and outcome.',
    type: 'counter',
    labels: ['command', 'outcome'],
  },
  reelbot_jobs_total: { help: 'Jobs by the state they reached.', type: 'counter', labels: ['state'] },
  reelbot_jobs_pending: { help: 'Jobs waiting for results.', type: 'gauge', labels: [] },
  reelbot_webhook_deliveries_total: {
    help: 'Media API webhook deliveries, by outcome.',
    type: 'counter',
    labels: ['outcome'],
  },
  reelbot_webhook_settles_total: {
    help: 'What reading a project back after a webhook found: settled, in_progress, skipped or error.',
    type: 'counter',
    labels: ['outcome'],
  },
  reelbot_media_api_calls_total: {
    help: 'Media API calls, by route and HTTP status (0 = network error).',
    type: 'counter',
    labels: ['route', 'status'],
  },
  reelbot_polls_total: {
    help: 'Project polls by the fallback poller, by outcome.',
    type: 'counter',
    labels: ['outcome'],
  },
  reelbot_uptime_seconds: { help: 'Seconds since the process started.', type: 'gauge', labels: [] },
  reelbot_command_ack_seconds: {
    help: 'From a command, click or form reaching the core to its first answer being sent (platform limit: 3 s).',
    type: 'histogram',
    labels: ['command'],
    buckets: ACK_BUCKETS,
  },
  reelbot_webhook_seconds: {
    help: 'Time to answer one media API webhook delivery.',
    type: 'histogram',
    labels: [],
    buckets: WEBHOOK_BUCKETS,
  },
  reelbot_work_queue_depth: {
    help: 'Work after an acknowledgement (card, project, store writes) waiting for a slot in the work queue.',
    type: 'gauge',
    labels: [],
  },
  reelbot_work_queue_wait_seconds: {
    help: 'How long work after an acknowledgement waited for a slot in the work queue.',
    type: 'histogram',
    labels: [],
    buckets: QUEUE_BUCKETS,
  },
  reelbot_platform_rate_limited_total: {
    help: 'Calls a chat platform answered with 429 (waited out and sent again), by platform and method.',
    type: 'counter',
    labels: ['platform', 'method'],
  },
  reelbot_store_unavailable_total: {
    help: 'Operations refused because the store could not be reached, by what needed it.',
    type: 'counter',
    labels: ['use'],
  },
  reelbot_jobs_overdue_total: {
    help: 'Jobs seen running past twice the usual time of their kind in their channel, counted once per job.',
    type: 'counter',
    labels: ['kind'],
  },
  reelbot_publish_total: {
    help: 'Publish calls to the media API, by outcome: published, failed, or unknown (may or may not have been posted).',
    type: 'counter',
    labels: ['outcome'],
  },
  reelbot_media_api_budget_spent_total: {
    help: 'Requests taken from the hourly media API budget, by key (a fingerprint, not the key) and use (command or read).',
    type: 'counter',
    labels: ['key', 'use'],
  },
  reelbot_media_api_budget_refused_total: {
    help: 'Requests that found a key’s hourly media API budget spent (then waited, or were refused), by key fingerprint and use.',
    type: 'counter',
    labels: ['key', 'use'],
  },
  reelbot_media_api_budget_per_hour: {
    help: 'The hourly media API budget per key (MEDIA_API_RATE_LIMIT).',
    type: 'gauge',
    labels: [],
  },
  reelbot_completion_to_post_seconds: {
    help: 'From the media API finishing a project (its completedAt, else when the bot saw it) to its result being posted.',
    type: 'histogram',
    labels: ['kind'],
    buckets: DELIVERY_BUCKETS,
  },
};

/** Seconds elapsed since `start` (a `performance.now()` reading): a monotonic clock, unlike Date. */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;
