// Issue 43: with two replicas (Redis's own recommended set-up), a write the store confirmed on the replicas
// must survive whichever replica the sentinels promote. Confirmed on "one replica" (WAIT 1) it could sit on the
// replica that is not promoted, which then copies the promoted one and drops it: in a planned switchover (the
// old primary and one replica go on taking writes for a second after the other replica is promoted), and after
// a kill -9 when the sentinels prefer a replica that was behind. Real processes: a primary, two replicas, three
// sentinels; the store on `redis+sentinel://`, as the bot runs it. Each round is a burst of writes, each
// confirmed or refused (the caller is told "storage is unavailable"), and every confirmed one must be on the
// primary once the set has settled. EVERY_REPLICA_ROUNDS repeats the pair of rounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/core/ports.ts';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { type RedisNode, type RedisNodes, startRedisNodes } from '../../support/redis-nodes.ts';
import { uniquePrefix } from './helpers.ts';

const ROUNDS = Number(process.env.EVERY_REPLICA_ROUNDS ?? 1);
/** Writes in a burst, one every WRITE_EVERY_MS; the failover comes FAILOVER_AFTER_MS into it. */
const WRITES = 150;
const WRITE_EVERY_MS = 20;
const FAILOVER_AFTER_MS = 1_000;

let nodes: RedisNodes;
let store: Store;
const prefix = uniquePrefix();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  nodes = await startRedisNodes({ replicas: 2, sentinels: 3, downAfterMs: 1_000, failoverTimeoutMs: 3_000 });
  store = createRedisStore({ url: nodes.sentinelUrl(), prefix });
  await store.ping(5_000);
}, 60_000);
afterAll(async () => {
  await store?.close();
  await nodes?.stop();
});

interface Burst {
  confirmed: string[];
  refused: number;
}

/** WRITES compare-and-set writes, each confirmed on the replicas (Store.replicated) or refused. */
async function burst(round: string, during: () => Promise<void>): Promise<Burst> {
  const ns = store.namespace('every');
  const confirmed: string[] = [];
  let refused = 0;
  const t0 = Date.now();
  const writes = Array.from({ length: WRITES }, async (_, i) => {
    await sleep(i * WRITE_EVERY_MS);
    const key = `${round}-${i}`;
    try {
      const since = store.epoch();
      await ns.update(key, () => ({ i }));
      await store.replicated(since);
      confirmed.push(key);
    } catch (e) {
      refused++;
      if (process.env.EVERY_REPLICA_DEBUG) console.log(Date.now() - t0, key, (e as Error).message);
    }
  });
  await sleep(FAILOVER_AFTER_MS);
  await during();
  await Promise.all(writes);
  return { confirmed, refused };
}

/** The confirmed keys the primary lacks once every replica copies it again. */
async function lostOn(primary: RedisNode, confirmed: string[]): Promise<string[]> {
  await nodes.waitForReplicas(2, 40_000).catch(async (error: unknown) => {
    // Which node did not come back, and why, for the failure's message.
    const states = await Promise.all(
      nodes.nodes.map(
        async (n) => `${n.address}: ${String(await nodes.command(n, 'INFO', 'replication').catch((e) => e))}`,
      ),
    );
    throw new Error(`${String(error)}\n${states.join('\n')}\n${nodes.nodes.map((n) => nodes.log(n, 15)).join('\n')}`);
  });
  const lost: string[] = [];
  for (const key of confirmed) {
    if (Number(await nodes.command(primary, 'EXISTS', `${prefix}every:${key}`)) !== 1) lost.push(key);
  }
  return lost;
}

/** Waits until the sentinels see `replica` with this priority (they read it from its INFO every 10 s). */
async function prefer(replica: RedisNode, priority: number): Promise<void> {
  await nodes.command(replica, 'CONFIG', 'SET', 'replica-priority', String(priority));
  const [sentinel] = nodes.sentinels;
  if (!sentinel) throw new Error('no sentinel');
  for (let i = 0; i < 150; i++) {
    const list = (await nodes.command(sentinel, 'SENTINEL', 'REPLICAS', nodes.masterName)) as string[][];
    const seen = list.some(
      (r) => r.join(' ').includes(`port ${replica.port} `) && r.join(' ').includes(`slave-priority ${priority}`),
    );
    if (seen) return;
    await sleep(100);
  }
  throw new Error(`the sentinels did not see ${replica.address} with priority ${priority}`);
}

describe('writes confirmed behind Sentinel with two replicas', () => {
  for (let round = 0; round < ROUNDS; round++) {
    it(`survive a planned switchover (SENTINEL FAILOVER) during a burst (round ${round + 1})`, {
      timeout: 90_000,
    }, async () => {
      const old = nodes.primary;
      const result = await burst(`planned${round}`, async () => {
        const [sentinel] = nodes.sentinels;
        if (!sentinel) throw new Error('no sentinel');
        await nodes.command(sentinel, 'SENTINEL', 'FAILOVER', nodes.masterName);
      });
      const promoted = await nodes.waitForFailover(20_000, old);
      const lost = await lostOn(promoted, result.confirmed);
      console.log(
        `planned switchover ${round + 1} (${old.address} to ${promoted.address}): ${result.confirmed.length} confirmed, ` +
          `${result.refused} refused, ${lost.length} lost`,
      );
      expect(result.confirmed.length).toBeGreaterThan(0);
      expect(lost).toEqual([]);
      // The next switchover waits out the sentinels' failover timeout (twice 3 s).
      await sleep(6_500);
    });

    it(`survive a kill -9 of the primary during a burst, the sentinels preferring the replica that was behind (round ${round + 1})`, {
      timeout: 120_000,
    }, async () => {
      const old = nodes.primary;
      const [behind, ahead] = nodes.replicas;
      if (!behind || !ahead) throw new Error('two replicas expected');
      await prefer(behind, 10);
      await prefer(ahead, 100);
      const result = await burst(`killed${round}`, async () => {
        // The preferred replica misses the last writes before the kill; the other one has them.
        const cut = nodes.cutReplicaLink(1_500, behind);
        await sleep(700);
        await nodes.killPrimary();
        await cut;
      });
      const promoted = await nodes.waitForFailover(20_000, old);
      await nodes.restart(old, { asReplica: true });
      const lost = await lostOn(promoted, result.confirmed);
      console.log(
        `killed primary ${round + 1}: promoted ${promoted === behind ? 'the replica behind' : 'the replica ahead'}, ` +
          `${result.confirmed.length} confirmed, ${result.refused} refused, ${lost.length} lost`,
      );
      expect(result.confirmed.length).toBeGreaterThan(0);
      expect(lost).toEqual([]);
      await prefer(behind, 100);
      await sleep(6_500);
    });
  }
});
