import { join } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/core/ports.ts';
import { createSqliteStore } from '../../../src/infra/store/sqlite-store.ts';
import { createTempDir } from './helpers.ts';
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

// Files were written through keyv (@keyv/sqlite), then by a version driving sqlite3 with keyv's format
// written by hand (up to 0bc1b50), and now through keyv again. An upgrade must read every record as
// before, and a file written now must still read through keyv (a rollback, or a tool that uses keyv).

/** keyv on the file, configured as the SQLite store configured it before (no key prefix of its own). */
function keyvOn(path: string): { keyv: Keyv; close(): Promise<void> } {
  const adapter = new KeyvSqlite({ uri: `sqlite://${path}`, busyTimeout: 5_000 });
  const keyv = new Keyv({ store: adapter, namespace: undefined, useKeyPrefix: false, throwOnErrors: true });
  return { keyv, close: () => adapter.disconnect() };
}

async function rowText(path: string, key: string): Promise<string | undefined> {
  const adapter = new KeyvSqlite({ uri: `sqlite://${path}` });
  try {
    const rows: Array<{ value: string }> = await adapter.query('SELECT value FROM keyv WHERE key = ?', key);
    return rows[0]?.value;
  } finally {
    await adapter.disconnect();
  }
}

let dir: Awaited<ReturnType<typeof createTempDir>>;
let path: string;
beforeEach(async () => {
  dir = await createTempDir();
  path = join(dir.path, 'store.sqlite');
});
afterEach(async () => {
  await dir.remove();
});

describe('a SQLite file written by the previous version, through keyv', () => {
  it('reads back every record identically, lists them, and updates them', async () => {
    const old = keyvOn(path);
    await writeAsPreviousVersion(old.keyv);
    await old.close();

    const store = await createSqliteStore({ path });
    try {
      await expectPreviousRecords(store);
    } finally {
      await store.close();
    }
  });
});

describe('a SQLite file written by the version that drove sqlite3 itself (0bc1b50)', () => {
  it('reads back every record, lists them, updates them, and keeps its claims', async () => {
    const adapter = new KeyvSqlite({ uri: `sqlite://${path}` });
    for (const [key, text] of ROWS_OF_0BC1B50) await adapter.set(key, text);
    const claim = JSON.stringify({ value: CLAIM_OF_0BC1B50.token, expires: 4_102_444_800_000 });
    await adapter.set(CLAIM_OF_0BC1B50.key, claim);
    await adapter.disconnect();

    const store = await createSqliteStore({ path });
    try {
      await expectRecordsOf0bc1b50(store);
    } finally {
      await store.close();
    }
  });
});

describe('a row past keyv’s own expiry (by the wall clock)', () => {
  it('reads as absent and leaves the file, as it did through keyv', async () => {
    const old = keyvOn(path);
    await old.keyv.set('jobs:gone', { v: 'old' }, 1);
    await old.close();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const store = await createSqliteStore({ path });
    try {
      expect(await store.namespace('jobs').get('gone')).toBeUndefined();
      expect(await rowText(path, 'jobs:gone')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('a SQLite file written by this version', () => {
  it('reads through keyv as what was stored, each row byte for byte as keyv writes it', async () => {
    const store = await createSqliteStore({ path });
    try {
      await writeAsThisVersion(store);
    } finally {
      await store.close();
    }

    const now = keyvOn(path);
    try {
      await expectKeyvReads(now.keyv);
      expect(await now.keyv.get('_claim:slack:event:E1')).toEqual(expect.any(String));
      expect(await rowText(path, 'jobs:j1')).toBe(await now.keyv.serializeData({ value: { v: JOB } }));
      const j2 = JSON.parse((await rowText(path, 'jobs:j2')) ?? '{}') as { expires?: number };
      expect(j2.expires).toBeGreaterThan(Date.now());
    } finally {
      await now.close();
    }
  });
});

describe('one SQLite store under many concurrent operations (one connection shared by every call)', () => {
  let stores: Store[] = [];
  afterEach(async () => {
    for (const s of stores) await s.close();
    stores = [];
  });

  it('loses no write, answers every read with its own row, and lets exactly one claim win', async () => {
    const first = await createSqliteStore({ path });
    const second = await createSqliteStore({ path });
    stores = [first, second];
    const a = first.namespace('n');
    const b = second.namespace('n');
    const increment = (kv: typeof a) => kv.update<number>('counter', (n) => (n ?? 0) + 1);
    const ids = Array.from({ length: 300 }, (_, i) => `k${i}`);

    const [counts, claims] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, (_, i) => increment(i % 2 ? a : b))),
      Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).claim('once', HOUR))),
      Promise.all(ids.map((id) => a.set(id, { id, body: `:${id}` }))),
    ]);
    const reads = await Promise.all(ids.map((id) => (Number(id.slice(1)) % 2 ? a : b).get(id)));

    expect(await a.get('counter')).toBe(40);
    expect(new Set(counts).size).toBe(40);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(reads).toEqual(ids.map((id) => ({ id, body: `:${id}` })));
    expect(await Promise.all(ids.map((id) => b.delete(id)))).toEqual(ids.map(() => true));
    expect(await b.delete('k0')).toBe(false);
  });

  it('closes with operations just done, and the next store on the file reads what it wrote', async () => {
    const store = await createSqliteStore({ path });
    await Promise.all([store.namespace('n').set('a', 1), store.ping(), store.claim('c', HOUR)]);
    await store.close();
    const again = await createSqliteStore({ path });
    stores = [again];
    expect(await again.namespace('n').get('a')).toBe(1);
    expect(await again.claim('c', HOUR)).toBe(false);
  });
});
