import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookHandler } from '../../../src/core/http/webhook.ts';
import type { Job } from '../../../src/core/jobs/model.ts';
import { createJobsRepo } from '../../../src/core/jobs/repo.ts';
import { createMetrics } from '../../../src/core/metrics/prom-metrics.ts';
import type { KeyValue, MediaApi, Store } from '../../../src/core/ports.ts';
import { createSqliteStore } from '../../../src/core/store/sqlite-store.ts';
import { bareJobService } from '../../support/bare-jobs.ts';
import { origin, silentLogger } from '../../support/harness.ts';
import { createTempDir } from '../store/helpers.ts';

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
let webhook: ReturnType<typeof createWebhookHandler>;
let apiReads: number;

async function seed(state: Job['state']): Promise<void> {
  const now = Date.now();
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
  await repo.saveToken(TOKEN, { jobId: 'costedjob1', part: 0 }, 3600_000);
}

const deliver = (projectId = PROJECT) =>
  webhook(TOKEN, Buffer.from(JSON.stringify({ projectId, status: 'completed', outputs: [] })));

beforeEach(async () => {
  dir = await createTempDir();
  raw = await createSqliteStore({ path: join(dir.path, 'store.sqlite') });
  ops = { reads: 0, writes: 0, claims: 0 };
  apiReads = 0;
  const media = {
    getProject: async () => {
      apiReads++;
      return { projectId: PROJECT, state: 'in_progress', status: 'processing', error: null, outputs: [] };
    },
  } as unknown as MediaApi;
  const store = counting(raw, ops);
  webhook = createWebhookHandler({
    jobs: bareJobService(store, media),
    logger: silentLogger,
    metrics: createMetrics(),
    clock: Date,
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
    expect(answer.status).toBe(200);
    expect(ops).toEqual({ reads: 2, writes: 0, claims: 0 });
    // After the answer: the read-back, once, under its claim.
    await answer.after?.();
    expect(ops.claims).toBeGreaterThanOrEqual(1);
    expect(apiReads).toBe(1);
  });

  it('for a job that ended, costs two reads once and one read (its token) for every repeat', async () => {
    await seed('settled');
    expect((await deliver()).status).toBe(200);
    expect(ops).toEqual({ reads: 2, writes: 0, claims: 0 });
    for (let i = 0; i < 10; i++) {
      const answer = await deliver();
      expect(answer.status).toBe(200);
      await answer.after?.();
    }
    expect(ops).toEqual({ reads: 12, writes: 0, claims: 0 });
    expect(apiReads).toBe(0);
  });

  it('for a job that ended, still refuses a delivery naming another project', async () => {
    await seed('expired');
    await deliver();
    expect((await deliver('ffffffffffffffffffffffff')).status).toBe(400);
  });

  it('for a failed job, which a delivery may still adopt, reads the job every time', async () => {
    await seed('failed');
    await deliver();
    await deliver();
    expect(ops).toEqual({ reads: 4, writes: 0, claims: 0 });
  });
});
