import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keyvTestSuite, { keyvIteratorTests } from '@keyv/test-suite';
import Keyv from 'keyv';
import * as vitest from 'vitest';
import { PagedKeyvSqlite } from '../../../src/infra/store/sqlite-store.ts';

// The SQLite store runs @keyv/sqlite with its listing replaced (paged by key, not OFFSET), so the adapter
// as the store uses it must still pass keyv's compliance suite.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-keyv-sqlite-'));
const opened: PagedKeyvSqlite[] = [];
// A new adapter each time, as the suite expects: keyv gives each the namespace of its own Keyv.
const store = () => {
  const adapter = new PagedKeyvSqlite({ uri: `sqlite://${join(dir, 'suite.sqlite')}`, busyTimeout: 5_000 });
  opened.push(adapter);
  return adapter;
};

vitest.afterAll(async () => {
  for (const adapter of opened) await adapter.disconnect();
  rmSync(dir, { recursive: true, force: true });
});

vitest.describe('@keyv/sqlite paged by key, by keyv’s compliance suite', () => {
  keyvTestSuite(vitest, Keyv, store);
  keyvIteratorTests(vitest, Keyv, store);
});

vitest.describe('@keyv/sqlite paged by key', () => {
  vitest.it('lists every row of a namespace while rows listed earlier are deleted', async () => {
    const adapter = store();
    const keyv = new Keyv({ store: adapter, namespace: 'pending' });
    await keyv.clear();
    const ids = Array.from({ length: 450 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    for (const id of ids) await keyv.set(id, id);
    const seen: string[] = [];
    for await (const [key] of adapter.iterator('pending')) {
      seen.push(key);
      // A job ending while the pending ones are listed.
      await keyv.delete(key.slice('pending:'.length));
    }
    vitest.expect(seen).toEqual(ids.map((id) => `pending:${id}`));
  });
});
