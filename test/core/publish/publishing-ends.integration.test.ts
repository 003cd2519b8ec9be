import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { KeyValue, Store } from '../../../src/core/ports.ts';
import { STALE_QUEUE } from '../../../src/core/publish/requests/outcome-watch.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { embeddedScheduler, type InfraOptions } from '../../../src/start-bot.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, labels, lastCard, withPublishOutage } from './support.ts';

// The Redis primary dies just after an approval moved a request to `publishing` and its card said so: the
// card's read-back (is the card still behind the request?) meets the failover. Nobody else ever moves a
// request on from `publishing` (another click finds it being published), so the approval that moved it
// must go on to its call and its outcome: the request ends decided, posted once.

const VIDEO = 'https://cdn.example.com/reel-9.mp4';

/** A memory store whose publish requests can be made unreadable for one read, as a failover's moment. */
function storeMissingOneRead(): { store: Store; failNextRead: () => void } {
  const memory = createMemoryStore();
  let failNext = false;
  const store: Store = {
    ...memory,
    namespace(name) {
      const kv = memory.namespace(name);
      if (name !== 'publish') return kv;
      const requests: KeyValue = {
        ...kv,
        get(key) {
          if (!failNext) return kv.get(key);
          failNext = false;
          return Promise.reject(new StoreUnavailableError('the primary died (test)'));
        },
      };
      return requests;
    },
  };
  return { store, failNextRead: () => (failNext = true) };
}

describe('a request moved to publishing as the store goes away', () => {
  let h: TestBot;
  afterEach(() => h.close());

  it('is still published once and its card ends saying so', async () => {
    const { store, failNextRead } = storeMissingOneRead();
    h = await startTestBot({ infra: { store } });
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
    await h.command(`/publish ${VIDEO} accounts=brand title="Through a failover"`);
    const approve = button(lastCard(h), 'Approve') ?? '';

    const updateCard = h.chat.updateCard;
    h.chat.updateCard = async (thread, message, kind) => {
      const shown = await updateCard(thread, message, kind);
      if (/Publishing/.test(message.text)) failNextRead();
      return shown;
    };
    await click(h, approve, as('bea'));

    expect(h.posts().map((p) => p.title)).toEqual(['Through a failover']);
    expect(lastCard(h).text).toMatch(/^✅ Published/);
  });
});

describe('a request approved for a later time as the store goes away', () => {
  let h: TestBot;
  afterEach(() => h.close());

  it('is still held for its time and posted then, once', async () => {
    const { store, failNextRead } = storeMissingOneRead();
    const offset = { ms: 0 };
    h = await startTestBot({ infra: { store, clock: { now: () => Date.now() + offset.ms } } });
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
    await h.command(`/publish ${VIDEO} accounts=brand title="Held through a failover" schedule="in 2 hours"`);
    const approve = button(lastCard(h), 'Approve') ?? '';

    const updateCard = h.chat.updateCard;
    h.chat.updateCard = async (thread, message, kind) => {
      const shown = await updateCard(thread, message, kind);
      if (/approved, scheduled/.test(message.text)) failNextRead();
      return shown;
    };
    await click(h, approve, as('bea'));
    expect(h.posts()).toEqual([]);

    offset.ms = 2 * 3600_000 + 60_000;
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /Published to brand/.test(s.message.text)));
    expect(h.posts().map((p) => p.title)).toEqual(['Held through a failover']);
    expect(lastCard(h).text).toMatch(/^✅ Published/);
  });
});

// The store goes away as a request's outcome is written, and stays away past the bound of that write: the
// call was made, its outcome is nowhere. The bot keeps running, so no start looks for the request either:
// the attempt's watch shows it as outcome unknown once it is stale, and never calls the API again.

const STALE_MS = 5 * 60_000;

/**
 * The embedded scheduler, counting each run of a publish attempt's watch that ended; with `refuseWatches`, it
 * cannot take a watch (as while the scheduler's Redis is away) and takes every other task.
 */
