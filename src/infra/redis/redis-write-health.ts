// Whether the Redis primary can take writes the bot can confirm, looked at on a connection of its own: the
// store's connection is the one its WAITs block (up to a second each while no replica answers), so a health check
// asked there would wait behind them and call a primary that answers "down". Behind Sentinel a write is
// confirmed only once every replica the sentinels could promote holds it (redis-replica-acks.ts): with fewer of
// them in sync at the primary, or the node made read-only, the store is degraded, and a confirmation asked then is
// refused at once instead of waiting out its WAIT.

import { createRedisConnection, type RedisConnection } from './redis-connection.ts';
import type { ReplicaCensus } from './redis-replica-census.ts';

export interface RedisWriteHealth {
  /**
   * Why writes to the primary cannot be confirmed now (read-only, too few replicas in sync, another node named
   * primary); undefined when they can. Throws when no primary answers.
   */
  look(): Promise<string | undefined>;
  /**
   * Why writes cannot be confirmed on `node` now, from a look at most 1 s old (one is taken if there is none);
   * undefined when they can, when a switchover is under way (the confirmation's own to wait through), or when
   * the look could not be taken.
   */
  verdict(node: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** A look is reused this long by `verdict`. */
const RECENT_MS = 1_000;
/** A replica that has not acknowledged for longer than this (INFO's lag, in seconds) confirms nothing now. */
const MAX_LAG_S = 2;

export function createRedisWriteHealth(
  url: string,
  options: { replicas: number; census?: ReplicaCensus; timeoutMs?: number },
): RedisWriteHealth {
  const connection: RedisConnection = createRedisConnection(url, {
    failFast: true,
    timeoutMs: options.timeoutMs ?? 500,
  });
  let last: { at: number; node: string; why: string | undefined; switching: boolean } | undefined;

  async function look(): Promise<string | undefined> {
    await connection.ready();
    const info = fields(await connection.client.info('replication'));
    const node = connection.node();
    if (!node) throw new Error('no primary answers');
    const { why, switching = false } = (await judge(info, node)) ?? {};
    last = { at: Date.now(), node, why, switching };
    return why;
  }

  /** Why writes cannot be confirmed on `node`; `switching` when it is a failover under way, not a refusal. */
  async function judge(
    info: Record<string, string>,
    node: string,
  ): Promise<{ why: string; switching?: true } | undefined> {
    if (info.role !== 'master') return { why: `read-only: ${node} is a replica now` };
    if (options.replicas <= 0) return undefined;
    const inSync = Object.entries(info).filter(
      ([key, value]) => /^slave\d+$/.test(key) && /state=online/.test(value) && lagOf(value) <= MAX_LAG_S,
    ).length;
    const census = options.census ? await options.census.of(node) : undefined;
    if (census?.kind === 'demoted') {
      return { why: `read-only: the sentinels name ${census.primary} as primary, not ${node}` };
    }
    if (census?.kind === 'primary' && census.switching) {
      return { why: `a failover away from ${node} is under way`, switching: true };
    }
    const needed = Math.max(options.replicas, census?.kind === 'primary' ? census.count : 0);
    if (inSync >= needed) return undefined;
    if (inSync === 0) return { why: `no replica: none is in sync with the primary ${node} to confirm writes` };
    return {
      why: `${inSync} of ${needed} replicas in sync with the primary ${node}: writes cannot be confirmed on each`,
    };
  }

  return {
    look,
    async verdict(node) {
      if (!last || Date.now() - last.at > RECENT_MS) await look().catch(() => undefined);
      if (!last || last.node !== node || Date.now() - last.at > RECENT_MS) return undefined;
      // A switchover is the confirmation's own to wait through (redis-replica-acks.ts), not a refusal.
      return last.switching ? undefined : last.why;
    },
    close: () => connection.close(),
  };
}

function lagOf(replicaLine: string): number {
  return Number(/lag=(\d+)/.exec(replicaLine)?.[1] ?? 0);
}

/** `INFO` text as a record. */
function fields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) out[line.slice(0, at)] = line.slice(at + 1).trim();
  }
  return out;
}
