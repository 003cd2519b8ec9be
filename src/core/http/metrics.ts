// A small Prometheus text-format registry: a handful of counters and gauges is all the bot exposes,
// which does not justify a metrics library and its global default registry.

type Labels = Record<string, string>;

interface Family {
  help: string;
  type: 'counter' | 'gauge';
  values: Map<string, { labels: Labels; value: number }>;
}

const labelKey = (labels: Labels): string =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');

const escapeLabel = (v: string): string => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

export interface Metrics {
  inc(name: string, labels?: Labels, by?: number): void;
  set(name: string, labels: Labels, value: number): void;
  get(name: string, labels?: Labels): number;
  render(): string;
}

export const METRIC_HELP: Record<string, { help: string; type: 'counter' | 'gauge' }> = {
  reelbot_commands_total: { help: 'Commands received, by command and outcome.', type: 'counter' },
  reelbot_jobs_total: { help: 'Jobs by the state they reached.', type: 'counter' },
  reelbot_jobs_pending: { help: 'Jobs waiting for results.', type: 'gauge' },
  reelbot_webhook_deliveries_total: { help: 'Media API webhook deliveries, by outcome.', type: 'counter' },
  reelbot_webhook_settles_total: {
    help: 'What reading a project back after a webhook found: settled, in_progress, skipped or error.',
    type: 'counter',
  },
  reelbot_media_api_calls_total: {
    help: 'Media API calls, by route and HTTP status (0 = network error).',
    type: 'counter',
  },
  reelbot_polls_total: { help: 'Project polls by the fallback poller, by outcome.', type: 'counter' },
  reelbot_uptime_seconds: { help: 'Seconds since the process started.', type: 'gauge' },
};

export function createMetrics(): Metrics {
  const families = new Map<string, Family>();
  const family = (name: string): Family => {
    let f = families.get(name);
    if (!f) {
      const meta = METRIC_HELP[name] ?? { help: name, type: 'counter' as const };
      f = { ...meta, values: new Map() };
      families.set(name, f);
    }
    return f;
  };
  return {
    inc(name, labels = {}, by = 1) {
      const f = family(name);
      const k = labelKey(labels);
      const cur = f.values.get(k);
      f.values.set(k, { labels, value: (cur?.value ?? 0) + by });
    },
    set(name, labels, value) {
      family(name).values.set(labelKey(labels), { labels, value });
    },
    get(name, labels = {}) {
      return families.get(name)?.values.get(labelKey(labels))?.value ?? 0;
    },
    render() {
      const lines: string[] = [];
      for (const [name, f] of families) {
        lines.push(`# HELP ${name} ${f.help}`, `# TYPE ${name} ${f.type}`);
        for (const { labels, value } of f.values.values()) {
          const l = Object.entries(labels)
            .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
            .join(',');
          lines.push(`${name}${l ? `{${l}}` : ''} ${value}`);
        }
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
