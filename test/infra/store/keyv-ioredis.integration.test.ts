import keyvTestSuite, { keyvIteratorTests } from '@keyv/test-suite';
import Keyv from 'keyv';
import * as vitest from 'vitest';
import { createRedisConnection } from '../../../src/infra/redis/redis-connection.ts';
import { createKeyvIoredis } from '../../../src/infra/store/keyv-ioredis.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from './helpers.ts';

// The Redis store's keyv adapter is our own (over ioredis), so it must pass keyv's official compliance
// suite: API, values, namespaces and iteration, as any keyv adapter does. Its keys live under a prefix of
// this run's own, since other tests share the local Redis.

const prefix = uniquePrefix();
const connection = createRedisConnection(REDIS_URL, { failFast: true });
const store = () => createKeyvIoredis(connection, { keyPrefix: prefix });

vitest.afterAll(async () => {
  await connection.close();
  await deleteRedisPrefix(prefix);
});

vitest.describe('the ioredis keyv adapter, by keyv’s compliance suite', () => {
  keyvTestSuite(vitest, Keyv, store);
  keyvIteratorTests(vitest, Keyv, store);
});

vitest.describe('the ioredis keyv adapter', () => {
  vitest.it('keeps every key under its prefix and lists a namespace without the others', async () => {
    const keyv = new Keyv({ store: store(), namespace: 'jobs' });
    await keyv.set('a', 1);
    await new Keyv({ store: store(), namespace: 'job' }).set('b', 2);
    vitest.expect(await connection.client.exists(`${prefix}jobs:a`)).toBe(1);
    const listed: Array<[string, unknown]> = [];
    for await (const entry of store().iterator('jobs')) listed.push(entry);
    vitest.expect(listed).toEqual([['jobs:a', JSON.stringify({ value: 1 })]]);
  });
});
