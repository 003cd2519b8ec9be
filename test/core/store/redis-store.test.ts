import KeyvRedis, { createClient } from '@keyv/redis';
import Keyv from 'keyv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../../src/core/store/redis-store.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix, withRedis } from './helpers.ts';

// Earlier versions stored through keyv with @keyv/redis; the store now speaks to Redis through ioredis (the
// client BullMQ loads anyway) and writes keyv's rows itself. Replicas of both versions share one Redis during
// a rolling upgrade, so each must read what the other wrote, byte for byte.

/** A record as the bot stores them: nested, with strings keyv escapes (a leading ':'). */
const JOB = {
  id: 'abcdefghjk',
  state: 'running',
  summary: ':clip youtube.com',
  requests: [{ videoUrl: 'https://youtube.com/watch?v=1', note: '::two colons' }],
  projectIds: [null, '0123456789abcdef01234567'],
  createdAt: 1_763_900_000_000,
};
const HOUR = 3_600_000;

/** keyv on Redis, configured as the Redis store configured it before. */
function previousVersion(): { keyv: Keyv; close(): Promise<void> } {
  const client = createClient({ url: REDIS_URL });
  const adapter = new KeyvRedis(client, { keyPrefixSeparator: ':', throwOnErrors: true });
  const keyv = new Keyv({ store: adapter, namespace: undefined, useKeyPrefix: false, throwOnErrors: true });
  return { keyv, close: () => adapter.disconnect() };
}

let prefix: string;
beforeEach(() => {
  prefix = uniquePrefix();
});
afterEach(async () => {
  await deleteRedisPrefix(prefix);
});

describe('a Redis database written by the previous version, through keyv', () => {
  it('reads back every record identically, lists them, and updates them', async () => {
    const old = previousVersion();
    await old.keyv.set(`${prefix}jobs:j1`, { v: JOB });
    await old.keyv.set(`${prefix}jobs:j2`, { v: ':just a string', exp: Date.now() + HOUR }, HOUR);
    await old.keyv.set(`${prefix}tokens:t1`, { v: { jobId: 'j1', part: 0 }, ver: 3 });
    await old.close();

    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      const jobs = store.namespace('jobs');
      expect(await jobs.get('j1')).toEqual(JOB);
      expect(await jobs.get('j2')).toBe(':just a string');
      expect(await store.namespace('tokens').get('t1')).toEqual({ jobId: 'j1', part: 0 });
      const listed = [];
      for await (const entry of jobs.entries()) listed.push(entry);
      expect(listed.sort(([a], [b]) => a.localeCompare(b))).toEqual([
        ['j1', JOB],
        ['j2', ':just a string'],
      ]);
      expect(await jobs.update('j1', (job?: typeof JOB) => job && { ...job, state: 'settled' })).toMatchObject({
        state: 'settled',
      });
      expect(await jobs.get('j1')).toEqual({ ...JOB, state: 'settled' });
    } finally {
      await store.close();
    }
  });

  it('reads a row past keyv’s own expiry as absent', async () => {
    const old = previousVersion();
    // keyv's expiry in the row has passed while Redis still holds the key (its own time to live is longer).
    await withRedis((client) =>
      client.set(`${prefix}jobs:gone`, JSON.stringify({ value: { v: 'old' }, expires: Date.now() - 1 }), { PX: HOUR }),
    );
    await old.close();
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      expect(await store.namespace('jobs').get('gone')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('a Redis database written by this version', () => {
  it('reads through keyv as what was stored, each row as keyv writes it, with Redis expiring rows with a time to live', async () => {
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      const jobs = store.namespace('jobs');
      await jobs.set('j1', JOB);
      await jobs.set('j2', ':with a time to live', HOUR);
      await jobs.update('j3', () => ({ ...JOB, id: 'j3' }));
      expect(await store.claim('slack:event:E1', HOUR)).toBe(true);
    } finally {
      await store.close();
    }

    const now = previousVersion();
    try {
      expect(await now.keyv.get(`${prefix}jobs:j1`)).toEqual({ v: JOB });
      expect(await now.keyv.get(`${prefix}jobs:j2`)).toMatchObject({ v: ':with a time to live' });
      expect(await now.keyv.get(`${prefix}jobs:j3`)).toEqual({ v: { ...JOB, id: 'j3' }, ver: 1 });
      const j1 = await withRedis((client) => client.get(`${prefix}jobs:j1`));
      expect(j1).toBe(await now.keyv.serializeData({ value: { v: JOB } }));
      const ttls = await withRedis(async (client) => ({
        j1: await client.pTTL(`${prefix}jobs:j1`),
        j2: await client.pTTL(`${prefix}jobs:j2`),
        claim: await client.pTTL(`${prefix}_claim:slack:event:E1`),
      }));
      expect(ttls.j1).toBe(-1);
      expect(ttls.j2).toBeGreaterThan(HOUR - 60_000);
      expect(ttls.claim).toBeGreaterThan(HOUR - 60_000);
    } finally {
      await now.close();
    }
  });
});
