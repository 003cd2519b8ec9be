// Issue 11, item 9: a webhook delivery proves nothing (the API signs none), so each delivery carrying a valid
// token used to cost one read of the project from the key's hourly budget. Repeated or forged deliveries
// now read a part back at most once per window.
import { afterEach, describe, expect, it } from 'vitest';
import { createJobsRepo } from '../../../src/core/jobs/repo.ts';
import { createDeliveryHandler } from '../../../src/core/jobs/webhook.ts';
import type { Project } from '../../../src/core/media/schemas.ts';
import type { MediaApi, Store } from '../../../src/core/ports.ts';
import { createMetrics } from '../../../src/infra/prom-metrics.ts';
import { openStore } from '../../../src/infra/store/index.ts';
import { bareJobService } from '../../support/bare-jobs.ts';
import { origin, silentLogger } from '../../support/harness.ts';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const PROJECT = '0123456789abcdef01234567';

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('webhook deliveries for a running job', () => {
  it('read the project back once, however many arrive with its token', async () => {
    store = await openStore({ kind: 'memory' });
    let reads = 0;
    const running: Project = {
      projectId: PROJECT,
      state: 'in_progress',
      status: 'processing',
      createdAt: null,
      completedAt: null,
      error: null,
      outputs: [],
    } as unknown as Project;
    const media = {
      getProject: async () => {
        reads++;
        return running;
      },
    } as unknown as MediaApi;
    const jobs = bareJobService(store, media);
    const repo = createJobsRepo(store, silentLogger);
    const now = Date.now();
    await repo.save({
      id: 'throttled1',
      kind: 'broll',
      state: 'running',
      channelKey: 'console:local:local',
      origin,
      summary: 'throttle',
      requests: [{ videoUrl: 'https://example.com/a.mp4' }],
      projectIds: [PROJECT],
      createdAt: now,
      updatedAt: now,
    });
    await repo.saveToken(TOKEN, { jobId: 'throttled1', part: 0 }, 3600_000);
    const webhook = createDeliveryHandler({ jobs, logger: silentLogger, metrics: createMetrics(), clock: Date });

    const body = JSON.stringify({ projectId: PROJECT, status: 'completed', outputs: [] });
    for (let i = 0; i < 20; i++) {
      const answer = await webhook(TOKEN, body);
      expect(answer.response.status).toBe(200);
      await answer.after?.();
    }

    expect(reads).toBe(1);
  });
});