function countingWatches(runs: { done: number }, refuseWatches = false): NonNullable<InfraOptions['scheduler']> {
  return async (on) => {
    const scheduler = await embeddedScheduler(50)(on);
    return {
      ...scheduler,
      schedule(queue, id, dueAt, data) {
        if (refuseWatches && queue === STALE_QUEUE)
          return Promise.reject(new StoreUnavailableError('the scheduler is away (test)'));
        return scheduler.schedule(queue, id, dueAt, data);
      },
      handle(queue, handler) {
        if (queue !== STALE_QUEUE) return scheduler.handle(queue, handler);
        scheduler.handle(queue, async (task) => {
          const next = await handler(task);
          runs.done++;
          return next;
        });
      },
    };
  };
}

describe('a publish attempt’s watch', () => {
  let h: TestBot;
  afterEach(() => h.close());

  const unknownSaid = (x: TestBot) =>
    x.chat.seen.filter((s) => s.where === 'thread' && /Outcome unknown/.test(s.message.text));

  /**
   * Publishes `title` at once; with `outageAtPublishing`, the store goes away once the card says Publishing…, so
   * what the call brings back cannot be written. Counts the runs of the attempt's watch in the answer.
   */
  async function publish(
    title: string,
    outageAtPublishing: boolean,
    refuseWatches = false,
  ): Promise<{ outage: { on: boolean }; runs: { done: number } }> {
    const { store, outage } = withPublishOutage(createMemoryStore());
    const runs = { done: 0 };
    h = await startTestBot({
      infra: { store, scheduler: countingWatches(runs, refuseWatches) },
      tuning: { publish: { storedBoundMs: 300 } },
    });
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
    await h.command('/setup approvals=0');
    const updateCard = h.chat.updateCard;
    h.chat.updateCard = async (thread, message, kind) => {
      const shown = await updateCard(thread, message, kind);
      if (outageAtPublishing && /Publishing/.test(message.text)) outage.on = true;
      return shown;
    };
    await h.command(`/publish ${VIDEO} accounts=brand title=${title}`);
    return { outage, runs };
  }

  it('shows a request whose outcome could not be written as outcome unknown once stale, says so once, never posts again', async () => {
    const { outage } = await publish('Unrecorded', true);
    expect(h.posts().map((p) => p.title)).toEqual(['Unrecorded']);
    expect(lastCard(h).text).toMatch(/Publishing/);
    // Told privately not to send it again (it was posted), never "storage is unavailable, try again".
    const told = h.chat.seen.filter((s) => s.where === 'ephemeral').map((s) => s.message.text);
    expect(told).toEqual(expect.arrayContaining([expect.stringMatching(/Do not send it again/)]));
    expect(told.filter((t) => /try again shortly/i.test(t))).toEqual([]);

    // The outage ends; nobody clicks, nobody restarts.
    outage.on = false;
    h.clock.advance(STALE_MS);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /Outcome unknown/.test(s.message.text)));

    const card = lastCard(h);
    expect(card.text).toMatch(/Outcome unknown/);
    expect(labels(card)).toEqual(expect.arrayContaining(['Mark as posted', 'Try again']));
    expect(unknownSaid(h).map((s) => s.message.text)).toEqual([
      expect.stringMatching(/could not record whether this was published/),
    ]);
    expect(h.posts().map((p) => p.title)).toEqual(['Unrecorded']);
  });

  it('leaves a request whose outcome was written as it is', async () => {
    const { runs } = await publish('Recorded', false);
    expect(lastCard(h).text).toMatch(/^✅ Published/);

    h.clock.advance(STALE_MS);
    await h.chat.waitFor(() => runs.done === 1);

    expect(unknownSaid(h)).toEqual([]);
    expect(lastCard(h).text).toMatch(/^✅ Published/);
    expect(h.posts().map((p) => p.title)).toEqual(['Recorded']);
  });

  it('that cannot be armed does not keep the request from being published, once', async () => {
    await publish('Unwatched', false, true);
    expect(h.posts().map((p) => p.title)).toEqual(['Unwatched']);
    expect(lastCard(h).text).toMatch(/^✅ Published/);
  });
});
