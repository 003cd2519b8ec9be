import KeyvRedis, { createClient } from '@keyv/redis';
import Keyv from 'keyv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix, withRedis } from './helpers.ts';
import {
  CLAIM_OF_0BC1B50,
  expectKeyvReads,
  expectPreviousRecords,
  expectRecordsOf0bc1b50,
  HOUR,
  JOB,
  ROWS_OF_0BC1B50,
  writeAsPreviousVersion,
  writeAsThisVersion,
} from './keyv-format.ts';

// Earlier versions stored through keyv with @keyv/redis, then through ioredis with keyv's rows written by
// hand (up to 0bc1b50); the store is now keyv over an ioredis adapter of its own (keyv-ioredis.ts). Replicas
// of different versions share one Redis during a rolling upgrade, so each must read what the other wrote.

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
    await writeAsPreviousVersion(old.keyv, prefix);
    await old.close();

    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      await expectPreviousRecords(store);
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

describe('a Redis database written by the version that drove ioredis itself (0bc1b50)', () => {
  it('reads back every record, lists them, updates them, and keeps its claims', async () => {
    await withRedis(async (client) => {
      for (const [key, text] of ROWS_OF_0BC1B50) {
        if (key === 'jobs:j2') await client.set(prefix + key, text, { PX: HOUR });
        else await client.set(prefix + key, text);
      }
      await client.set(prefix + CLAIM_OF_0BC1B50.key, CLAIM_OF_0BC1B50.token, { PX: HOUR });
    });
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      await expectRecordsOf0bc1b50(store);
    } finally {
      await store.close();
    }
  });
});

describe('a Redis database written by this version', () => {
  it('reads through keyv as what was stored, each row as keyv writes it, with Redis expiring rows with a time to live', async () => {
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      await writeAsThisVersion(store);
    } finally {
      await store.close();
    }

    const now = previousVersion();
    try {
      await expectKeyvReads(now.keyv, prefix);
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
