import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../src/core/jobs/model.ts';
import { createJobsRepo } from '../../../src/core/jobs/repo.ts';
import type { JobService } from '../../../src/core/jobs/service.ts';
import { createDeliveryHandler } from '../../../src/core/jobs/webhook.ts';
import type { KeyValue, MediaApi, Store } from '../../../src/core/ports.ts';
import { createMetrics } from '../../../src/infra/prom-metrics.ts';
import { createSqliteStore } from '../../../src/infra/store/sqlite-store.ts';
import { createTempDir } from '../../infra/store/helpers.ts';
import { bareJobService } from '../../support/bare-jobs.ts';
import { origin, silentLogger } from '../../support/harness.ts';

// What a valid delivery costs the store, on a real SQLite file. Every store operation is a round trip to
// SQLite's thread; under a burst of deliveries they are what the listener waits for (issue 15).

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const PROJECT = '0123456789abcdef01234567';

interface Ops {
  reads: number;
  writes: number;
  claims: number;
}

/** The real store, counting what goes through it. */
function counting(store: Store, ops: Ops): Store {
  const counted =
    <A extends unknown[], R>(kind: keyof Ops, call: (...args: A) => R) =>
    (...args: A): R => {
      ops[kind]++;
      return call(...args);
    };
  const wrap = (kv: KeyValue): KeyValue => ({
    get: counted('reads', (key: string) => kv.get(key)),
    set: counted('writes', (key: string, value: unknown, ttl?: number) => kv.set(key, value, ttl)),
    delete: counted('writes', (key: string) => kv.delete(key)),
    update: counted('writes', kv.update.bind(kv)),
    entries: counted('reads', () => kv.entries()),
  });
  return {
    ...store,
    namespace: (name) => wrap(store.namespace(name)),
    claim: counted('claims', (key: string, ttl: number) => store.claim(key, ttl)),
    lease: counted('claims', (key: string, ttl: number) => store.lease(key, ttl)),
  };
}

let dir: Awaited<ReturnType<typeof createTempDir>>;
let raw: Store;
let ops: Ops;
let webhook: ReturnType<typeof createDeliveryHandler>;
let jobs: JobService;
let metrics: ReturnType<typeof createMetrics>;
let apiReads: number;
/** Added to the system's time by the store's and the jobs' clock, to reach a token's expiry. */
let later: number;
const clock = { now: () => Date.now() + later };
/** The token's TTL, which is what submit.ts gives every token: bareJobService's horizon. */
const HORIZON_MS = 3600_000;

async function seed(state: Job['state']): Promise<void> {
  const now = clock.now();
  const repo = createJobsRepo(raw, silentLogger);
  await repo.save({
    id: 'costedjob1',
    kind: 'broll',
    state,
    channelKey: 'console:local:local',
    origin,
    summary: 'cost',
    requests: [{ videoUrl: 'https://example.com/a.mp4' }],
    projectIds: [PROJECT],
    createdAt: now,
    updatedAt: now,
  });
  await repo.saveToken(TOKEN, { jobId: 'costedjob1', part: 0 }, HORIZON_MS);
}

const deliver = (projectId = PROJECT) =>
  webhook(TOKEN, JSON.stringify({ projectId, status: 'completed', outputs: [] }));

beforeEach(async () => {
  dir = await createTempDir();
  later = 0;
  raw = await createSqliteStore({ path: join(dir.path, 'store.sqlite'), clock });
  ops = { reads: 0, writes: 0, claims: 0 };
  apiReads = 0;
  const media = {
    getProject: async () => {
      apiReads++;
      return { projectId: PROJECT, state: 'in_progress', status: 'processing', error: null, outputs: [] };
    },
  } as unknown as MediaApi;
  const store = counting(raw, ops);
  jobs = bareJobService(store, media, clock);
  metrics = createMetrics();
  webhook = createDeliveryHandler({
    jobs,
    logger: silentLogger,
    metrics,
    clock,
  });
});
afterEach(async () => {
  await raw.close();
  await dir.remove();
});

describe('a valid delivery, counted in store operations', () => {
  it('for a running job, is answered after reading its token and its job, writing nothing first', async () => {
    await seed('running');
    const answer = await deliver();
    expect(answer.response.status).toBe(200);
    expect(ops).toEqual({ reads: 2, writes: 0, claims: 0 });
    // After the answer: the read-back, once, under its claim.
    await answer.after?.();
    expect(ops.claims).toBeGreaterThanOrEqual(1);
    expect(apiReads).toBe(1);
  });

  it('for a job that ended, costs two reads for every repeat, and nothing written, claimed or read back', async () => {
    await seed('settled');
    expect((await deliver()).response.status).toBe(200);
    expect(ops).toEqual({ reads: 2, writes: 0, claims: 0 });
    for (let i = 0; i < 10; i++) {
      const answer = await deliver();
      expect(answer.response.status).toBe(200);
      // Nothing to settle, and still counted as a skipped settle, as every accepted delivery is.
      expect(answer.after).toBeUndefined();
    }
    expect(ops).toEqual({ reads: 22, writes: 0, claims: 0 });
    expect(apiReads).toBe(0);
    expect(metrics.get('reelbot_webhook_settles_total', { outcome: 'skipped' })).toBe(11);
  });

  it('for a job that ended here after its delivery was accepted, reads its end from the store', async () => {
    await seed('running');
    expect((await deliver()).response.status).toBe(200);
    // Ended by this process (here: abandoned; usually settled after the delivery's read-back).
    await jobs.abandon('costedjob1', 'the channel key was removed').catch(() => undefined);
    expect((await jobs.get('costedjob1'))?.state).toBe('abandoned');
    const before = { ...ops };
    for (let i = 0; i < 5; i++) {
      const answer = await deliver();
      expect(answer.response.status).toBe(200);
      expect(answer.after).toBeUndefined();
    }
    expect(ops).toEqual({ ...before, reads: before.reads + 10 });
    expect(apiReads).toBe(0);
    expect((await deliver('ffffffffffffffffffffffff')).response.status).toBe(400);
  });

  it('for a job that ended, still refuses a delivery naming another project, or a body that is no project', async () => {
    await seed('expired');
    await deliver();
    expect((await deliver('ffffffffffffffffffffffff')).response.status).toBe(400);
    const answer = await webhook(TOKEN, JSON.stringify({ projectId: PROJECT, createdAt: 5 }));
    expect(answer.response.status).toBe(400);
    expect(await answer.response.text()).toContain('not a project');
    // The body is judged after the token is read (a bad body with an unknown token is a 404).
    expect(ops).toEqual({ reads: 5, writes: 0, claims: 0 });
  });

  it('for a job that ended, answers 404 once its token has expired', async () => {
    await seed('settled');
    await deliver();
    later = HORIZON_MS - 1_000;
    expect((await deliver()).response.status).toBe(200);
    later = HORIZON_MS + 1;
    const answer = await deliver();
    expect(answer.response.status).toBe(404);
    expect(await answer.response.text()).toContain('unknown or expired');
    expect((await deliver()).response.status).toBe(404);
  });

  it('for a failed job, which a delivery may still adopt, reads the job every time', async () => {
    await seed('failed');
    await deliver();
    await deliver();
    expect(ops).toEqual({ reads: 4, writes: 0, claims: 0 });
  });
});
