import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import { BUSY_RETRY_MS } from '../../../src/core/jobs/context.ts';
import { createJobsRepo } from '../../../src/core/jobs/repo.ts';
import type { MediaApi, Store } from '../../../src/core/ports.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { bareJobService } from '../../support/bare-jobs.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { origin, silentLogger } from '../../support/harness.ts';

// A job stops being looked at only once its end is on the store's replicas: a failover that loses the end
// leaves the promoted replica a running job, and someone must still be polling it to post its end.

const noMedia = {} as MediaApi;
const VIDEO = 'https://example.com/talk.mp4';

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

describe('the card of a job that has just ended, its end on no replica yet', () => {
  let h: TestBot | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  // A failover that lost the end would give the promoted replica a running job: a card that said Done at once
  // could be drawn back to "Working on it" from that copy. It waits for the next look instead.
  /** A store whose replicas acknowledge nothing once `acks.on` is false; counts the refused confirmations. */
  function replicasGoAway() {
    const memory = createMemoryStore();
    const acks = { on: true, refused: 0 };
    const store: Store = {
      ...memory,
      async replicated(since) {
        if (acks.on) return memory.replicated(since);
        acks.refused++;
        throw new StoreUnavailableError('0 of 1 replica acknowledged the writes within 1000 ms');
      },
    };
    return { store, acks };
  }

  /** Its result posted and its end refused by the replicas: the card does not say Done yet, then does 5 s on. */
  async function heldThenDone(bot: TestBot, acks: { refused: number }) {
    await bot.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    await vi.waitFor(() => expect(acks.refused).toBeGreaterThan(0), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 200));
    const done = () => bot.chat.seen.filter((s) => s.where === 'card-update' && /Done/.test(s.message.text));
    expect(done()).toEqual([]);
    bot.clock.advance(BUSY_RETRY_MS);
    await bot.chat.waitFor(() => done().length > 0);
    expect(bot.chat.seen.filter((s) => s.where === 'thread')).toHaveLength(1);
  }

  it('ended by its webhook: says Done at the next look (5 s later), not before; its result is posted once', async () => {
    const { store, acks } = replicasGoAway();
    h = await startTestBot({ infra: { store }, sandbox: { jobMs: 300 } });
    const bot = h;
    await bot.command(`/broll ${VIDEO}`);
    await bot.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Working/.test(s.message.text)));
    acks.on = false;
    await heldThenDone(bot, acks);
  });

  it('ended by a poll: its next look is 5 s later, not at the poll backoff (60 s)', async () => {
    const { store, acks } = replicasGoAway();
    // No webhook reaches the bot (an address nobody answers): the poll, a minute on, finds the result.
    h = await startTestBot({ infra: { store }, sandbox: { jobMs: 100 }, env: { PUBLIC_URL: 'http://127.0.0.1:9' } });
    const bot = h;
    await bot.command(`/broll ${VIDEO}`);
    await bot.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Working/.test(s.message.text)));
    await new Promise((r) => setTimeout(r, 300));
    acks.on = false;
    bot.clock.advance(60_000);
    await heldThenDone(bot, acks);
  });
});
