import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import { createJobsRepo } from '../../../src/core/jobs/repo.ts';
import type { MediaApi, Store } from '../../../src/core/ports.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { bareJobService } from '../../support/bare-jobs.ts';
import { origin, silentLogger } from '../../support/harness.ts';

// A job stops being looked at only once its end is on the store's replicas: a failover that loses the end
// leaves the promoted replica a running job, and someone must still be polling it to post its end.

const noMedia = {} as MediaApi;

describe('an ended job whose end no replica has confirmed yet', () => {
  it('is looked at again soon, and let go once a replica has it', async () => {
    const memory = createMemoryStore();
    let replicas = false;
    const store: Store = {
      ...memory,
      async replicated(since) {
        if (!replicas) throw new StoreUnavailableError('0 of 1 replica acknowledged the last writes');
        return memory.replicated(since);
      },
    };
    const repo = createJobsRepo(store, silentLogger);
    const now = Date.now();
    const ended = {
      id: 'job1',
      kind: 'broll' as const,
      state: 'settled' as const,
      channelKey: 'console:local:local',
      origin,
      summary: 'b-roll',
      requests: [{}],
      projectIds: ['p1'],
      createdAt: now,
      updatedAt: now,
    };
    await repo.save(ended);
    await repo.setPending({ jobId: 'job1', channelKey: ended.channelKey, nextPollAt: now, polls: 1 });
    const jobs = bareJobService(store, noMedia);

    await jobs.poll('job1');
    const next = await jobs.nextLook('job1');
    expect(next).toBeGreaterThan(now);
    expect(next).toBeLessThanOrEqual(Date.now() + 5_000);

    replicas = true;
    await jobs.poll('job1');
    expect(await jobs.nextLook('job1')).toBeUndefined();
  });
});
