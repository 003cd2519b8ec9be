import { existsSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { Store } from '../../../src/core/ports.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { openStore } from '../../../src/infra/store/open-store.ts';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { createSqliteStore } from '../../../src/infra/store/sqlite-store.ts';
import { REDIS_PORT } from '../../support/redis-url.ts';
import {
  createFakeClock,
  createTempDir,
  deleteRedisPrefix,
  REDIS_URL,
  uniquePrefix,
  waitFor,
  within,
} from './helpers.ts';
import { type RedisProxy, startRedisProxy } from './redis-proxy.ts';
import { describeStoreContract } from './store-contract.ts';

describeStoreContract('memory', async () => {
  const clock = createFakeClock();
  const store = createMemoryStore({ clock });
  // One process's memory: the "other process" is the same store (memory is never shared).
  return { store, clock, twin: async () => store, dispose: () => store.close() };
});

describeStoreContract('SQLite', async () => {
  const dir = await createTempDir();
  const clock = createFakeClock();
  const path = join(dir.path, 'data', 'store.sqlite');
  const store = await createSqliteStore({ path, clock });
  const twins: Store[] = [];
  return {
    store,
    clock,
    async twin() {
      const other = await createSqliteStore({ path, clock });
      twins.push(other);
      return other;
    },
    dispose: async () => {
      for (const other of twins) await other.close();
      await store.close();
      await dir.remove();
    },
  };
});

describeStoreContract('Redis', async () => {
  const prefix = uniquePrefix();
  const clock = createFakeClock();
  const store = createRedisStore({ url: REDIS_URL, prefix, clock });
  const twins: Store[] = [];
  return {
    store,
    clock,
    async twin() {
      const other = createRedisStore({ url: REDIS_URL, prefix, clock });
      twins.push(other);
      return other;
    },
    dispose: async () => {
      for (const other of twins) await other.close();
      await store.close();
      await deleteRedisPrefix(prefix);
    },
  };
});

describe('the SQLite store shared by two processes', () => {
  it('creates its folder and lets only one of two stores on the same file win a claim', async () => {
    const dir = await createTempDir();
    const path = join(dir.path, 'nested', 'deeper', 'shared.sqlite');
    const first = await openStore({ kind: 'sqlite', path });
    const second = await openStore({ kind: 'sqlite', path });
    try {
      expect(existsSync(path)).toBe(true);
      const attempts = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).claim('job:p-1', 60_000));
      expect((await Promise.all(attempts)).filter(Boolean)).toHaveLength(1);
      await first.namespace('jobs').set('p-1', { by: 'first' });
      expect(await second.namespace('jobs').get('p-1')).toEqual({ by: 'first' });
    } finally {
      await first.close();
      await second.close();
      await dir.remove();
    }
  });

  it('lets the other process take a claim once the holder releases it', async () => {
    const dir = await createTempDir();
    const path = join(dir.path, 'shared.sqlite');
    const first = await openStore({ kind: 'sqlite', path });
    const second = await openStore({ kind: 'sqlite', path });
    try {
      expect(await first.claim('job:p-1', 60_000)).toBe(true);
      expect(await second.claim('job:p-1', 60_000)).toBe(false);
      await second.release('job:p-1');
      expect(await second.claim('job:p-1', 60_000)).toBe(false);
      await first.release('job:p-1');
      expect(await second.claim('job:p-1', 60_000)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      await dir.remove();
    }
  });

  it('reports a file it cannot open as StoreUnavailableError', async () => {
    const dir = await createTempDir();
    try {
      // A folder where the database file should be.
      const error = await openStore({ kind: 'sqlite', path: dir.path }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toContain(`sqlite://${dir.path}`);
    } finally {
      await dir.remove();
    }
  });
});

/** The keys left in the file, read by a connection of its own. */
async function keysInFile(path: string): Promise<string[]> {
  const adapter = new KeyvSqlite({ uri: `sqlite://${path}` });
  try {
    const rows: Array<{ key: string }> = await adapter.query('SELECT key FROM keyv ORDER BY key');
    return rows.map((r) => r.key);
  } finally {
    await adapter.disconnect();
  }
}

describe('the SQLite file over time', () => {
  const MINUTE = 60_000;

  it('loses expired claims and entries in a periodic sweep, keeping live ones', async () => {
    const dir = await createTempDir();
    const path = join(dir.path, 'store.sqlite');
    const clock = createFakeClock();
    const store = await openStore({ kind: 'sqlite', path }, { clock });
    const jobs = store.namespace('jobs');
    try {
      await store.claim('discord:interaction:1', 15 * MINUTE);
      await store.claim('job:live', 60 * MINUTE);
      await jobs.set('old', 1, MINUTE);
      await jobs.set('kept', 2);
      await jobs.set('fresh', 3, 60 * MINUTE);
      clock.advance(20 * MINUTE);
      // Any write after 10 minutes starts the next sweep; close() waits for it.
      await store.claim('slack:event:2', 15 * MINUTE);
    } finally {
      await store.close();
    }
    expect(await keysInFile(path)).toEqual(['_claim:job:live', '_claim:slack:event:2', 'jobs:fresh', 'jobs:kept']);
    await dir.remove();
  });

  it('sweeps at most once per 10 minutes', async () => {
    const dir = await createTempDir();
    const path = join(dir.path, 'store.sqlite');
    const clock = createFakeClock();
    let store = await openStore({ kind: 'sqlite', path }, { clock });
    try {
      await store.claim('discord:interaction:1', MINUTE);
      clock.advance(5 * MINUTE);
      await store.claim('discord:interaction:2', MINUTE);
      await store.close();
      expect(await keysInFile(path)).toContain('_claim:discord:interaction:1');

      // A restarted process sweeps at its first write.
      clock.advance(2 * MINUTE);
      store = await openStore({ kind: 'sqlite', path }, { clock });
      await store.namespace('jobs').set('p-1', {});
      await store.close();
      expect(await keysInFile(path)).toEqual(['jobs:p-1']);
    } finally {
      await store.close();
      await dir.remove();
    }
  });
});

describe('a Redis store that cannot be reached', () => {
  it('rejects get, set, delete, entries, claim and ping instead of answering "not found"', async () => {
    const store = await openStore({ kind: 'redis', url: 'redis://:s3cret-word@127.0.0.1:1', timeoutMs: 500 });
    const jobs = store.namespace('jobs');
    const attempts: Array<() => Promise<unknown>> = [
      () => jobs.get('k'),
      () => jobs.set('k', 1),
      () => jobs.delete('k'),
      async () => {
        for await (const _ of jobs.entries()) break;
      },
      () => store.claim('k', 1_000),
      () => store.ping(),
    ];
    try {
      for (const attempt of attempts) {
        const error = await within(
          5_000,
          attempt().then(
            () => 'resolved',
            (e: unknown) => e,
          ),
        );
        expect(error).toBeInstanceOf(StoreUnavailableError);
        const message = (error as Error).message;
        expect(message).toContain('cannot reach the store at redis://127.0.0.1:1');
        expect(message).toContain('STORE_URL');
        expect(message).not.toContain('s3cret-word');
      }
    } finally {
      await store.close();
    }
  });

  it('fails within its timeout when Redis accepts connections but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = await listen(createServer((socket) => void sockets.push(socket)));
    const store = await openStore({ kind: 'redis', url: `redis://127.0.0.1:${port(silent)}`, timeoutMs: 300 });
    try {
      for (const attempt of [() => store.namespace('jobs').get('k'), () => store.ping()]) {
        const error = await within(
          5_000,
          attempt().catch((e: unknown) => e),
        );
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as Error).message).toContain('no answer within 300 ms');
      }
    } finally {
      await within(5_000, store.close());
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('a Redis store whose connection drops', () => {
  let proxy: RedisProxy;
  let store: Store;
  const prefix = uniquePrefix();
  beforeAll(async () => {
    proxy = await startRedisProxy(REDIS_PORT);
    store = await openStore({ kind: 'redis', url: `redis://127.0.0.1:${proxy.port}`, prefix, timeoutMs: 500 });
  });
  afterAll(async () => {
    await store.close();
    await proxy.close();
    await deleteRedisPrefix(prefix);
  });
  afterEach(() => proxy.restore());

  it('fails every operation fast, and the health ping within a second, when Redis stops answering', async () => {
    const jobs = store.namespace('jobs');
    await jobs.set('p-1', 'saved');
    proxy.freeze();
    const started = Date.now();
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const attempt of [() => jobs.get('p-1'), () => store.claim('k', 1_000), () => jobs.update('p-1', () => 'x')]) {
      const error = await within(
        3_000,
        attempt().catch((e: unknown) => e),
      );
      expect(error).toBeInstanceOf(StoreUnavailableError);
    }
  });

  it('fails operations while Redis is gone and works again once it is back', async () => {
    const jobs = store.namespace('jobs');
    await jobs.set('p-1', 'saved');
    proxy.cut();
    const error = await within(
      5_000,
      jobs.get('p-1').catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(StoreUnavailableError);
    await expect(within(5_000, store.ping())).rejects.toBeInstanceOf(StoreUnavailableError);
    proxy.restore();
    await waitFor(async () => (await jobs.get('p-1').catch(() => undefined)) === 'saved');
  });
});

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function port(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on TCP');
  return address.port;
}
