import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type Harness, startHarness } from '../support/harness.ts';
import { declaredTypes, familyOf, metricNames } from './readers.ts';

// deploy/ ships a Grafana dashboard and Prometheus alert rules over the bot's /metrics. A panel or rule that
// names a metric the bot does not expose shows "No data" or never fires, silently; so every name they use
// must be on a freshly started bot's /metrics.

const DEPLOY = join(import.meta.dirname, '../../deploy');
const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana-dashboard.json'), 'utf8')) as Dashboard;
const rulesFile = readFileSync(join(DEPLOY, 'prometheus-alerts.yml'), 'utf8');

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: Array<{ expr: string; refId: string }>;
  panels?: Panel[];
}
interface Dashboard {
  title: string;
  uid: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query: unknown }> };
}

const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);
const dashboardExprs = (): string[] => allPanels(dashboard.panels).flatMap((p) => (p.targets ?? []).map((t) => t.expr));
/** The metrics of the variables' queries: Grafana's `label_values(metric, label)`, which is not PromQL. */
const variableMetrics = (): string[] =>
  dashboard.templating.list.flatMap((v) => {
    const query = typeof v.query === 'string' ? v.query : (v.query as { query?: string } | undefined)?.query;
    return v.type === 'query' ? [/^label_values\((\w+),/.exec(query ?? '')?.[1] ?? `unreadable: ${query}`] : [];
  });

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}
function rules(): Rule[] {
  const doc = parseYaml(rulesFile, { strict: true, uniqueKeys: true }) as unknown as {
    groups: Array<{ name: string; rules: Rule[] }>;
  };
  return doc.groups.flatMap((g) => g.rules);
}

let h: Harness;
let exposition = '';
beforeAll(async () => {
  h = await startHarness();
  exposition = await (await fetch(`http://127.0.0.1:${h.port}/metrics`)).text();
});
afterAll(() => h.close());

/** Metric names in `exprs` (and `names`) that no family on /metrics declares. */
function missing(exprs: string[], names: string[] = []): string[] {
  const types = declaredTypes(exposition);
  return [...new Set([...exprs.flatMap(metricNames), ...names])].filter((n) => familyOf(n, types) === undefined);
}

describe('the Grafana dashboard', () => {
  it('names only metrics a running bot exposes on /metrics', () => {
    const exprs = dashboardExprs();
    expect(exprs.length).toBeGreaterThan(20);
    expect(missing(exprs, variableMetrics())).toEqual([]);
  });

  it('covers what an operator watches: acknowledgements, jobs, results, queue, store, budget, publishing', () => {
    const used = new Set(dashboardExprs().flatMap(metricNames));
    for (const name of [
      'reelbot_command_ack_seconds_bucket',
      'reelbot_jobs_total',
      'reelbot_completion_to_post_seconds_count',
      'reelbot_work_queue_depth',
      'reelbot_work_queue_wait_seconds_bucket',
      'reelbot_store_unavailable_total',
      'reelbot_media_api_budget_spent_total',
      'reelbot_publish_total',
    ]) {
      expect(used).toContain(name);
    }
  });

  it('is a dashboard Grafana imports: unique panel ids, on its 24-column grid, every query on the chosen Prometheus', () => {
    expect(dashboard).toMatchObject({ title: 'reelbot', uid: 'reelbot-overview' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const panels = allPanels(dashboard.panels);
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    for (const p of panels) {
      expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24);
      if (p.type === 'row') continue;
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, in a plain string on purpose.
      expect(p.datasource, p.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
    }
    // No panel lies over another.
    const boxes = panels.map((p) => p.gridPos);
    const overlaps = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
        .map((b) => [a, b]),
    );
    expect(overlaps).toEqual([]);
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(['datasource', 'job']);
  });
});

describe('the Prometheus alert rules', () => {
  it('parse, and each has a name, an expression, a severity and a summary', () => {
    const all = rules();
    expect(all.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'ReelbotStoreUnavailable',
        'ReelbotJobsStuck',
        'ReelbotPublishOutcomeUnknown',
        'ReelbotPlatformRateLimited',
        'ReelbotMediaApiRateLimited',
      ]),
    );
    for (const r of all) {
      expect(r.expr, r.alert).toMatch(/\S/);
      expect(r.labels.severity, r.alert).toMatch(/^(critical|warning|info)$/);
      expect(r.annotations.summary, r.alert).toMatch(/\S/);
      if (r.for !== undefined) expect(r.for, r.alert).toMatch(/^\d+[smhd]$/);
    }
  });

  it('name only metrics a running bot exposes on /metrics', () => {
    expect(missing(rules().map((r) => r.expr))).toEqual([]);
  });
});

describe('the readers the checks rest on', () => {
  it('find the metric names of an expression, not its functions, labels, durations or keywords', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (job, le) (rate(reelbot_command_ack_seconds_bucket{job=~"$job", a="b{c}"}[$__rate_interval]))) > 2',
      ),
    ).toEqual(['reelbot_command_ack_seconds_bucket']);
    expect(
      metricNames('sum(increase(a_total[1h] offset 5m)) / on (job) group_left (kind) scalar(max(b)) or vector(0)'),
    ).toEqual(['a_total', 'b']);
  });

  it('tie a histogram’s series to its family, and nothing else', () => {
    const types = declaredTypes('# TYPE x_seconds histogram\n# TYPE y_total counter\n# TYPE s summary\n');
    expect(['x_seconds_bucket', 'x_seconds_count', 'y_total', 's_sum'].map((n) => familyOf(n, types))).toEqual([
      'x_seconds',
      'x_seconds',
      'y_total',
      's',
    ]);
    expect(['y_total_count', 's_bucket', 'x_seconds_total', 'z'].map((n) => familyOf(n, types))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('would catch a misspelt metric in a rule', () => {
    expect(missing(['sum(rate(reelbot_comands_total[5m]))', 'reelbot_uptime_seconds_count'])).toEqual([
      'reelbot_comands_total',
      'reelbot_uptime_seconds_count',
    ]);
  });
});
