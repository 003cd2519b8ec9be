import { describe, expect, it } from 'vitest';
import { censusFrom, type SentinelView } from '../../../src/infra/redis/redis-replica-census.ts';

// Issue 43: which replicas a write must be on before it counts as kept, read from what the sentinels answer
// (shapes as Redis 7's sentinels sent them around a SENTINEL FAILOVER of a primary with two replicas).

const P = '10.0.0.1:6379';
const A = '10.0.0.2:6379';
const B = '10.0.0.3:6379';

const flat = (record: Record<string, string>) => Object.entries(record).flat();
const replica = (address: string, more: Record<string, string> = {}) => {
  const [ip, port] = address.split(':');
  return flat({
    ip: ip ?? '',
    port: port ?? '',
    flags: 'slave',
    'role-reported': 'slave',
    'master-link-status': 'ok',
    'master-link-down-time': '0',
    'slave-priority': '100',
    ...more,
  });
};
const view = (
  named: string,
  master: { address: string; flags?: string; epoch?: number },
  replicas: unknown[][],
): SentinelView => {
  const [ip, port] = master.address.split(':');
  return {
    named: named.split(':'),
    master: flat({
      ip: ip ?? '',
      port: port ?? '',
      flags: master.flags ?? 'master',
      'config-epoch': String(master.epoch ?? 0),
      'down-after-milliseconds': '5000',
    }),
    replicas,
  };
};

describe('the replicas a write must be on', () => {
  it('are every replica that could be promoted, not any one', () => {
    const views = [view(P, { address: P }, [replica(A), replica(B)])];
    expect(censusFrom(views, P)).toEqual({ kind: 'primary', count: 2, switching: false });
  });

  it('leave out a replica that is down, excluded from promotion, or cut off for long', () => {
    const views = [
      view(P, { address: P }, [
        replica(A, { flags: 'slave,disconnected' }),
        replica(B, { 'slave-priority': '0' }),
        replica('10.0.0.4:6379', { 'master-link-status': 'err', 'master-link-down-time': '60000' }),
        replica('10.0.0.5:6379', { 'master-link-status': 'err', 'master-link-down-time': '3000' }),
      ]),
    ];
    // The last was cut off for 3 s: the sentinels could still promote it (ten times down-after-milliseconds).
    expect(censusFrom(views, P)).toMatchObject({ kind: 'primary', count: 1 });
  });

  it('count the replica being promoted, and say a switchover is under way, while only its leader knows', () => {
    const leader = view(P, { address: P, flags: 'master,failover_in_progress,force_failover' }, [
      replica(A),
      replica(B, { flags: 'slave,promoted' }),
    ]);
    const other = view(P, { address: P }, [replica(A), replica(B)]);
    expect(censusFrom([other, leader, other], P)).toEqual({ kind: 'primary', count: 2, switching: true });
  });

  it('say the old primary was demoted once the leader names the promoted one, ahead of the others', () => {
    const leader = view(B, { address: P, flags: 'master,failover_in_progress', epoch: 1 }, [
      replica(A, { flags: 'slave,reconf_sent' }),
      replica(B, { flags: 'slave,promoted', 'role-reported': 'master' }),
    ]);
    const behind = view(P, { address: P }, [replica(A), replica(B)]);
    expect(censusFrom([behind, leader, behind], P)).toEqual({ kind: 'demoted', primary: B });
    // On the promoted node: its other replica counts; itself and the old primary (still a primary) do not.
    const after = view(B, { address: B, epoch: 1 }, [
      replica(A),
      replica(P, { 'role-reported': 'master', 'master-link-status': 'err' }),
    ]);
    expect(censusFrom([after, leader], B)).toEqual({ kind: 'primary', count: 1, switching: false });
  });

  it('is unknown when no sentinel answered', () => {
    expect(censusFrom([undefined, undefined], P)).toEqual({ kind: 'unknown' });
  });
});
