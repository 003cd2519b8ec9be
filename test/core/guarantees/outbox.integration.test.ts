import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import { createOnce } from '../../../src/core/guarantees/once.ts';
import { createOutbox, PostInFlightError } from '../../../src/core/guarantees/outbox.ts';
import type { ChatPort, Store, ThreadRef } from '../../../src/core/ports.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { createRedisStore } from '../../../src/infra/store/redis-store.ts';
import { silentLogger } from '../../support/harness.ts';

const thread: ThreadRef = {
  platform: 'slack',
  workspaceId: 'T1',
  channelId: 'C1',
  threadId: '1.1',
  cardMessageId: '1.1',
};

/** One replica's outbox on the shared store. */
const outboxOn = (store: Store) =>
  createOutbox({ once: createOnce({ store, logger: silentLogger }), store, logger: silentLogger });

/** A port whose send is `send`, and that can find a post by its key when given `findPost`. */
const portWith = (send: () => Promise<void>, findPost?: () => Promise<boolean>): ChatPort => ({
  platform: 'slack',
  send,
  updateCard: async () => true,
  ...(findPost ? { findPost } : {}),
});

describe('the outbox', () => {
  it('records a post only once the platform confirmed it; one in flight elsewhere is an error, not a success', async () => {
    const store = createMemoryStore();
    const here = outboxOn(store);
    const there = outboxOn(store);
    const message = { text: 'part 1 ready' };
    const refused = portWith(() => Promise.reject(new Error('channel_not_found')));
    await expect(here.post(refused, thread, message, 'job1:0')).rejects.toThrow();
    let release: () => void = () => undefined;
    const slow = here.post(
      portWith(() => new Promise<void>((r) => (release = r))),
      thread,
      message,
      'job1:0',
    );
    await new Promise((r) => setTimeout(r, 10));
    await expect(
      there.post(
        portWith(async () => undefined),
        thread,
        message,
        'job1:0',
      ),
    ).rejects.toBeInstanceOf(PostInFlightError);
    release();
    expect(await slow).toBe('posted');
    let sent = 0;
    expect(
      await there.post(
        portWith(async () => void sent++),
        thread,
        message,
        'job1:0',
      ),
    ).toBe('already');
    expect(sent).toBe(0);
  });

  it('looks for an attempt that was never confirmed in its thread before sending it again', async () => {
    const store = createMemoryStore();
    const message = { text: 'part 1 ready' };
    // The first process sent it and died before the answer came back: no record, only the attempt.
    const died = portWith(
      () => Promise.reject(new Error('killed with the answer on its way')),
      async () => false,
    );
    await expect(outboxOn(store).post(died, thread, message, 'job1:0')).rejects.toThrow();
    let sent = 0;
    const found = portWith(
      async () => void sent++,
      async () => true,
    );
    expect(await outboxOn(store).post(found, thread, message, 'job1:0')).toBe('already');
    expect(sent).toBe(0);
    // A thread that cannot be read is posted in again: twice rather than never.
    await expect(outboxOn(store).post(died, thread, message, 'job1:1')).rejects.toThrow();
    const unreadable = portWith(
      async () => void sent++,
      () => Promise.reject(new Error('missing_scope')),
    );
    expect(await outboxOn(store).post(unreadable, thread, message, 'job1:1')).toBe('posted');
    expect(sent).toBe(1);
  });

  it('fails when the store cannot be reached, rather than posting unguarded', async () => {
    const down = createRedisStore({ url: 'redis://127.0.0.1:1', timeoutMs: 300 });
    try {
      let sent = 0;
      const post = outboxOn(down).post(
        portWith(async () => void sent++),
        thread,
        { text: 'x' },
        'j:0',
      );
      await expect(post).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(sent).toBe(0);
    } finally {
      await down.close();
    }
  });
});
