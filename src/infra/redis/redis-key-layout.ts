// Earlier versions named Redis keys under a prefix without a hash tag (`reelbot:`), which Redis Cluster
// spreads over slots, so its multi-key commands and scripts (keyv's MGET, BullMQ's Lua) fail with CROSSSLOT.
// Keys are now under KEY_PREFIX (redis-keys.ts); at start, whatever a bot of an earlier version left under the
// old prefix moves there once: store rows, claims and budget logs by RENAME (time to live and all), BullMQ's
// queues through BullMQ (moveBullmqQueue). Replicas starting together take turns; only one moves, the others find
// nothing left.
import { randomUUID } from 'node:crypto';
import { ConfigError } from '../../core/errors.ts';
import type { Logger } from '../../core/ports.ts';
import { connectedWorkers, moveBullmqQueue } from '../scheduler/bullmq.ts';
import { createRedisConnection, type RedisClient } from './redis-connection.ts';
import { RELEASE_IF_HELD, RENEW_IF_HELD } from './redis-held-key.ts';
import { bullmqPrefix, redisKey } from './redis-keys.ts';

const SCAN_COUNT = 500;
/** How long one replica may take over the move before another may start it again. */
const MOVE_TURN_MS = 120_000;

export interface KeyMove {
  /** Keys renamed (store rows, claims, budget logs). */
  keys: number;
  /** Keys left where they were because the new name was taken already (written by this version). */
  kept: number;
  /** Scheduled tasks moved into the queues under the new prefix. */
  tasks: number;
}

/**
 * Moves every key under `from` to the same name under `to`; BullMQ's keys (under `from`bull:) queue by queue.
 * Safe to call at every start: with nothing under `from` it only scans.
 */
export async function moveLegacyKeys(options: {
  url: string;
  from: string;
  to: string;
  logger: Logger;
  /** How long to wait between looks while another replica moves; default 250 ms. */
  pollMs?: number;
}): Promise<KeyMove> {
  const { from, to } = options;
  const moved: KeyMove = { keys: 0, kept: 0, tasks: 0 };
  if (from === to || to.startsWith(from)) return moved;
  const connection = createRedisConnection(options.url, { failFast: true });
  const { client } = connection;
  const lockKey = redisKey(to, 'moving-legacy-keys');
  const token = randomUUID();
  let renewing: NodeJS.Timeout | undefined;
  try {
    await connection.ready();
    while ((await client.set(lockKey, token, 'PX', MOVE_TURN_MS, 'NX')) !== 'OK') {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    }
    // A large database takes a while: held for as long as this replica is moving, lapsing only if it dies.
    renewing = setInterval(() => {
      client.eval(RENEW_IF_HELD, 1, lockKey, token, String(MOVE_TURN_MS)).catch(() => undefined);
    }, MOVE_TURN_MS / 4);
    const bullFrom = `${bullmqPrefix(from)}:`;
    // A replica of an earlier version still running would go on using the old keys beside this one's: two
    // sets of claims, so results posted twice. Refuse instead, before anything moves.
    let running = 0;
    for await (const queue of legacyQueues(client, bullFrom)) {
      running += (await connectedWorkers({ url: options.url, prefix: bullmqPrefix(from), queue })) ?? 0;
    }
    if (running > 0) {
      throw new ConfigError(
        `Replicas of an earlier reelbot version are still running on the Redis keys under "${from}" ` +
          `(${running} scheduler workers connected). This version keeps its keys under "${to}" (a hash tag, ` +
          'for Redis Cluster) and moves the old ones when it starts: stop every replica of the earlier ' +
          'version, then start this one (docs/operations.md, "Upgrading").',
      );
    }
    const queues = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(from)}*`, 'COUNT', SCAN_COUNT);
      cursor = next;
      for (const key of keys) {
        if (key.startsWith(bullFrom)) {
          const queue = queueName(key.slice(bullFrom.length));
          if (queue) queues.add(queue);
          continue;
        }
        const renamed = await client.renamenx(key, to + key.slice(from.length)).catch(() => undefined);
        if (renamed === 1) moved.keys++;
        else if (renamed === 0) moved.kept++;
      }
    } while (cursor !== '0');
    for (const queue of queues) {
      moved.tasks += await moveBullmqQueue({ url: options.url, from: bullmqPrefix(from), to: bullmqPrefix(to), queue });
    }
    if (moved.keys + moved.kept + moved.tasks > 0) {
      options.logger.warn(
        { from, to, ...moved },
        `Redis keys moved from the prefix "${from}" to "${to}" (a hash tag, for Redis Cluster): ${moved.keys} ` +
          `keys and ${moved.tasks} scheduled tasks` +
          (moved.kept ? `; ${moved.kept} keys kept under "${from}" because "${to}" already held them` : ''),
      );
    }
    return moved;
  } finally {
    clearInterval(renewing);
    await client.eval(RELEASE_IF_HELD, 1, lockKey, token).catch(() => undefined);
    await connection.close();
  }
}

/** Whether any key is left under `from` (which the next start of the bot would move). */
export async function hasLegacyKeys(options: { url: string; from: string }): Promise<boolean> {
  const connection = createRedisConnection(options.url, { failFast: true });
  try {
    await connection.ready();
    let cursor = '0';
    do {
      const [next, keys] = await connection.client.scan(
        cursor,
        'MATCH',
        `${globEscape(options.from)}*`,
        'COUNT',
        SCAN_COUNT,
      );
      if (keys.length > 0) return true;
      cursor = next;
    } while (cursor !== '0');
    return false;
  } finally {
    await connection.close();
  }
}

/** The queues with keys under `bullFrom` (each once). */
async function* legacyQueues(client: RedisClient, bullFrom: string): AsyncGenerator<string> {
  const seen = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(bullFrom)}*`, 'COUNT', SCAN_COUNT);
    cursor = next;
    for (const key of keys) {
      const queue = queueName(key.slice(bullFrom.length));
      if (queue && !seen.has(queue)) {
        seen.add(queue);
        yield queue;
      }
    }
  } while (cursor !== '0');
}

/** The queue of a BullMQ key (`{poll}:delayed` → `{poll}`, `{poll}:17:lock` → `{poll}`). */
function queueName(rest: string): string | undefined {
  const end = rest.startsWith('{') ? rest.indexOf('}') + 1 : rest.indexOf(':');
  return end > 0 ? rest.slice(0, end) : undefined;
}

/** A SCAN pattern matching `text` literally. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
