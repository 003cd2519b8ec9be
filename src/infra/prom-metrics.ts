// Metrics on prom-client, the ecosystem's Prometheus client. One Registry per app instance: tests build
// several apps in one process, and the library's global registry would refuse a second metric of a name.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Labels, MetricDefinition, Metrics } from '../core/metrics.ts';

type Family = Counter | Gauge | Histogram;

const labelKey = (name: string, labels: Labels): string =>
  `${name}{${Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',')}}`;

export interface PromMetricsOptions {
  /** The families to declare from the start; a name not among them gets its labels from its first use. */
  definitions?: readonly MetricDefinition[];
  /** Process metrics (RSS, event-loop lag, GC); off in tests that only read the bot's own. */
  defaultMetrics?: boolean;
}

export function createMetrics(options: PromMetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const families = new Map<string, Family>();
  const definitions = new Map<string, MetricDefinition>();
  for (const def of options.definitions ?? []) {
    if (definitions.has(def.name)) throw new Error(`two definitions of the metric '${def.name}'`);
    definitions.set(def.name, def);
  }
  // prom-client reads values back only asynchronously; `get` answers synchronously from this mirror.
  const values = new Map<string, number>();

  function family(name: string, type: 'counter' | 'gauge' | 'histogram', labels: Labels): Family {
    const found = families.get(name);
    if (found) return found;
    // An undeclared name still counts (labels from its first use) rather than failing the work it measures.
    const def = definitions.get(name) ?? { name, help: name, type, labels: Object.keys(labels) };
    const config = { name, help: def.help, labelNames: [...def.labels], registers: [registry] };
    const created =
      def.type === 'counter'
        ? new Counter(config)
        : def.type === 'gauge'
          ? new Gauge(config)
          : new Histogram({ ...config, ...(def.buckets ? { buckets: [...def.buckets] } : {}) });
    families.set(name, created);
    return created;
  }

  // Every known family is on /metrics from the start (with no samples until used), so dashboards and alert
  // rules that name one find it on a fresh process, and a misspelt name is caught by test/deploy.
  for (const def of definitions.values()) family(def.name, def.type, {});

  return {
    contentType: registry.contentType,
    inc(name, labels = {}, by = 1) {
      const f = family(name, 'counter', labels);
      if (f instanceof Counter || f instanceof Gauge) f.inc(labels, by);
      const k = labelKey(name, labels);
      values.set(k, (values.get(k) ?? 0) + by);
    },
    set(name, labels, value) {
      const f = family(name, 'gauge', labels);
      if (f instanceof Gauge) f.set(labels, value);
      values.set(labelKey(name, labels), value);
    },
    observe(name, labels, seconds) {
      const f = family(name, 'histogram', labels);
      if (f instanceof Histogram) f.observe(labels, Math.max(0, seconds));
    },
    get(name, labels = {}) {
      return values.get(labelKey(name, labels)) ?? 0;
    },
    render: () => registry.metrics(),
  };
}
