import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { ChatPort, StillDue, Store } from '../../../src/core/ports.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { type Harness, startHarness } from '../../support/harness.ts';

// Edits of one card can land out of order: one replica's "working" may wait for the platform's budget
// (Slack's Tier 3) while another replica shows the job done. The card must still end showing the end.

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const VIDEO = 'https://example.com/talk.mp4';
const updates = (harness: Harness) => harness.chat.seen.filter((s) => s.where === 'card-update');
const done = (text: string) => /Done/.test(text);

/**
 * The harness's chat with each "working" edit held until the card says Done, as an edit waiting for the
 * workspace's budget would be (while another replica shows the end); `whenItsTurnComes` then decides it.
 */
function holdingChanges(
  harness: Harness,
  whenItsTurnComes: (send: () => Promise<boolean>, stillDue: StillDue | undefined) => Promise<boolean>,
): ChatPort {
  const chat = harness.chat;
  return {
    platform: 'console',
    send: (thread, message, key) => chat.send(thread, message, key),
    async updateCard(thread, message, kind, stillDue) {
      if (kind !== 'change') return chat.updateCard(thread, message, kind);
      await chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && done(s.message.text)));
      return whenItsTurnComes(() => chat.updateCard(thread, message, kind), stillDue);
    },
  };
}

describe('a "working" edit that lands after the card said Done', () => {
  it('is drawn over again: the card ends showing Done', async () => {
    h = await startHarness({}, { infra: { sandbox: { jobMs: 50, webhookRetryMs: 100 } } });
    const chat = h.chat;
    let lateLanded = false;
    const slow = holdingChanges(h, async (send) => {
      const shown = await send();
      lateLanded = true;
      return shown;
    });
    h.useChat(slow);
    await h.command(`/broll ${VIDEO}`);
    await chat.waitFor(() => lateLanded);
    await chat.waitFor((seen) => done(seen.filter((s) => s.where === 'card-update').at(-1)?.message.text ?? ''), 3_000);
    const texts = updates(h).map((s) => (done(s.message.text) ? 'Done' : 'Working'));
    expect(texts).toEqual(['Done', 'Working', 'Done']);
  });
});

describe('a "working" edit whose turn comes after the job ended', () => {
  it('is not sent when the platform asks, before sending, whether it is still due: the card never steps back', async () => {
    h = await startHarness({}, { infra: { sandbox: { jobMs: 50, webhookRetryMs: 100 } } });
    const chat = h.chat;
    const asked: boolean[] = [];
    // As the Slack and Discord adapters do: when its turn comes, the edit asks whether it is still due.
    const waiting = holdingChanges(h, async (send, stillDue) => {
      const due = stillDue ? await stillDue() : true;
      asked.push(due);
      return due ? send() : false;
    });
    h.useChat(waiting);
    await h.command(`/broll ${VIDEO}`);
    await chat.waitFor(() => asked.length > 0);
    await chat.waitFor((seen) => done(seen.filter((s) => s.where === 'card-update').at(-1)?.message.text ?? ''), 3_000);
    expect(asked).toEqual([false]);
    expect(updates(h).map((s) => (done(s.message.text) ? 'Done' : 'Working'))).toEqual(['Done']);
  });
});

/** A memory store that answers StoreUnavailableError to every read and write while `away` (a failover's moment). */
function storeThatGoesAway(): { store: Store; away: (ms: number) => void } {
  let until = 0;
  const SYNC = new Set<PropertyKey>(['namespace', 'held', 'epoch', 'node']);
  const unavailableWhileAway = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, name, receiver) {
        const value = Reflect.get(t, name, receiver);
        if (typeof value !== 'function') return value;
        if (name === 'namespace') return (...args: unknown[]) => unavailableWhileAway(value.apply(t, args));
        if (SYNC.has(name)) return value.bind(t);
        return (...args: unknown[]) =>
          Date.now() < until
            ? Promise.reject(new StoreUnavailableError('the store is moving (test)'))
            : value.apply(t, args);
      },
    });
  return { store: unavailableWhileAway(createMemoryStore()), away: (ms) => (until = Date.now() + ms) };
}

describe('a "working" edit that lands after Done while the store is away for a moment', () => {
  it('is drawn over again once the store answers: the card ends showing Done', async () => {
    const { store, away } = storeThatGoesAway();
    h = await startHarness({}, { infra: { store, sandbox: { jobMs: 50, webhookRetryMs: 100 } } });
    const chat = h.chat;
    let lateLanded = false;
    const slow = holdingChanges(h, async (send) => {
      const shown = await send();
      // The look after this edit meets a store that does not answer (a failover under way).
      away(500);
      lateLanded = true;
      return shown;
    });
    h.useChat(slow);
    await h.command(`/broll ${VIDEO}`);
    await chat.waitFor(() => lateLanded);
    // Within moments of the store answering again (it is away 0.5 s), not at the job's next progress tick.
    await chat.waitFor((seen) => done(seen.filter((s) => s.where === 'card-update').at(-1)?.message.text ?? ''), 2_000);
    const texts = updates(h).map((s) => (done(s.message.text) ? 'Done' : 'Working'));
    expect(texts).toEqual(['Done', 'Working', 'Done']);
  });
});
