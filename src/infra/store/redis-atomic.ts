// The Redis store's atomic operations, on the same ioredis connection as its keyv adapter (keyv-ioredis.ts).
// keyv's API has get, set and delete but nothing conditional: a claim is SET NX PX; renewing or releasing a
// claim only while this holder's token is in it, and a compare-and-set (write only while the key still
// holds exactly what was read), are Lua scripts, each one atomic step on the server, sent once and then
// run by their hash.
//
// A claim's key holds the holder's token as plain text, expired by Redis itself; entries hold keyv's rows.

import type { RedisClient, RedisConnection } from '../redis/redis-connection.ts';
import { RELEASE_IF_HELD, RENEW_IF_HELD } from '../redis/redis-held-key.ts';
import { createReplicaAcks } from '../redis/redis-replica-acks.ts';
import type { ReplicaCensus } from '../redis/redis-replica-census.ts';
import type { RedisWriteHealth } from '../redis/redis-write-health.ts';
import type { AtomicOps } from './keyv-backend.ts';

// ARGV: 1 = whether a value was read ('1') or the key was absent ('0'), 2 = what was read,
// 3 = the new row, 4 = time to live in ms ('' = none).
const WRITE_IF_UNCHANGED = `
local current = redis.call('get', KEYS[1])
if ARGV[1] == '0' then
  if current then return 0 end
elseif current ~= ARGV[2] then return 0 end
if ARGV[4] == '' then redis.call('set', KEYS[1], ARGV[3]) else redis.call('set', KEYS[1], ARGV[3], 'PX', ARGV[4]) end
return 1`;

/** The scripts, registered on the client: ioredis runs each by its hash and sends the text only once. */
interface Scripts {
  releaseIfHeld(key: string, token: string): Promise<number>;
  renewIfHeld(key: string, token: string, ttlMs: string): Promise<number>;
  writeIfUnchanged(key: string, read: string, stamp: string, row: string, ttlMs: string): Promise<number>;
}

/**
 * `replicated()` has at least `replicas` replicas acknowledge the writes made on this connection, and behind
 * Sentinel every replica the `census` says could be promoted (redis-replica-acks.ts); 0 skips the question
 * (one Redis, nothing to fail over to).
 */
export function createRedisAtomic(
  connection: RedisConnection,
  confirm: { replicas: number; census?: ReplicaCensus; health?: RedisWriteHealth } = { replicas: 0 },
): AtomicOps {
  const client = connection.client as RedisClient & Scripts;
  client.defineCommand('releaseIfHeld', { numberOfKeys: 1, lua: RELEASE_IF_HELD });
  client.defineCommand('renewIfHeld', { numberOfKeys: 1, lua: RENEW_IF_HELD });
  client.defineCommand('writeIfUnchanged', { numberOfKeys: 1, lua: WRITE_IF_UNCHANGED });
  const acks = createReplicaAcks(client, confirm);
  // Which connection carried the last claim or compare-and-set.
  let wroteOn = 0;
  return {
    async read(key) {
      await connection.ready();
      return (await client.get(key)) ?? undefined;
    },
    async writeIf(key, stamp, row, ttlMs) {
      await connection.ready();
      const ttl = ttlMs === undefined ? '' : String(Math.ceil(ttlMs));
      wroteOn = acks.epoch();
      return (await client.writeIfUnchanged(key, stamp === undefined ? '0' : '1', stamp ?? '', row, ttl)) === 1;
    },
    async claim(key, token, ttlMs) {
      await connection.ready();
      wroteOn = acks.epoch();
      return (await client.set(key, token, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async renew(key, token, ttlMs) {
      await connection.ready();
      return (await client.renewIfHeld(key, token, String(ttlMs))) === 1;
    },
    async release(key, token) {
      await connection.ready();
      await client.releaseIfHeld(key, token);
    },
    async ping() {
      await connection.ready();
      await client.ping();
    },
    epoch: acks.epoch,
    async replicated(since) {
      // Without `since`, the writes asked about are the last claim or compare-and-set.
      const why = await acks.unconfirmed(since ?? wroteOn);
      if (why) throw new Error(why);
    },
  };
}
