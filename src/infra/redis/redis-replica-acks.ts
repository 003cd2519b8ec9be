// Replication is asynchronous: a write the primary acknowledged may be missing on the replica promoted when it
// dies. Redis's WAIT tells how many replicas hold every write *this connection* sent, so an acknowledgement
// vouches only for writes made on the connection that asks: after a reconnection (perhaps to a promoted replica
// that lacks them) it would answer for none, so it is never asked on a new one. Behind Sentinel the writes must
// be on every replica the sentinels could promote (redis-replica-census.ts), not on any one: the one that holds
// them may not be the one promoted. The store and the scheduler both confirm their writes through here.
import { nodeOf, type RedisClient } from './redis-connection.ts';
import { WAIT_ON_REPLICA } from './redis-outage.ts';
import type { ReplicaCensus } from './redis-replica-census.ts';
import type { RedisWriteHealth } from './redis-write-health.ts';

/** How long one WAIT waits for the replicas; within the store's bound on one operation (2 s). */
const WAIT_MS = 1_000;
// Between two writes of the same thing, backing off to at most 2 s (a failover takes seconds).
const MAX_BACKOFF_MS = 2_000;
/** How often a confirmation looks again while a switchover is under way. */
const SWITCH_LOOK_MS = 100;

/** Why writes are not confirmed, and whether they must be written again (see `check`). */
interface Unconfirmed {
  why: string;
  writeAgain: boolean;
  switching?: true;
}

export interface ReplicaAcks {
  /** Replicas that must hold a write at the least; 0 asks nothing (one Redis, nothing to fail over to). */
  readonly replicas: number;
  /** The client's connection now: a number that changes at each (re)connection. Read it before writing. */
  epoch(): number;
  /**
   * Why the writes sent on the connection of `since` are not known to be on the replicas (that connection was
   * lost, its node was demoted, or too few acknowledged in time); undefined once they are. While a failover
   * away from the node is under way, it looks again for up to `throughSwitchMs` (default 0) before it says so:
   * by then the connection has usually moved, and the answer is that the writes must be made again.
   */
  unconfirmed(since: number, throughSwitchMs?: number): Promise<string | undefined>;
  /**
   * Runs `write` (which must be safe to repeat), then confirms it until `withinMs` has passed: waiting again
   * while the replicas are slow, writing it again on whichever primary is up when the node that took it may be
   * gone. False when it could not be confirmed in time.
   */
  writeConfirmed(write: () => Promise<void>, withinMs: number): Promise<boolean>;
}

export interface ReplicaAcksOptions {
  /** At the least this many replicas must acknowledge (0: none, and nothing is asked). */
  replicas: number;
  /**
   * Behind Sentinel: the replicas that could be promoted, each of which must acknowledge (when there are more
   * than `replicas`). Without it, `replicas` is the count.
   */
  census?: ReplicaCensus;
  /**
   * A look at the primary from another connection: while it says a moment ago that writes cannot be confirmed
   * there, a confirmation is refused at once, without a WAIT that would hold this connection for `waitMs`.
   */
  health?: RedisWriteHealth;
  waitMs?: number;
}

export function createReplicaAcks(client: RedisClient, options: ReplicaAcksOptions): ReplicaAcks {
  const { replicas, census } = options;
  const waitMs = options.waitMs ?? WAIT_MS;
  let connections = 0;
  client.on('ready', () => {
    connections++;
  });

  /**
   * How many replicas must hold the writes of the connection on `node`; or why none can vouch for them there
   * now: the node was demoted, or a failover away from it is under way (`switching`: its writes from now on
   * would not be on the promoted node; the connection moves there at the announcement).
   */
  async function wanted(node: string | undefined, fresh: boolean): Promise<number | Unconfirmed> {
    if (!census || !node) return replicas;
    const said = await census.of(node, { fresh });
    if (said.kind === 'demoted') {
      // Left on a node the sentinels no longer name (its announcement missed): it goes back to them, as on
      // READONLY (sentinelOptions in redis-connection.ts). Written again only once it has moved (the epoch).
      if (client.status === 'ready' && nodeOf(client) === node) client.disconnect(true);
      const why = `the sentinels name ${said.primary} as primary, not ${node}: the node that took the writes was made a replica since`;
      return { why, writeAgain: false };
    }
    if (said.kind === 'unknown') return replicas;
    if (said.switching) {
      return { why: `a failover away from ${node} is under way`, writeAgain: false, switching: true };
    }
    // No sentinel answered: nothing can be promoted meanwhile either, so the least is enough.
    return Math.max(replicas, said.count);
  }

  /**
   * Why the writes of `since` are not confirmed, and whether they must be written again: yes when the node that
   * took them may be gone (the connection was made again); no when the replicas were only slow (WAIT counts
   * every write of the connection, so waiting again still vouches for them) or the connection has yet to move.
   */
  async function check(since: number): Promise<Unconfirmed | undefined> {
    if (replicas <= 0) return undefined;
    if (client.status !== 'ready' || since !== connections) {
      return { why: 'the connection that carried the writes was lost (Redis reconnected since)', writeAgain: true };
    }
    const node = nodeOf(client);
    const degraded = node ? await options.health?.verdict(node) : undefined;
    if (degraded) return { why: degraded, writeAgain: false };
    const count = await wanted(node, false);
    if (typeof count !== 'number') return count;
    let acknowledged: number;
    try {
      acknowledged = await client.wait(count, waitMs);
    } catch (error) {
      // The node that took the writes was made a replica since (a failover under this open connection): they
      // are not known to be on any other node. The connection goes back to the sentinels (sentinelOptions).
      if (error instanceof Error && WAIT_ON_REPLICA.test(error.message)) {
        return { why: 'the node that took the writes was made a replica since', writeAgain: true };
      }
      throw error;
    }
    if (acknowledged >= count) return undefined;
    // The census may be a second old: a replica that died since is no longer waited for. Asked after the WAIT,
    // so a replica being promoted meanwhile (still listed) is still counted, and a demotion is seen.
    const now = await wanted(node, true);
    if (typeof now !== 'number') return now;
    if (acknowledged >= now) return undefined;
    const whom = `${acknowledged} of ${now} replica${now === 1 ? '' : 's'}`;
    return { why: `${whom} acknowledged the writes within ${waitMs} ms`, writeAgain: false };
  }

  return {
    replicas,
    epoch: () => connections,
    async unconfirmed(since, throughSwitchMs = 0) {
      const deadline = Date.now() + throughSwitchMs;
      for (;;) {
        const failed = await check(since);
        if (!failed?.switching || Date.now() >= deadline) return failed?.why;
        // A planned switchover: the connection moves at its announcement, a second or so from now, and the
        // caller then writes again on the promoted node instead of being refused.
        await new Promise((resolve) => setTimeout(resolve, SWITCH_LOOK_MS));
      }
    },
    async writeConfirmed(write, withinMs) {
      const deadline = Date.now() + withinMs;
      let attempt = 0;
      const pause = () => new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt++, MAX_BACKOFF_MS)));
      for (;;) {
        await write();
        // Read after the write's answer, not before: a write sent while the client was reconnecting waited in its
        // queue and was made on the next connection, whose WAIT vouches for it. Read before, it looked lost and
        // was written again, after a task due at once had run (the task ran twice).
        const since = connections;
        // Only where the write may be lost is it made again: a task written twice on one primary could have run
        // in between (a task due at once), and the second write would run it a second time.
        for (;;) {
          const failed = await check(since);
          if (!failed) return true;
          if (Date.now() > deadline) return false;
          await pause();
          if (failed.writeAgain) break;
        }
      }
    },
  };
}
