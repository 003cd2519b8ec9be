import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { Scheduler } from '../../../src/core/scheduler.ts';
import { createBullmqScheduler } from '../../../src/infra/scheduler/bullmq.ts';
import { silentLogger, startHarness } from '../../support/harness.ts';
import { scrapeMetric } from '../../support/metric-sum.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';
import { startRedisNodes } from '../../support/redis-nodes.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix, waitFor } from '../store/helpers.ts';
import { schedulerContract } from './scheduler-contract.ts';

type Bull = ReturnType<typeof createBullmqScheduler>;

// The BullMQ scheduler on the local Redis; each open() is another replica (its own connections) on the same
// queues, under a prefix of its own per test.
schedulerContract('BullMQ (Redis)', async () => {
  const prefix = `${uniquePrefix()}bull`;
  return {
    async open({ leaseMs, backoffMs, drainMs }) {
      return createBullmqScheduler({
        url: REDIS_URL,
        prefix,
        logger: silentLogger,
        leaseMs,
        drainMs,
        backoff: { baseMs: backoffMs, maxMs: backoffMs * 8 },
      });
    },
    async kill(scheduler: Scheduler) {
      await (scheduler as Bull).stop({ drainMs: 0 });
    },
    async cleanup() {
      await deleteRedisPrefix(prefix);
    },
  };
});

describe('the app on Redis', () => {
  it('polls a job to its result through BullMQ when webhooks cannot arrive', async () => {
    const prefix = uniquePrefix();
    const h = await startHarness(
      { PUBLIC_URL: 'http://127.0.0.1:9' },
      {
        infra: { store: { kind: 'redis', url: REDIS_URL, prefix } },
        tuning: { timings: { firstPollMs: 20, maxPollMs: 100 } },
      },
    );
    try {
      await h.command('/broll https://example.com/talk.mp4');
      await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
      expect(h.chat.seen.filter((s) => s.where === 'thread')).toHaveLength(1);
      // Counted once the settle that posted returns.
      await waitFor(async () => (await scrapeMetric(h.app, 'reelbot_polls_total', { outcome: 'settled' })) >= 1);
    } finally {
      await h.close();
      await deleteRedisPrefix(prefix);
    }
  });
});

describe('stopping while Redis is gone', () => {
  it('stops within its drain bound and a little more, instead of waiting for a Redis that is not coming back', async () => {
    const nodes = await startRedisNodes({ replicas: 0, sentinels: 0 });
    try {
      const scheduler = createBullmqScheduler({
        url: nodes.nodeUrl(nodes.primary),
        logger: silentLogger,
        drainMs: 500,
      });
      let ran = 0;
      scheduler.handle('q', async () => {
        ran += 1;
        return undefined;
      });
      await scheduler.start();
      await scheduler.schedule('q', 't1', Date.now(), {});
      await waitFor(async () => ran === 1);
      await scheduler.schedule('q', 't2', Date.now() + 60_000, {});
      await nodes.kill(nodes.primary);

      const started = Date.now();
      const stopped = await Promise.race([
        scheduler.stop().then(() => 'stopped'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
      ]);
      expect(stopped).toBe('stopped');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await nodes.stop();
    }
  }, 30_000);
});

describe('a task scheduled just before the primary dies', () => {
  it('is on the replica once schedule() returns, so the promoted replica still runs it', async () => {
    const nodes = await startRedisNodes({ replicas: 1, sentinels: 0 });
    const [replica] = nodes.replicas;
    if (!replica) throw new Error('no replica');
    const scheduler = createBullmqScheduler({
      url: nodes.nodeUrl(nodes.primary),
      logger: silentLogger,
      replicaAcks: 1,
    });
    let promoted: Bull | undefined;
    try {
      await nodes.waitForReplicas(1, 10_000);
      await scheduler.schedule('q', 'warm-up', Date.now() + 60_000, {});
      // The replica is cut off for 1.5 s: the primary takes the task but cannot pass it on meanwhile.
      const cut = nodes.cutReplicaLink(1_500, replica);
      await waitFor(async () =>
        /master_link_status:down/.test(String(await nodes.command(replica, 'INFO', 'replication'))),
      );
      // The primary dies as soon as schedule() returns, while the link may still be cut.
      await scheduler.schedule('q', 'kept', Date.now() + 500, { n: 1 });
      await nodes.kill(nodes.primary);
      await cut.catch(() => undefined);
      await nodes.command(replica, 'REPLICAOF', 'NO', 'ONE');

      promoted = createBullmqScheduler({ url: nodes.nodeUrl(replica), logger: silentLogger });
      const ran: string[] = [];
      promoted.handle('q', async (task) => {
        ran.push(task.id);
        return undefined;
      });
      await promoted.start();
      await waitFor(async () => ran.length === 1);
      expect(ran).toEqual(['kept']);
    } finally {
      await scheduler.stop({ drainMs: 0 });
      await promoted?.stop({ drainMs: 0 });
      await nodes.stop();
    }
  }, 40_000);
});

describe('a primary that refuses writes for want of a replica (NOREPLICAS)', () => {
  it('tells a command the storage is unavailable while writes are refused (NOREPLICAS), with no warning per refused wait', async () => {
    const nodes = await startRedisNodes({ replicas: 0, sentinels: 0 });
    const log = createRecordingLogger();
    const scheduler = createBullmqScheduler({ url: nodes.nodeUrl(nodes.primary), logger: log, drainMs: 200 });
    try {
      let ran = 0;
      scheduler.handle('q', async () => {
        ran += 1;
        return undefined;
      });
      // As after a failover, until the old primary has rejoined: no replica, so every write is refused, the
      // workers' blocking waits among them.
      await nodes.command(nodes.primary, 'CONFIG', 'SET', 'min-replicas-to-write', '1');
      await scheduler.start();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // A command scheduling now is told the storage is unavailable, as for any Redis away or moving.
      await expect(scheduler.schedule('q', 'refused', Date.now(), {})).rejects.toBeInstanceOf(StoreUnavailableError);
      await nodes.command(nodes.primary, 'CONFIG', 'SET', 'min-replicas-to-write', '0');
      await scheduler.schedule('q', 'after', Date.now(), {});
      await waitFor(async () => ran === 1);

      const warnings = log.lines.filter((l) => l.level === 'warn' || l.level === 'error').map((l) => l.msg);
      // The workers' blocking waits were refused many times a second, on connections that stayed up: no outage
      // of the scheduler's (none would ever end), and no warning each. The store write log says writes stopped.
      expect(warnings.filter((m) => /worker error|queue error/.test(m))).toEqual([]);
      expect(log.lines.filter((l) => /^Redis unreachable/.test(l.msg))).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      await scheduler.stop({ drainMs: 0 });
      await nodes.stop();
    }
  }, 30_000);
});
