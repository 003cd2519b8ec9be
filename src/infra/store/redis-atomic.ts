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
// 3 = the new row, 4 = time to live in ms ('' = none), 5 = '1' when this write is sent again after its
// connection moved to a promoted node (connection.carried): a key that already holds the new row then took
// this very write before, so it answers 1, and writes the row again so that the replicas' acknowledgement on
// this connection covers it. (A first write finding its row there met another writer's equal row: refused.)
const WRITE_IF_UNCHANGED = `
local current = redis.call('get', KEYS[1])
if ARGV[5] == '1' and current == ARGV[3] then
  redis.call('set', KEYS[1], current, 'KEEPTTL')
  return 1
end
if ARGV[1] == '0' then
  if current then return 0 end
elseif current ~= ARGV[2] then return 0 end
if ARGV[4] == '' then redis.call('set', KEYS[1], ARGV[3]) else redis.call('set', KEYS[1], ARGV[3], 'PX', ARGV[4]) end
return 1`;

// KEYS[1] the claim; ARGV: the holder's token, its time to live in ms. Taken when free; a claim that already
// holds this token was taken by this very call before its connection moved (connection.carried): still 1.
const CLAIM_OR_OURS = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
return 0`;

/**
 * How long a confirmation waits through a planned switchover for the connection to move (the sentinels announce
 * the promoted node a second or so after they start); within the store's 2 s bound on one operation.
 */
const THROUGH_SWITCH_MS = 1_800;

/** The scripts, registered on the client: ioredis runs each by its hash and sends the text only once. */
interface Scripts {
  claimOrOurs(key: string, token: string, ttlMs: string): Promise<number>;
  releaseIfHeld(key: string, token: string): Promise<number>;
  renewIfHeld(key: string, token: string, ttlMs: string): Promise<number>;
  writeIfUnchanged(
    key: string,
    read: string,
    stamp: string,
    row: string,
    ttlMs: string,
    again: string,
  ): Promise<number>;
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
  client.defineCommand('claimOrOurs', { numberOfKeys: 1, lua: CLAIM_OR_OURS });
  const acks = createReplicaAcks(client, confirm);
  // Which connection carried the last claim or compare-and-set.
  let wroteOn = 0;
  // Each operation is sent again when its connection drops under it to move to a promoted node (carried): all
  // of them are safe to repeat. Which connection carried the write is read once it answered, for the same
  // reason as in writeConfirmed (redis-replica-acks.ts).
  return {
    read: async (key) => (await connection.carried(() => client.get(key))) ?? undefined,
    async writeIf(key, stamp, row, ttlMs) {
      const ttl = ttlMs === undefined ? '' : String(Math.ceil(ttlMs));
      const written = await connection.carried((again) =>
        client.writeIfUnchanged(key, stamp === undefined ? '0' : '1', stamp ?? '', row, ttl, again ? '1' : '0'),
      );
      wroteOn = acks.epoch();
      return written === 1;
    },
    async claim(key, token, ttlMs) {
      const taken = await connection.carried(() => client.claimOrOurs(key, token, String(ttlMs)));
      wroteOn = acks.epoch();
      return taken === 1;
    },
    renew: async (key, token, ttlMs) =>
      (await connection.carried(() => client.renewIfHeld(key, token, String(ttlMs)))) === 1,
    async release(key, token) {
      await connection.carried(() => client.releaseIfHeld(key, token));
    },
    async ping() {
      await connection.ready();
      await client.ping();
    },
    epoch: acks.epoch,
    async replicated(since) {
      // Without `since`, the writes asked about are the last claim or compare-and-set. Through a planned
      // switchover it waits for the move, so the caller writes again on the promoted node, not refused.
      const why = await acks.unconfirmed(since ?? wroteOn, THROUGH_SWITCH_MS);
      if (why) throw new Error(why);
    },
  };
}
