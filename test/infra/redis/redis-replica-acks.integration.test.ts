import { afterEach, describe, expect, it } from 'vitest';
import { createRedisConnection, type RedisConnection } from '../../../src/infra/redis/redis-connection.ts';
import { createReplicaAcks } from '../../../src/infra/redis/redis-replica-acks.ts';
import { REDIS_URL } from '../store/helpers.ts';

// The local Redis has no replica: asking for one is never answered, asking for none needs no answer.
// (The store's and the scheduler's tests run the same module against a real replica and its promotion.)

let connection: RedisConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function connected(): Promise<RedisConnection> {
  connection = createRedisConnection(REDIS_URL);
  await connection.ready();
  return connection;
}

describe('a replica-acknowledged write', () => {
  it('is written once and confirmed at once when no replica is asked for (one Redis)', async () => {
    const { client } = await connected();
    const acks = createReplicaAcks(client, { replicas: 0 });
    let writes = 0;
    expect(await acks.writeConfirmed(async () => void writes++, 1_000)).toBe(true);
    expect(writes).toBe(1);
  });

  it('is waited for again, not written again, while no replica acknowledges it, then reported unconfirmed', async () => {
    connection = createRedisConnection(REDIS_URL);
    // Made before the connection, as its users do, so it counts the first connection too.
    const acks = createReplicaAcks(connection.client, { replicas: 1, waitMs: 20 });
    await connection.ready();
    let writes = 0;
    expect(await acks.writeConfirmed(async () => void writes++, 300)).toBe(false);
    // Still on the primary that took it: a second write could run a task a second time (one due at once ran
    // in between), and WAIT counts the first one all the same.
    expect(writes).toBe(1);
    expect(await acks.unconfirmed(acks.epoch())).toBe('0 of 1 replica acknowledged the writes within 20 ms');
  });

  it('is written again once the connection that carried it was made again (the node may be gone)', async () => {
    connection = createRedisConnection(REDIS_URL);
    const acks = createReplicaAcks(connection.client, { replicas: 1, waitMs: 20 });
    await connection.ready();
    const { client } = connection;
    let writes = 0;
    const confirmed = await acks.writeConfirmed(async () => {
      writes++;
      // The first write's connection drops before it is confirmed.
      if (writes === 1) client.disconnect(true);
    }, 600);
    expect(confirmed).toBe(false);
    expect(writes).toBe(2);
  });

  it('vouches for nothing written on a connection that has since been made again', async () => {
    const { client } = await connected();
    const acks = createReplicaAcks(client, { replicas: 1, waitMs: 20 });
    // Counting started after the first connection: the writes' epoch is not the one now.
    const since = acks.epoch();
    client.disconnect(true);
    await new Promise<void>((resolve) => client.once('ready', resolve));
    expect(acks.epoch()).toBe(since + 1);
    expect(await acks.unconfirmed(since)).toMatch(/connection that carried the writes was lost/);
  });
});
