import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/core/jobs/model.ts';
import { embeddedScheduler } from '../../src/start-bot.ts';
import { type Harness, jobsRepoOf, origin, startHarness } from '../support/harness.ts';
import { scrapeMetric } from '../support/metric-sum.ts';

// The listener as the media API (or a forger) reaches it: over HTTP, on loopback.

let h: Harness;
let base: string;
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

async function seedJob(projectId: string): Promise<Job> {
  const now = Date.now();
  const job: Job = {
    id: 'seededjob1',
    kind: 'broll',
    state: 'running',
    channelKey: 'console:local:local',
    origin,
    thread: {
      platform: 'console',
      workspaceId: 'local',
      channelId: 'local',
      threadId: 'seed',
      cardMessageId: 'seed-card',
    },
    summary: 'seeded',
    requests: [{ videoUrl: 'https://example.com/slow.mp4' }],
    projectIds: [projectId],
    createdAt: now,
    updatedAt: now,
  };
  await jobsRepoOf(h.app).save(job);
  await jobsRepoOf(h.app).setPending({
    jobId: job.id,
    channelKey: job.channelKey,
    nextPollAt: now + 3600_000,
    polls: 0,
  });
  await jobsRepoOf(h.app).saveToken(TOKEN, { jobId: job.id, part: 0 }, 3600_000);
  return job;
}

const post = (path: string, body: string | Buffer, type = 'application/json') =>
  fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': type } });

beforeEach(async () => {
  // Slow projects (10 × 2 s) stay in progress for the whole test.
  h = await startHarness({}, { infra: { sandbox: { jobMs: 2000 }, scheduler: embeddedScheduler(3600_000) } });
  base = `http://127.0.0.1:${h.port}`;
});
afterEach(() => h.close());

describe('the media webhook listener', () => {
  it('answers an unknown token with 404 and posts nothing', async () => {
    const res = await post('/webhooks/media/tok_unknown_unknown_unknown_123', JSON.stringify({ projectId: 'x' }));
    expect(res.status).toBe(404);
    expect(h.chat.seen).toHaveLength(0);
  });

  it('refuses a body that is not JSON, or not a project, with 400', async () => {
    await seedJob('0123456789abcdef01234567');
    expect((await post(`/webhooks/media/${TOKEN}`, 'not json{')).status).toBe(400);
    expect((await post(`/webhooks/media/${TOKEN}`, JSON.stringify({ hello: 'world' }))).status).toBe(400);
    expect(h.chat.seen).toHaveLength(0);
  });

  it('refuses a delivery naming another project with 400', async () => {
    await seedJob('0123456789abcdef01234567');
    const res = await post(
      `/webhooks/media/${TOKEN}`,
      JSON.stringify({
        projectId: 'ffffffffffffffffffffffff',
        status: 'completed',
        outputs: [{ videoUrl: 'https://evil.example/x.mp4' }],
      }),
    );
    expect(res.status).toBe(400);
    expect(h.chat.seen).toHaveLength(0);
  });

  it('accepts a forged "completed" delivery but posts nothing while the API says the project is still running', async () => {
    const { projectId } = await h.app.inside.media.create('sandbox-key', 'broll', {
      videoUrl: 'https://example.com/slow.mp4',
      webhookUrl: 'http://127.0.0.1:9/nowhere',
    });
    await seedJob(projectId);
    const forged = {
      projectId,
      status: 'completed',
      error: null,
      outputs: [{ id: '1', videoUrl: 'https://evil.example/x.mp4' }],
    };
    const res = await post(`/webhooks/media/${TOKEN}`, JSON.stringify(forged));
    expect(res.status).toBe(200);
    // The settle step reads the project back from the API: wait until that read has happened.
    await vi.waitFor(
      async () =>
        expect(
          await scrapeMetric(h.app, 'reelbot_media_api_calls_total', { route: 'GET /projects/{id}', status: '200' }),
        ).toBeGreaterThanOrEqual(1),
      { timeout: 10_000, interval: 25 },
    );
    expect(h.chat.seen.filter((s) => s.where === 'thread')).toHaveLength(0);
    expect(JSON.stringify(h.chat.seen)).not.toContain('evil.example');
  });

  it('refuses bodies over the size limit with 413', async () => {
    await seedJob('0123456789abcdef01234567');
    const res = await post(`/webhooks/media/${TOKEN}`, Buffer.alloc(300 * 1024, 'a'));
    expect(res.status).toBe(413);
  });

  it('reports health and Prometheus metrics', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, store: 'ok' });
    await post('/webhooks/media/tok_unknown_unknown_unknown_123', '{}');
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain('# TYPE reelbot_webhook_deliveries_total counter');
    expect(metrics).toMatch(/reelbot_webhook_deliveries_total\{outcome="unknown_token"\} 1/);
    expect(metrics).toContain('reelbot_uptime_seconds');
  });

  it('answers unknown paths with 404', async () => {
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });
});
