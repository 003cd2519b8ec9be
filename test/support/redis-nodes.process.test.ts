import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisNodes, startRedisNodes } from './redis-nodes.ts';

// The failover tests stand on this harness: if the sentinels never promote the replica, or a write the primary
// acknowledged during a cut link survives on the replica anyway, those tests prove nothing.

let nodes: RedisNodes;
beforeAll(async () => {
  nodes = await startRedisNodes({ replicas: 1, sentinels: 3, masterName: 'harness', password: 'p@ss word' });
}, 40_000);
afterAll(async () => nodes?.stop());

describe('real Redis nodes under three sentinels', () => {
  it('promote the replica when the primary is killed, losing what the replica never got', async () => {
    const [replica] = nodes.replicas;
    if (!replica) throw new Error('no replica');
    expect(await nodes.primaryFromSentinels()).toBe(nodes.primary.address);
    await nodes.command(nodes.primary, 'SET', 'before', '1');
    await nodes.command(nodes.primary, 'WAIT', 1, 2000);

    const cut = nodes.cutReplicaLink(1_500, replica);
    await new Promise((r) => setTimeout(r, 300));
    await nodes.command(nodes.primary, 'SET', 'during', '1');
    expect(await nodes.command(nodes.primary, 'WAIT', 1, 200)).toBe(0);
    const old = await nodes.killPrimary();
    expect(old.alive).toBe(false);
    await cut;

    const promoted = await nodes.waitForFailover(20_000);
    expect(promoted).toBe(replica);
    expect(nodes.primary).toBe(replica);
    expect(await nodes.command(promoted, 'GET', 'before')).toBe('1');
    expect(await nodes.command(promoted, 'GET', 'during')).toBeNull();

    await nodes.restart(old, { asReplica: true });
    await nodes.waitForReplicas(1, 10_000);
    expect(nodes.replicas).toEqual([old]);

    // And again the other way: the old primary, back as a replica, is promoted in turn.
    await nodes.killPrimary();
    expect(await nodes.waitForFailover(20_000)).toBe(old);
  }, 60_000);

  it('names the sentinels in a redis+sentinel:// URL with the data nodes’ password', () => {
    const ports = nodes.sentinels.map((s) => s.port);
    expect(nodes.sentinelUrl(2)).toBe(
      `redis+sentinel://:p%40ss%20word@${ports.map((p) => `127.0.0.1:${p}`).join(',')}/harness/2`,
    );
  });

  it('leaves no process behind', async () => {
    const all = [...nodes.nodes, ...nodes.sentinels];
    const pids = all.map((n) => n.pid);
    await nodes.stop();
    expect(all.every((n) => !n.alive)).toBe(true);
    for (const pid of pids) expect(() => process.kill(pid as number, 0)).toThrow();
  });
});
