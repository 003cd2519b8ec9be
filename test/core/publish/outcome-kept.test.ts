import { describe, expect, it } from 'vitest';
import type { KeyResolver } from '../../../src/core/channels/key-resolver.ts';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import { createOnce } from '../../../src/core/guarantees/once.ts';
import type { MediaApi, Store } from '../../../src/core/ports.ts';
import type { AccountsRepo } from '../../../src/core/publish/accounts/accounts.ts';
import type { Policy } from '../../../src/core/publish/approvals/policy.ts';
import type { Decide, PublishRequestRecord } from '../../../src/core/publish/requests/model.ts';
import { createPublisher } from '../../../src/core/publish/requests/publisher.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { origin, silentLogger } from '../../support/harness.ts';
import { aRequest } from './records.ts';

// The primary dies right after it took a publish's outcome, before any replica had it: the replica
// promoted in its place still shows the request publishing. The outcome must be written again there.

const now = Date.now();
const request: PublishRequestRecord = aRequest({
  id: 'r1',
  channelKey: 'slack:T1:C1',
  thread: { platform: 'slack', workspaceId: 'T1', channelId: 'C1', threadId: '1.1', cardMessageId: '1.1' },
  content: { title: 'Kept' },
  requester: { userId: origin.userId },
  editedAt: now,
  createdAt: now,
  updatedAt: now,
});

/** The publisher on `store` and `update`, with an API that records each post's title in `posts`. */
function publisherOn(store: Store, update: Parameters<typeof createPublisher>[0]['update'], posts: string[]) {
  return createPublisher({
    once: createOnce({ store, logger: silentLogger }),
    accounts: { keys: async () => ({ keys: ['access'], missing: [] }) } as unknown as AccountsRepo,
    keys: { resolve: async () => ({ key: 'api', origin: 'channel' }) } as unknown as KeyResolver,
    media: {
      publish: async (_key: string, body: { title?: string }) => {
        posts.push(body.title ?? '');
        return { posts: ['p1'] };
      },
    } as unknown as MediaApi,
    store,
    clock: { now: () => Date.now() },
    logger: silentLogger,
    update,
    show: async () => {},
    say: async () => {},
    watch: async () => {},
  });
}

describe('a publish outcome lost with the primary that took it', () => {
  it('is written again until a replica has it: the request ends published, posted once', async () => {
    const memory = createMemoryStore();
    let stored = request;
    /** The record as the replica has it while the primary's last writes are not on it yet. */
    let unconfirmed: PublishRequestRecord | undefined;
    let failovers = 0;
    /** The primary dies: what no replica confirmed is gone from the one promoted. */
    const failover = () => {
      if (unconfirmed) stored = unconfirmed;
      unconfirmed = undefined;
      failovers++;
    };
    const store: Store = {
      ...memory,
      async replicated(since) {
        if (unconfirmed && failovers === 0) {
          failover();
          throw new StoreUnavailableError('0 of 1 replica acknowledged the last writes');
        }
        unconfirmed = undefined;
        return memory.replicated(since);
      },
    };
    const update = async (_id: string, change: Decide) => {
      const next = change(stored, {} as Policy);
      if (typeof next === 'string') return { refusal: next };
      if (next.state === 'published') unconfirmed ??= stored;
      stored = next;
      return { record: next };
    };
    const posts: string[] = [];
    const publisher = publisherOn(store, update, posts);

    expect(await publisher.publish('r1', undefined, (r) => r)).toBe(true);
    failover();
    expect(stored.state).toBe('published');
    expect(posts).toEqual(['Kept']);
  });

  it('whose claim the store could not take is shown not posted, to try again, never left publishing', async () => {
    const memory = createMemoryStore();
    let claimRefused = false;
    const store: Store = {
      ...memory,
      namespace(name) {
        const kv = memory.namespace(name);
        if (name !== 'once') return kv;
        return {
          ...kv,
          update(key, change, ttl) {
            if (claimRefused) return kv.update(key, change, ttl);
            claimRefused = true;
            return Promise.reject(new StoreUnavailableError('cannot reach the store'));
          },
        };
      },
    };
    let stored = request;
    const update = async (_id: string, change: Decide) => {
      const next = change(stored, {} as Policy);
      if (typeof next === 'string') return { refusal: next };
      stored = { ...next, updatedAt: Date.now() + 1 };
      return { record: stored };
    };
    const posts: string[] = [];
    const publisher = publisherOn(store, update, posts);

    await publisher.publish('r1', undefined, (r) => r);
    expect(stored.state).toBe('failed');
    expect(stored.error).toMatch(/Nothing was posted/);
    expect(posts).toEqual([]);
    // Try again: a new attempt, with a claim of its own, posts it.
    expect(await publisher.retry(stored, request.requester, (r) => r.state === 'failed')).toBe(true);
    expect(stored.state).toBe('published');
    expect(posts).toEqual(['Kept']);
  });
});
