import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { KeyValue, Store } from '../../../src/core/ports.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, lastCard } from './support.ts';

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

    expect(h.app.sandbox?.posts().map((p) => p.title)).toEqual(['Through a failover']);
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
    expect(h.app.sandbox?.posts()).toEqual([]);

    offset.ms = 2 * 3600_000 + 60_000;
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /Published to brand/.test(s.message.text)));
    expect(h.app.sandbox?.posts().map((p) => p.title)).toEqual(['Held through a failover']);
    expect(lastCard(h).text).toMatch(/^✅ Published/);
  });
});
