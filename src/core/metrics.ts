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

/**
 * One metric family as /metrics declares it. The core declares the families no feature owns (below); each
 * feature declares its own in its `defineFeature` value; core/app assembles them for the composition root.
 */
export interface MetricDefinition {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  labels: readonly string[];
  /** Histogram bucket bounds in seconds. */
  buckets?: readonly number[];
}

// Bounds chosen around the limits that matter: a platform's 3-second first answer and a webhook sender's
// patience (about 10 s).
const ACK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5];
const WEBHOOK_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUEUE_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30];

/**
 * The families no feature owns: commands and their acknowledgement, the work queue, the HTTP listener, the
 * store, the media API client and the chat platforms' rate limits.
 */
export const CORE_METRICS: readonly MetricDefinition[] = [
  {
    name: 'reelbot_commands_total',
    help: 'Commands received, by command and outcome.',
    type: 'counter',
    labels: ['command', 'outcome'],
  },
  {
    name: 'reelbot_media_api_calls_total',
    help: 'Media API calls, by route and HTTP status (0 = network error).',
    type: 'counter',
    labels: ['route', 'status'],
  },
  { name: 'reelbot_uptime_seconds', help: 'Seconds since the process started.', type: 'gauge', labels: [] },
  {
    name: 'reelbot_command_ack_seconds',
    help: 'From a command, click or form reaching the core to its first answer being sent (platform limit: 3 s).',
    type: 'histogram',
    labels: ['command'],
    buckets: ACK_BUCKETS,
  },
  {
    name: 'reelbot_webhook_seconds',
    help: 'Time to answer one media API webhook delivery.',
    type: 'histogram',
    labels: [],
    buckets: WEBHOOK_BUCKETS,
  },
  {
    name: 'reelbot_work_queue_depth',
    help: 'Work after an acknowledgement (card, project, store writes) waiting for a slot in the work queue.',
    type: 'gauge',
    labels: [],
  },
  {
    name: 'reelbot_work_queue_wait_seconds',
    help: 'How long work after an acknowledgement waited for a slot in the work queue.',
    type: 'histogram',
    labels: [],
    buckets: QUEUE_BUCKETS,
  },
  {
    name: 'reelbot_platform_rate_limited_total',
    help: 'Calls a chat platform answered with 429 (waited out and sent again), by platform and method.',
    type: 'counter',
    labels: ['platform', 'method'],
  },
  {
    name: 'reelbot_store_unavailable_total',
    help: 'Operations refused because the store could not be reached, by what needed it.',
    type: 'counter',
    labels: ['use'],
  },
  {
    name: 'reelbot_media_api_budget_spent_total',
    help: 'Requests taken from the hourly media API budget, by key (its name: an HMAC under the deployment’s secret, never the key or a bare hash of it) and use (command or read).',
    type: 'counter',
    labels: ['key', 'use'],
  },
  {
    name: 'reelbot_media_api_budget_refused_total',
    help: 'Requests that found a key’s hourly media API budget spent (then waited, or were refused), by key name and use.',
    type: 'counter',
    labels: ['key', 'use'],
  },
  {
    name: 'reelbot_media_api_budget_per_hour',
    help: 'The hourly media API budget per key (MEDIA_API_RATE_LIMIT).',
    type: 'gauge',
    labels: [],
  },
];

/** Seconds elapsed since `start` (a `performance.now()` reading): a monotonic clock, unlike Date. */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;
