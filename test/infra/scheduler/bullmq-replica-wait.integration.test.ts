import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import { createBullmqScheduler } from '../../../src/infra/scheduler/bullmq.ts';
import { silentLogger } from '../../support/harness.ts';
import { REDIS_URL } from '../../support/redis-url.ts';

// schedule() has a replica hold each task before it returns. While the replicas are slow (here: the local Redis
// has none, so none ever answers) the task is already on the primary and may come due and run: written again
// there, it would run again. It is only written again where it may be lost (the connection was made again).

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('a scheduled task whose replica does not answer', () => {
  it('runs once, and schedule() says the storage is unavailable once the wait is over', async () => {
    const scheduler = createBullmqScheduler({
      url: REDIS_URL,
      prefix: `replica-wait-${randomUUID().slice(0, 8)}`,
      logger: silentLogger,
      replicaAcks: 1,
      replicatedWithinMs: 3_000,
    });
    stop = () => scheduler.stop({ drainMs: 0 });
    const runs: number[] = [];
    scheduler.handle('reminders', async () => {
      runs.push(Date.now());
      return undefined;
    });
    await scheduler.start();

    const started = Date.now();
    await expect(scheduler.schedule('reminders', 'due-now', Date.now(), { text: 'hello' })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(runs).toHaveLength(1);
  });
});
