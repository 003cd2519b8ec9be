// One behaviour suite for the Store port, run against every backend (see keyv-store.test.ts).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { Store } from '../../../src/core/ports.ts';
import { type FakeClock, waitFor } from './helpers.ts';

export interface StoreFixture {
  store: Store;
  clock: FakeClock;
  /** A second store on the same data, as another process would open it (closed by dispose). */
  twin(): Promise<Store>;
  dispose(): Promise<void>;
}

async function collect<T>(entries: AsyncIterable<[string, T]>): Promise<Record<string, T>> {
  const found: Record<string, T> = {};
  for await (const [key, value] of entries) found[key] = value;
  return found;
}

export function describeStoreContract(backend: string, open: () => Promise<StoreFixture>): void {
  describe(`the ${backend} store`, () => {
    let fixture: StoreFixture;
    let store: Store;
    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    it('gives back what was saved, as the same JSON value', async () => {
      const jobs = store.namespace('jobs');
      const value = { id: 'p-1', steps: [1, 2, 3], done: false, note: ':starts with a colon', nested: { a: null } };
      await jobs.set('p-1', value);
      expect(await jobs.get('p-1')).toEqual(value);
      await jobs.set('count', 7);
      expect(await jobs.get('count')).toBe(7);
    });

    it('answers undefined for a key that was never saved', async () => {
      expect(await store.namespace('jobs').get('nothing-here')).toBeUndefined();
    });

    it('replaces a value when the same key is saved again', async () => {
      const jobs = store.namespace('jobs');
      await jobs.set('p-1', 'first');
      await jobs.set('p-1', 'second');
      expect(await jobs.get('p-1')).toBe('second');
    });

    it('deletes a key and says whether there was one', async () => {
      const jobs = store.namespace('jobs');
      await jobs.set('p-1', 'x');
      expect(await jobs.delete('p-1')).toBe(true);
      expect(await jobs.get('p-1')).toBeUndefined();
      expect(await jobs.delete('p-1')).toBe(false);
    });

    it('keeps namespaces apart, even when one name starts with another', async () => {
      await store.namespace('job').set('k', 'from job');
      await store.namespace('jobs').set('k', 'from jobs');
      await store.namespace('job_x').set('k', 'from job_x');
      expect(await store.namespace('job').get('k')).toBe('from job');
      expect(await store.namespace('jobs').get('k')).toBe('from jobs');
      expect(await collect(store.namespace('job').entries())).toEqual({ k: 'from job' });
      expect(await collect(store.namespace('jobx').entries())).toEqual({});
    });

    it('accepts keys with colons, spaces and unicode', async () => {
      const settings = store.namespace('settings');
      const keys = ['discord:123:456', 'slack:T1:C 2', 'console:local:é✓'];
      for (const key of keys) await settings.set(key, key.length);
      for (const key of keys) expect(await settings.get(key)).toBe(key.length);
      expect(Object.keys(await collect(settings.entries())).sort()).toEqual([...keys].sort());
    });

    it('lists every live entry of a namespace and nothing else', async () => {
      const pending = store.namespace('pending');
      for (let i = 0; i < 250; i += 1) await pending.set(`p-${i}`, { i });
      await store.namespace('other').set('p-0', 'not mine');
      const found = await collect<{ i: number }>(pending.entries());
      expect(Object.keys(found)).toHaveLength(250);
      expect(found['p-42']).toEqual({ i: 42 });
    });

    it('forgets an entry once its time to live has passed, by the store clock', async () => {
      const approvals = store.namespace('approvals');
      await approvals.set('short', 'a', 60_000);
      await approvals.set('forever', 'b');
      expect(await approvals.get('short')).toBe('a');
      fixture.clock.advance(60_001);
      expect(await approvals.get('short')).toBeUndefined();
      expect(await approvals.get('forever')).toBe('b');
      expect(await collect(approvals.entries())).toEqual({ forever: 'b' });
    });

    it('leaves expired entries out of entries()', async () => {
      const approvals = store.namespace('approvals');
      await approvals.set('a', 1, 1_000);
      await approvals.set('b', 2, 120_000);
      fixture.clock.advance(1_001);
      expect(await collect(approvals.entries())).toEqual({ b: 2 });
    });

    it('keeps an entry saved again without a time to live', async () => {
      const approvals = store.namespace('approvals');
      await approvals.set('k', 'temporary', 1_000);
      await approvals.set('k', 'kept');
      fixture.clock.advance(5_000);
      expect(await approvals.get('k')).toBe('kept');
    });

    it('lets exactly one of many simultaneous claims win', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim('job:p-1', 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.claim('job:p-1', 60_000)).toBe(false);
      expect(await store.claim('job:p-2', 60_000)).toBe(true);
    });

    it('frees a claim on release', async () => {
      expect(await store.claim('job:p-1', 60_000)).toBe(true);
      await store.release('job:p-1');
      expect(await store.claim('job:p-1', 60_000)).toBe(true);
    });

    it('frees a claim once its time to live has passed', async () => {
      expect(await store.claim('job:p-1', 50)).toBe(true);
      // SQLite and memory follow the injected clock; Redis expires the key by its own clock.
      fixture.clock.advance(51);
      await waitFor(() => store.claim('job:p-1', 60_000));
    });

    it('does not let a release free a claim it does not hold', async () => {
      await store.release('job:never-claimed');
      expect(await store.claim('job:p-1', 60_000)).toBe(true);
      await store.release('job:other');
      expect(await store.claim('job:p-1', 60_000)).toBe(false);
    });

    it('keeps claims out of every namespace', async () => {
      await store.claim('claim-key', 60_000);
      expect(await collect(store.namespace('claim').entries())).toEqual({});
      expect(await collect(store.namespace('claim-key').entries())).toEqual({});
    });

    it('refuses namespace names that could overlap others', () => {
      for (const name of ['', 'a:b', '_claim', 'job*', 'x'.repeat(65)]) {
        expect(() => store.namespace(name)).toThrow(/namespace/);
      }
    });

    it('updates a value from what is stored, and creates it when absent', async () => {
      const counters = store.namespace('counters');
      const add = (n: number) => (current: number | undefined) => (current ?? 0) + n;
      expect(await counters.update('hits', add(1))).toBe(1);
      expect(await counters.update('hits', add(2))).toBe(3);
      expect(await counters.get('hits')).toBe(3);
      await counters.set('hits', 10);
      expect(await counters.update('hits', add(1))).toBe(11);
    });

    it('leaves the value alone when the change answers undefined', async () => {
      const jobs = store.namespace('jobs');
      await jobs.set('p-1', { state: 'done' });
      expect(await jobs.update('p-1', () => undefined)).toEqual({ state: 'done' });
      expect(await jobs.update('absent', () => undefined)).toBeUndefined();
      expect(await jobs.get('absent')).toBeUndefined();
    });

    it('treats an expired value as absent when updating, and sets the time to live from the new value', async () => {
      const jobs = store.namespace('jobs');
      await jobs.set('p-1', 'old', 1_000);
      fixture.clock.advance(1_001);
      expect(await jobs.update<string>('p-1', (current) => (current === undefined ? 'fresh' : 'kept old'))).toBe(
        'fresh',
      );
      await jobs.update<string>(
        'p-2',
        () => 'done',
        (value) => (value === 'done' ? 5_000 : undefined),
      );
      fixture.clock.advance(5_001);
      expect(await jobs.get('p-2')).toBeUndefined();
      expect(await jobs.get('p-1')).toBe('fresh');
    });

    it('loses no update when two processes update the same key at once', async () => {
      const other = await fixture.twin();
      const append = (item: string) => (current: string[] | undefined) => [...(current ?? []), item];
      const writers = Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? store : other).namespace('lists').update(`shared`, append(`w${i}`)),
      );
      await Promise.all(writers);
      const stored = await store.namespace('lists').get<string[]>('shared');
      expect([...(stored ?? [])].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `w${i}`).sort());
    });

    it('gives a lease that only its holder can renew or release, from this process or another', async () => {
      const other = await fixture.twin();
      const lease = await store.lease('settle:p-1', 1_000);
      expect(lease).toBeDefined();
      expect(await other.lease('settle:p-1', 1_000)).toBeUndefined();
      // Renewed before it lapses: still held after the first time to live has passed.
      expect(await lease?.renew(60_000)).toBe(true);
      fixture.clock.advance(1_001);
      expect(await other.lease('settle:p-1', 1_000)).toBeUndefined();
      // Another process that knows the token can release it (e.g. the one that finishes the work).
      await other.held('settle:p-1', lease?.token ?? '').release();
      const next = await other.lease('settle:p-1', 60_000);
      expect(next).toBeDefined();
      expect(await lease?.renew(60_000)).toBe(false);
      await lease?.release();
      expect(await store.lease('settle:p-1', 60_000)).toBeUndefined();
    });

    it('releases the leases it holds when closed cleanly, so another process takes them at once', async () => {
      const other = await fixture.twin();
      // The memory store is never shared: there is no other process to hand over to.
      if (other === store) return;
      await other.lease('poll:p-1', 600_000);
      await other.claim('once:p-1', 600_000);
      await other.close();
      expect(await store.lease('poll:p-1', 60_000)).toBeDefined();
      // A plain claim is a "done once" marker, kept across restarts.
      expect(await store.claim('once:p-1', 60_000)).toBe(false);
    });

    it('answers ping while reachable', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('rejects every operation after close with StoreUnavailableError', async () => {
      const jobs = store.namespace('jobs');
      await store.close();
      await expect(jobs.get('k')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(jobs.set('k', 1)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.claim('k', 1_000)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });
}
