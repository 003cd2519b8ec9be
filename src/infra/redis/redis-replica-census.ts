// Which replicas the sentinels could promote in place of a primary, so a write is confirmed on every one of
// them (redis-replica-acks.ts) and not on "any one": with two replicas, a write `WAIT 1` confirmed can sit on
// the replica that is *not* promoted, which then copies the promoted one and drops it. That happens in a
// planned switchover: the sentinels promote one replica while the old primary still takes writes and the other
// replica still copies them, for a second or so, until `+switch-master`. The sentinels go on listing the
// replica being promoted under the old primary until then, so it is counted, and a write it never got stays
// unconfirmed (and is written again on the promoted node once the connection moves there).

import { type RedisClient, sentinelClients } from './redis-connection.ts';
import { parseRedisUrl } from './redis-url.ts';

/** What the sentinels say of a primary's replicas. */
export type Census =
  /**
   * `count` replicas could be promoted in its place; `switching` while a failover away from it is under way
   * (a planned switchover: it still takes writes, which the promoted node will not have).
   */
  | { kind: 'primary'; count: number; switching: boolean }
  /** The sentinels name another node as primary: this one was (or is being) demoted. */
  | { kind: 'demoted'; primary: string }
  /** No sentinel answered. */
  | { kind: 'unknown' };

export interface ReplicaCensus {
  /**
   * What the sentinels say of `primary` (`host:port`, as `nodeOf` names it): a census at most 1 s old, or a
   * new one with `fresh` (a replica that died a moment ago is no longer counted).
   */
  of(primary: string, options?: { fresh?: boolean }): Promise<Census>;
  close(): void;
}

/** A census is kept this long: one question a second at most, besides the fresh ones a shortfall asks. */
const KEPT_MS = 1_000;
/** A sentinel that does not answer this fast is passed over for the next. */
const SENTINEL_TIMEOUT_MS = 500;
/**
 * Flags of a replica that cannot take the writes now: it is down (subjectively or by the quorum), or the
 * sentinel's own link to it is down (a killed process: at once, where `s_down` waits `down-after-milliseconds`).
 */
const UNAVAILABLE = /\b(s_down|o_down|disconnected)\b/;

/** Undefined for a single Redis server: nothing is ever promoted. */
export function createReplicaCensus(url: string): ReplicaCensus | undefined {
  const target = parseRedisUrl(url);
  const connected = sentinelClients(url, SENTINEL_TIMEOUT_MS);
  if (target.kind !== 'sentinel' || !connected) return undefined;
  const clients: RedisClient[] = connected;
  const { name } = target;
  let last: { at: number; primary: string; census: Census } | undefined;
  let asking: Promise<Array<SentinelView | undefined>> | undefined;

  async function askOne(client: RedisClient): Promise<SentinelView> {
    if (client.status === 'wait' || client.status === 'end') await client.connect();
    return {
      named: await client.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name),
      master: await client.call('SENTINEL', 'MASTER', name),
      replicas: await client.call('SENTINEL', 'REPLICAS', name),
    };
  }

  return {
    async of(primary, options) {
      if (!options?.fresh && last && last.primary === primary && Date.now() - last.at < KEPT_MS) return last.census;
      asking ??= Promise.all(
        clients.map((client) =>
          askOne(client).catch(() => {
            client.disconnect();
            return undefined;
          }),
        ),
      ).finally(() => {
        asking = undefined;
      });
      const census = censusFrom(await asking, primary);
      if (census.kind !== 'unknown') last = { at: Date.now(), primary, census };
      return census;
    },
    close() {
      for (const client of clients) client.disconnect();
    },
  };
}

/** One sentinel's answers to GET-MASTER-ADDR-BY-NAME, SENTINEL MASTER and SENTINEL REPLICAS, as it sent them. */
export interface SentinelView {
  named: unknown;
  master: unknown;
  replicas: unknown;
}

/**
 * What the sentinels that answered say of `primary`. The newest configuration wins: a sentinel that did not lead
 * a failover names the old primary for a second or two after the switch, until the leader's hello reaches it.
 * The primary is the one each names to clients (GET-MASTER-ADDR-BY-NAME: during a failover it leads, the
 * promoted node as soon as it is promoted, where SENTINEL MASTER still describes the old one). Only the leader
 * knows of a failover before the switch (its SENTINEL MASTER says failover_in_progress).
 */
export function censusFrom(views: ReadonlyArray<SentinelView | undefined>, primary: string): Census {
  let newest: ReturnType<typeof read> | undefined;
  const read = (view: SentinelView) => {
    const master = fields(view.master);
    const [host, port] = Array.isArray(view.named) ? view.named.map(String) : [];
    const named = host && port ? addressOf(host, port) : undefined;
    return {
      named,
      // Its leader names the old primary, marked as failing over, until the promoted node takes its place.
      switching:
        /\bfailover_in_progress\b/.test(master.flags ?? '') && named === addressOf(master.ip ?? '', master.port ?? ''),
      configEpoch: Number(master['config-epoch'] ?? 0),
      downAfterMs: Number(master['down-after-milliseconds'] ?? 30_000),
      // The node being promoted is listed among the old primary's replicas until the failover ends.
      replicas: (Array.isArray(view.replicas) ? view.replicas.map(fields) : []).filter(
        (r) => addressOf(r.ip ?? '', r.port ?? '') !== named,
      ),
    };
  };
  const seen = views.filter((v): v is SentinelView => v !== undefined).map(read);
  for (const view of seen) if (view.named && (!newest || view.configEpoch > newest.configEpoch)) newest = view;
  if (!newest?.named) return { kind: 'unknown' };
  if (newest.named !== primary) return { kind: 'demoted', primary: newest.named };
  const { downAfterMs } = newest;
  return {
    kind: 'primary',
    count: newest.replicas.filter((r) => promotable(r, downAfterMs)).length,
    switching: seen.some((v) => v.switching && v.named === primary),
  };
}

/**
 * Whether the sentinels could promote this replica, by their own rule (sentinelSelectSlave): up, not excluded
 * (priority 0), and not cut off from its primary for more than ten times `down-after-milliseconds`. The one a
 * failover is promoting counts until the switch is announced; the old primary the sentinels list as a replica
 * after it does not (it still says it is a primary until they convert it, and holds none of the new writes).
 */
function promotable(replica: Record<string, string>, downAfterMs: number): boolean {
  const flags = replica.flags ?? '';
  if (UNAVAILABLE.test(flags)) return false;
  if (/\bpromoted\b/.test(flags)) return true;
  if (replica['role-reported'] !== 'slave') return false;
  if (replica['slave-priority'] === '0' || replica['replica-priority'] === '0') return false;
  if (replica['master-link-status'] === 'ok') return true;
  return Number(replica['master-link-down-time'] ?? 0) <= 10 * downAfterMs;
}

/** `host:port` as `nodeOf` (redis-connection.ts) names a node. */
function addressOf(host: string, port: string): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** A flat `[k1, v1, k2, v2, …]` reply as a record. */
function fields(reply: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(reply)) return out;
  for (let i = 0; i + 1 < reply.length; i += 2) out[String(reply[i])] = String(reply[i + 1]);
  return out;
}
