import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import { createRedisBudgetCounter } from '../../../src/infra/redis/redis-budget.ts';
import { createBullmqScheduler } from '../../../src/infra/scheduler/bullmq.ts';
import { freePort } from '../../support/bot-process.ts';
import { silentLogger } from '../../support/harness.ts';

// With its Redis away (here: nothing listens on its port), what a command asks of the scheduler and of the
// shared media budget fails as the store does, with StoreUnavailableError: the person is told "storage is
// unavailable, try again", never the generic apology (issue 33).

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('Redis away', () => {
  it('the scheduler refuses to schedule or cancel with StoreUnavailableError', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const scheduler = createBullmqScheduler({ url, logger: silentLogger, replicaAcks: 0 });
    closers.push(() => scheduler.stop({ drainMs: 0 }));
    await expect(scheduler.schedule('poll', 'job-1', Date.now() + 1_000, {})).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(scheduler.cancel('poll', 'job-1')).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('the shared media budget refuses to count with StoreUnavailableError', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const counter = createRedisBudgetCounter({ url });
    closers.push(() => counter.close());
    const now = Date.now();
    await expect(counter.trySpend('key', now, now - 3_600_000, 10)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(counter.spent('key', now - 3_600_000)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
