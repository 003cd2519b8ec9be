import { join } from 'node:path';
import type { Store } from '../../../src/core/ports.ts';
import type { Scheduler } from '../../../src/core/scheduler.ts';
import { createEmbeddedScheduler, type EmbeddedScheduler } from '../../../src/infra/scheduler/embedded.ts';
import { openStore } from '../../../src/infra/store/index.ts';
import { silentLogger } from '../../support/harness.ts';
import { createTempDir } from '../store/helpers.ts';
import { schedulerContract } from './scheduler-contract.ts';

// The embedded scheduler on a real SQLite file; each open() is a new store on the same file, as after a restart.
schedulerContract('embedded (SQLite)', async () => {
  const dir = await createTempDir();
  const path = join(dir.path, 'reelbot.sqlite');
  const stores = new Map<Scheduler, Store>();
  const all: Store[] = [];
  return {
    async open({ leaseMs, backoffMs, drainMs }) {
      const store = await openStore({ kind: 'sqlite', path });
      all.push(store);
      const scheduler = createEmbeddedScheduler({
        store,
        logger: silentLogger,
        leaseMs,
        drainMs,
        maxSleepMs: 200,
        backoff: { baseMs: backoffMs, maxMs: backoffMs * 8 },
      });
      stores.set(scheduler, store);
      return scheduler;
    },
    async kill(scheduler) {
      await (scheduler as EmbeddedScheduler).stop({ drainMs: 0 });
      await stores.get(scheduler)?.close();
    },
    async cleanup() {
      for (const store of all) await store.close();
      await dir.remove();
    },
  };
});
