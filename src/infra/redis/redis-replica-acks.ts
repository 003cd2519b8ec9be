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

export interface ReplicaAcks {
  /** Replicas that must hold a write at the least; 0 asks nothing (one Redis, nothing to fail over to). */
  readonly replicas: number;
  /** The client's connection now: a number that changes at each (re)connection. Read it before writing. */
  epoch(): number;
  /**
   * Why the writes sent on the connection of `since` are not known to be on the replicas (that connection was
   * lost, its node was demoted, or too few acknowledged in time); undefined once they are.
   */
  unconfirmed(since: number): Promise<string | undefined>;
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

  /** How many replicas must hold the writes of the connection on `node`; a reason when none can vouch. */
  async function wanted(node: string | undefined, fresh: boolean): Promise<number | string> {
    if (!census || !node) return replicas;
    const said = await census.of(node, { fresh });
    if (said.kind === 'demoted') {
      // Left on a node the sentinels no longer name (its announcement missed): it goes back to them, as on
      // READONLY (sentinelOptions in redis-connection.ts).
      if (client.status === 'ready' && nodeOf(client) === node) client.disconnect(true);
      return `the sentinels name ${said.primary} as primary, not ${node}: the node that took the writes was made a replica since`;
    }
    // No sentinel answered: nothing can be promoted meanwhile either, so the least is enough.
    return said.kind === 'primary' ? Math.max(replicas, said.count) : replicas;
  }

  /**
   * Why the writes of `since` are not confirmed, and whether they must be written again: yes when the node that
   * took them may be gone (the connection was made again, or the node demoted); no when the replicas were only
   * slow (WAIT counts every write of the connection, so waiting again still vouches for them).
   */
  async function check(since: number): Promise<{ why: string; writeAgain: boolean } | undefined> {
    if (replicas <= 0) return undefined;
    if (client.status !== 'ready' || since !== connections) {
      return { why: 'the connection that carried the writes was lost (Redis reconnected since)', writeAgain: true };
    }
    const node = nodeOf(client);
    const degraded = node ? options.health?.recent(node) : undefined;
    if (degraded) return { why: degraded, writeAgain: false };
    const count = await wanted(node, false);
    // Written again only once the connection has moved to the promoted node (the epoch check above).
    if (typeof count === 'string') return { why: count, writeAgain: false };
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
    if (typeof now === 'string') return { why: now, writeAgain: false };
    if (acknowledged >= now) return undefined;
    const whom = `${acknowledged} of ${now} replica${now === 1 ? '' : 's'}`;
    return { why: `${whom} acknowledged the writes within ${waitMs} ms`, writeAgain: false };
  }

  return {
    replicas,
    epoch: () => connections,
    unconfirmed: async (since) => (await check(since))?.why,
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
