import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRIC_DEFINITIONS } from '../../src/core/app/metric-definitions.ts';
import { createMetrics } from '../../src/infra/prom-metrics.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { scrapeMetric } from '../support/metric-sum.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('metrics', () => {
  it('keep one registry per app, so two apps in one process count apart', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.inc('reelbot_commands_total', { command: 'clip', outcome: 'ok' });
    a.inc('reelbot_commands_total', { command: 'clip', outcome: 'ok' });
    b.inc('reelbot_commands_total', { command: 'clip', outcome: 'ok' });
    expect(a.get('reelbot_commands_total', { command: 'clip', outcome: 'ok' })).toBe(2);
    expect(await b.render()).toMatch(/^reelbot_commands_total\{command="clip",outcome="ok"\} 1$/m);
  });

  it('list every family the bot defines from the start, before anything is counted', async () => {
    const text = await createMetrics({ defaultMetrics: false, definitions: METRIC_DEFINITIONS }).render();
    for (const def of METRIC_DEFINITIONS) expect(text).toContain(`# TYPE ${def.name} ${def.type}`);
    expect(text).toMatch(/^reelbot_jobs_pending 0$/m);
  });

  it('refuse two definitions of one name, so two features cannot both claim a family', () => {
    const twice = [METRIC_DEFINITIONS[0], METRIC_DEFINITIONS[0]].filter((d) => d !== undefined);
    expect(() => createMetrics({ definitions: twice })).toThrow(/two definitions of the metric 'reelbot_/);
  });

  it('show every family on a freshly started bot’s /metrics, each feature’s beside the core’s', async () => {
    h = await startHarness();
    const text = await (await fetch(`http://127.0.0.1:${h.port}/metrics`)).text();
    const families = [...text.matchAll(/^# TYPE (reelbot_\w+) (\w+)$/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
    // Dashboards and alert rules name these: a family that goes missing or changes type breaks them silently.
    expect(families).toEqual([
      'reelbot_command_ack_seconds histogram',
      'reelbot_commands_total counter',
      'reelbot_completion_to_post_seconds histogram',
      'reelbot_jobs_overdue_total counter',
      'reelbot_jobs_pending gauge',
      'reelbot_jobs_total counter',
      'reelbot_media_api_budget_per_hour gauge',
      'reelbot_media_api_budget_refused_total counter',
      'reelbot_media_api_budget_spent_total counter',
      'reelbot_media_api_calls_total counter',
      'reelbot_platform_rate_limited_total counter',
      'reelbot_polls_total counter',
      'reelbot_publish_total counter',
      'reelbot_store_unavailable_total counter',
      'reelbot_uptime_seconds gauge',
      'reelbot_webhook_deliveries_total counter',
      'reelbot_webhook_seconds histogram',
      'reelbot_webhook_settles_total counter',
      'reelbot_work_queue_depth gauge',
      'reelbot_work_queue_wait_seconds histogram',
    ]);
  });

  it('expose the process: memory, event-loop lag and garbage collection', async () => {
    const text = await createMetrics().render();
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_gc_duration_seconds');
  });

  it('time command acknowledgement, webhook handling and completion-to-post on /metrics', async () => {
    // Results arrive by the sandbox's webhook (the harness polls only after a minute).
    h = await startHarness();
    const harness = h;
    await harness.command('/broll https://example.com/talk.mp4');
    await harness.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    await vi.waitFor(
      async () =>
        expect(
          await scrapeMetric(harness.app, 'reelbot_commands_total', { command: 'broll', outcome: 'ok' }),
        ).toBeGreaterThanOrEqual(1),
      { timeout: 10_000, interval: 25 },
    );
    const scrape = async () => (await fetch(`http://127.0.0.1:${harness.port}/metrics`)).text();
    // The post is timed once the outbox has recorded it, a moment after the message shows in the thread.
    await expect.poll(scrape).toMatch(/^reelbot_completion_to_post_seconds_count\{kind="broll"\} 1$/m);
    const text = await scrape();
    expect(text).toMatch(/^reelbot_command_ack_seconds_count\{command="broll"\} 1$/m);
    expect(text).toMatch(/^reelbot_webhook_seconds_count [1-9]\d*$/m);
    expect(text).toContain('reelbot_uptime_seconds');
    // Every family counted along the way was declared: an undeclared one would show its name as its help.
    expect(text).not.toMatch(/^# HELP (reelbot_\w+) \1$/m);
  });
});
