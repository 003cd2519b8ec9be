import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../../src/core/scheduler.ts';
import { createBullmqScheduler } from '../../../src/infra/scheduler/bullmq.ts';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { silentLogger } from '../../support/harness.ts';
import { type RedisNodes, startRedisNodes } from '../../support/redis-nodes.ts';

// A primary made a replica under open connections: the sentinels reconfigure a node they demote and drop its
// clients, but a connection can still meet a node that turned replica without that (an operator's REPLICAOF,
// a sentinel that was not watching). Writes there answer READONLY; the store and BullMQ must go back to the
// sentinels and on to the primary they name, instead of failing from then on.

const NAME = 'reelbot-demoted';
let nodes: RedisNodes;
beforeAll(async () => {
  nodes = await startRedisNodes({ replicas: 1, sentinels: 3, masterName: NAME, password: 'pw' });
}, 40_000);
afterAll(async () => nodes?.stop());

/** Swaps the roles by hand, out of the sentinels' sight, then has them watch the new primary. */
async function demoteByHand(): Promise<void> {
  const [old, next] = [nodes.primary, nodes.replicas[0]];
  if (!next) throw new Error('no replica');
  for (const s of nodes.sentinels) await nodes.command(s, 'SENTINEL', 'REMOVE', NAME);
  await nodes.command(next, 'REPLICAOF', 'NO', 'ONE');
  await nodes.command(old, 'REPLICAOF', '127.0.0.1', next.port);
  for (const s of nodes.sentinels) {
    await nodes.command(s, 'SENTINEL', 'MONITOR', NAME, '127.0.0.1', next.port, 2);
    await nodes.command(s, 'SENTINEL', 'SET', NAME, 'auth-pass', 'pw');
  }
  await nodes.waitForFailover(10_000, old);
}

/** Runs `write` until it succeeds, as a person told to try again would; how long that took, in ms. */
async function retried(write: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await write();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > 10_000) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('a connection on a primary that was made a replica', () => {
  it('moves to the primary the sentinels name, for the store and for BullMQ', { timeout: 40_000 }, async () => {
    const store = createRedisStore({ url: nodes.sentinelUrl(), prefix: 'demoted:' });
    const scheduler = createBullmqScheduler({ url: nodes.sentinelUrl(), prefix: 'demoted:bull', logger: silentLogger });
    const fired: Task[] = [];
    scheduler.handle('reminders', async (task) => {
      fired.push(task);
      return undefined;
    });
    try {
      const kv = store.namespace('notes');
      await kv.set('before', 1);
      await scheduler.start();
      const old = nodes.primary;
      expect(store.node?.()).toBe(old.address);

      const scheduledAt = Date.now();
      await scheduler.schedule('reminders', 'r1', scheduledAt + 2_000, { text: 'after the swap' });
      expect(await nodes.command(old, 'WAIT', 1, 2_000)).toBe(1);
      await demoteByHand();
      const promoted = nodes.primary;
      expect(promoted).not.toBe(old);
      // Still connected to the old node, which now refuses writes.
      const role = await nodes.command(old, 'ROLE');
      expect(Array.isArray(role) && role[0]).toBe('slave');

      // The write that meets READONLY is refused (it did not happen); the store then asks the sentinels.
      expect(await retried(() => kv.set('after', 2))).toBeLessThan(2_000);
      expect(store.node?.()).toBe(promoted.address);
      expect(await kv.get('before')).toBe(1);
      expect(await kv.get('after')).toBe(2);

      // The task scheduled before the swap fires once, from the new primary: late, as BullMQ's worker whose
      // blocking read was ended forgets when the next task is due and waits out its longest block (10 s).
      const due = Date.now() + 15_000;
      while (fired.length === 0 && Date.now() < due) await new Promise((r) => setTimeout(r, 100));
      console.log(`READONLY: the task due 2 s after scheduling fired ${Date.now() - scheduledAt} ms after it`);
      await new Promise((r) => setTimeout(r, 500));
      expect(fired.map((t) => [t.id, t.data])).toEqual([['r1', { text: 'after the swap' }]]);
      // So is BullMQ's first write on its request-path connection (a task scheduled now).
      expect(
        await retried(() => scheduler.schedule('reminders', 'r2', Date.now() + 100, { text: 'new' })),
      ).toBeLessThan(2_000);
      while (fired.length < 2 && Date.now() < due) await new Promise((r) => setTimeout(r, 100));
      expect(fired.map((t) => t.id)).toEqual(['r1', 'r2']);
    } finally {
      await scheduler.stop({ drainMs: 0 });
      await store.close();
    }
  });

  it('confirms a write again on the promoted primary when the node that took it was made a replica before its WAIT', {
    timeout: 40_000,
  }, async () => {
    // The write lands and the node is demoted before its WAIT, which Redis then refuses ("ERR WAIT cannot be used
    // with replica instances"). A replica that takes writes (replica-read-only no) makes that moment last.
    const store = createRedisStore({ url: nodes.sentinelUrl(), prefix: 'demoted-wait:' });
    const scheduler = createBullmqScheduler({
      url: nodes.sentinelUrl(),
      prefix: 'demoted-wait:bull',
      logger: silentLogger,
    });
    try {
      const kv = store.namespace('notes');
      await kv.set('before', 1);
      await scheduler.schedule('reminders', 'w0', Date.now() + 60_000, { text: 'warm the connection' });
      const old = nodes.primary;
      expect(store.node?.()).toBe(old.address);
      await demoteByHand();
      await nodes.command(old, 'CONFIG', 'SET', 'replica-read-only', 'no');
      const promoted = nodes.primary;

      // The store's write lands on the old node; its confirmation says it is not known to be kept.
      const since = store.epoch();
      await kv.set('on-the-old-node', 2);
      await expect(store.replicated(since)).rejects.toMatchObject({
        name: 'StoreUnavailableError',
        message: expect.stringMatching(/made a replica since/),
      });
      // The connection went back to the sentinels: the next write is on the promoted primary, and confirmed.
      expect(await retried(() => kv.set('after', 3))).toBeLessThan(2_000);
      expect(store.node?.()).toBe(promoted.address);
      const again = store.epoch();
      await kv.set('on-the-promoted-node', 4);
      await store.replicated(again);

      // The scheduler's write is made again on the promoted primary and confirmed there: scheduling succeeds
      // (no worker runs here: one still on the old node, which takes writes, would run its copy too).
      await scheduler.schedule('reminders', 'w1', Date.now() + 60_000, { text: 'across the demotion' });
      expect(await nodes.command(promoted, 'EXISTS', 'demoted-wait:bull:{reminders}:w1')).toBe(1);
    } finally {
      await scheduler.stop({ drainMs: 0 });
      await store.close();
    }
  });
});
