import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { Store } from '../../../src/core/ports.ts';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { type RedisNodes, startRedisNodes } from '../../support/redis-nodes.ts';
import { REDIS_URL, uniquePrefix } from './helpers.ts';

// A claim guarding a call that cannot be repeated must be on a replica before the call: the primary that
// acknowledged it may die, and the replica promoted in its place would let another replica claim it again.

let nodes: RedisNodes;
const stores: Store[] = [];
beforeAll(async () => {
  nodes = await startRedisNodes({ replicas: 1, sentinels: 0 });
}, 40_000);
afterAll(async () => {
  await Promise.allSettled(stores.map((s) => s.close()));
  await nodes?.stop();
});

const storeOn = (url: string, replicaAcks?: number) => {
  const store = createRedisStore({
    url,
    prefix: uniquePrefix(),
    ...(replicaAcks !== undefined ? { replicaAcks } : {}),
  });
  stores.push(store);
  return store;
};

describe('a claim on the replicas', () => {
  it('is confirmed once a replica has it', async () => {
    const store = storeOn(nodes.nodeUrl(nodes.primary), 1);
    expect(await store.claim('publish:a', 60_000)).toBe(true);
    await expect(store.replicated()).resolves.toBeUndefined();
    const [replica] = nodes.replicas;
    if (!replica) throw new Error('no replica');
    const keys = (await nodes.command(replica, 'KEYS', '*_claim:publish:a')) as string[];
    expect(keys).toHaveLength(1);
  });

  it('is refused as "store unavailable" while the replica is cut off, so the call is not made', {
    timeout: 45_000,
  }, async () => {
    const store = storeOn(nodes.nodeUrl(nodes.primary), 1);
    const cut = nodes.cutReplicaLink(2_500);
    // Cut once a write of the primary's own no longer reaches the replica.
    for (let i = 0; i < 50; i++) {
      await nodes.command(nodes.primary, 'SET', 'probe', String(i));
      if ((await nodes.command(nodes.primary, 'WAIT', 1, 50)) === 0) break;
    }
    expect(await store.claim('publish:b', 60_000)).toBe(true);
    const started = Date.now();
    const error = await store.replicated().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    // Said by the WAIT, or at once by a look at the primary (no replica in sync to confirm anything).
    expect((error as Error).message).toMatch(/0 of 1 replica acknowledged|no replica: none is in sync/);
    // Bounded: the caller learns within about a second, not after the store's 2 s bound on an operation.
    expect(Date.now() - started).toBeLessThan(1_800);
    await cut;
    // Asked again once the replica is back (as callers do while a failover settles), the claim is confirmed.
    await nodes.waitForReplicas(1, 10_000);
    let confirmed = false;
    let last: unknown;
    for (let i = 0; i < 20 && !confirmed; i++) {
      confirmed = await store.replicated().then(
        () => true,
        (e: unknown) => {
          last = e;
          return false;
        },
      );
      if (!confirmed) await new Promise((r) => setTimeout(r, 200));
    }
    if (!confirmed) {
      const [r] = nodes.replicas;
      console.log('LAST', String(last), await nodes.command(nodes.primary, 'INFO', 'replication'));
      if (r) console.log('REPLICA', await nodes.command(r, 'INFO', 'replication'), nodes.log(r, 40));
    }
    expect(confirmed).toBe(true);
    const [replica] = nodes.replicas;
    if (!replica) throw new Error('no replica');
    expect(await nodes.command(replica, 'KEYS', '*_claim:publish:b')).toHaveLength(1);
  });

  it('vouches for nothing written before the connection was made again, whatever was written since', async () => {
    const store = storeOn(nodes.nodeUrl(nodes.primary), 1);
    const since = store.epoch();
    expect(await store.claim('publish:d', 60_000)).toBe(true);
    // The connection drops (as in a failover) and comes back; another write goes over the new one.
    await nodes.command(nodes.primary, 'CLIENT', 'KILL', 'TYPE', 'normal');
    let wrote = false;
    for (let i = 0; i < 50 && !wrote; i++) {
      wrote = await store.claim(`publish:e${i}`, 60_000).catch(() => false);
      if (!wrote) await new Promise((r) => setTimeout(r, 100));
    }
    expect(wrote).toBe(true);
    expect(store.epoch()).not.toBe(since);
    // The acknowledgement of that later write says nothing of the claim made before: refused, so the
    // caller writes it again.
    const error = await store.replicated(since).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toMatch(/reconnected since/);
    // Written again on the new connection, it is confirmed.
    const again = store.epoch();
    await store.release('publish:d').catch(() => undefined);
    expect(await store.claim('publish:d', 60_000)).toBe(true);
    await expect(store.replicated(again)).resolves.toBeUndefined();
  }, 30_000);

  it('asks nothing of one Redis without replicas (plain redis://)', async () => {
    const store = storeOn(REDIS_URL);
    expect(await store.claim('publish:c', 60_000)).toBe(true);
    await expect(store.replicated()).resolves.toBeUndefined();
  });
});
