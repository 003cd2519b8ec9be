import { afterEach, describe, expect, it } from 'vitest';
import { createKeyResolver } from '../../../src/core/channels/key-resolver.ts';
import { createOnce } from '../../../src/core/guarantees/once.ts';
import { createOutbox } from '../../../src/core/guarantees/outbox.ts';
import { createPoller, POLL_QUEUE } from '../../../src/core/jobs/poller.ts';
import { createJobsRepo } from '../../../src/core/jobs/repo.ts';
import { createJobService } from '../../../src/core/jobs/service.ts';
import type { Project } from '../../../src/core/media/schemas.ts';
import type { KeyValue, MediaApi, Store } from '../../../src/core/ports.ts';
import { createMetrics } from '../../../src/infra/prom-metrics.ts';
import { createEmbeddedScheduler } from '../../../src/infra/scheduler/embedded.ts';
import { openStore } from '../../../src/infra/store/index.ts';
import { origin, silentLogger } from '../../support/harness.ts';
import { createRecordingChat } from '../../support/recording-chat.ts';

// Polling costs what is due, not what is pending: with 10,000 projects waiting and 3 due, one pass of the
// scheduler reads and writes a few dozen store entries, never the whole pending list.

interface Counts {
  ops: number;
  scans: number;
}

/** The real store, counting every operation made through it. */
function counting(store: Store, counts: Counts): Store {
  const op = <T>(result: T): T => {
    counts.ops++;
    return result;
  };
  const wrap = (kv: KeyValue): KeyValue => ({
    get: (key) => op(kv.get(key)),
    set: (key, value, ttl) => op(kv.set(key, value, ttl)),
    delete: (key) => op(kv.delete(key)),
    update: (key, change, ttl) => op(kv.update(key, change, ttl)),
    entries: () => {
      counts.scans++;
      return kv.entries();
    },
  });
  return {
    namespace: (name) => wrap(store.namespace(name)),
    claim: (key, ttl) => op(store.claim(key, ttl)),
    release: (key) => op(store.release(key)),
    lease: (key, ttl) => op(store.lease(key, ttl)),
    held: (key, token) => store.held(key, token),
    ping: (timeoutMs) => store.ping(timeoutMs),
    replicated: (since) => store.replicated(since),
    epoch: () => store.epoch(),
    health: () => store.health(),
    close: () => store.close(),
  };
}

const completed = (projectId: string) =>
  ({
    projectId,
    status: 'completed',
    state: 'completed',
    createdAt: null,
    completedAt: null,
    error: null,
    outputs: [{ videoUrl: `https://cdn.example/${projectId}.mp4` }],
  }) satisfies Project;

let raw: Store | undefined;
afterEach(async () => {
  await raw?.close();
  raw = undefined;
});

describe('the poller with 10,000 pending projects', () => {
  it('touches only the 3 that are due in a pass, and posts their results', async () => {
    raw = await openStore({ kind: 'memory' });
    const counts: Counts = { ops: 0, scans: 0 };
    const store = counting(raw, counts);
    const chat = createRecordingChat('console');
    const asked: string[] = [];
    const media: MediaApi = {
      create: async () => ({ projectId: 'unused' }),
      getProject: async (_key, projectId) => {
        asked.push(projectId);
        return completed(projectId);
      },
      listVoices: async () => [],
      publish: async () => ({ id: 'unused' }) as never,
    };
    const scheduler = createEmbeddedScheduler({ store, logger: silentLogger });
    const timings = { firstPollMs: 60_000, maxPollMs: 30 * 60_000, horizonMs: 24 * 3600_000 };
    const metrics = createMetrics();
    const clock = { now: () => Date.now() };
    const once = createOnce({ store, logger: silentLogger, metrics, clock });
    const jobs = createJobService({
      store,
      media,
      keys: createKeyResolver({ settings: { get: async () => ({}) }, sandboxKey: 'sandbox-key' }),
      chat: () => chat,
      logger: silentLogger,
      clock,
      metrics,
      once,
      outbox: createOutbox({ once, store, logger: silentLogger, clock }),
      webhookBase: () => 'http://127.0.0.1:9',
      timings,
      schedulePoll: (jobId, dueAt) => scheduler.schedule(POLL_QUEUE, jobId, dueAt, {}),
    });
    const poller = createPoller({
      jobs,
      scheduler,
      clock: { now: () => Date.now() },
      logger: silentLogger,
      metrics: createMetrics(),
      timings,
      catchUpOnStart: false,
    });
    scheduler.handle(POLL_QUEUE, (task) => poller.pollJob(task.id));
    await poller.start();
    const repo = createJobsRepo(store, silentLogger);

    const now = Date.now();
    for (let i = 0; i < 10_000; i++) {
      const id = `job${String(i).padStart(5, '0')}`;
      const thread = {
        platform: 'console' as const,
        workspaceId: 'local',
        channelId: 'local',
        threadId: id,
        cardMessageId: id,
      };
      await repo.save({
        id,
        kind: 'broll',
        state: 'running',
        channelKey: 'console:local:local',
        origin,
        thread,
        summary: id,
        requests: [{ videoUrl: 'https://example.com/talk.mp4' }],
        projectIds: [`p${id}`],
        createdAt: now,
        updatedAt: now,
      });
      await repo.setPending({ jobId: id, channelKey: 'console:local:local', nextPollAt: now, polls: 0 });
      // Three are due now; the rest spread over the next half hour, as backoff leaves them.
      const dueAt = i % 3333 === 0 && i < 9999 ? now - 1 : now + 120_000 + ((i * 7919) % (30 * 60_000));
      await scheduler.schedule(POLL_QUEUE, id, dueAt, {});
    }

    counts.ops = 0;
    counts.scans = 0;
    const ran = await scheduler.runDue();

    expect(ran).toBe(3);
    expect(asked.sort()).toEqual(['pjob00000', 'pjob03333', 'pjob06666']);
    expect(chat.seen.filter((s) => s.where === 'thread')).toHaveLength(3);
    expect(counts.scans).toBe(0);
    // Per due job: the job, its part, claims, the result, the card; plus the index: about 30 each.
    expect(counts.ops).toBeLessThan(150);
    console.log(`one pass with 10,000 pending, 3 due: ${counts.ops} store operations, ${counts.scans} scans`);

    counts.ops = 0;
    expect(await scheduler.runDue()).toBe(0);
    expect(counts.ops).toBeLessThanOrEqual(3);
    await scheduler.stop();
  }, 60_000);
});
