import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkTracker } from '../../src/core/platform/work-tracker.ts';
import type { ChatPort } from '../../src/core/ports.ts';
import { waitFor } from '../infra/store/helpers.ts';
import { type Harness, silentLogger, startHarness } from '../support/harness.ts';

// A replica told to stop (a rolling deploy) first finishes what a webhook started: the result a delivery
// was settling when SIGTERM came is posted before the process lets go of its store.

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('closing the app while a webhook is being settled', () => {
  it('posts the result before stop() returns', async () => {
    // Webhooks only (no poll within the test), so the delivery's own work is what posts.
    h = await startHarness({}, { tuning: { timings: { firstPollMs: 3600_000, maxPollMs: 3600_000 } } });
    const chat = h.chat;
    let posting = false;
    const slow: ChatPort = {
      platform: 'console',
      async send(thread, message, key) {
        posting = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
        return chat.send(thread, message, key);
      },
      updateCard: (thread, message) => chat.updateCard(thread, message),
    };
    h.useChat(slow);
    await h.command('/broll https://example.com/talk.mp4');
    await waitFor(async () => posting);
    const app = h.app;
    const dir = h.dir;
    h = undefined;
    await app.stop();
    expect(chat.seen.filter((s) => s.where === 'thread')).toHaveLength(1);
    expect(chat.seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text))).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the work tracker', () => {
  it('waits for work started during the drain, and gives up on work that never ends', async () => {
    const tracker = createWorkTracker(silentLogger);
    let second = false;
    tracker.run('first', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      tracker.run('second', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        second = true;
      });
    });
    expect(await tracker.drain(2_000)).toBe(true);
    expect(second).toBe(true);

    tracker.run('stuck', () => new Promise(() => {}));
    const t0 = Date.now();
    expect(await tracker.drain(200)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(tracker.inFlight).toBe(1);
  });

  it('logs a failure instead of rejecting', async () => {
    const errors: unknown[] = [];
    const tracker = createWorkTracker({ ...silentLogger, error: (obj) => errors.push(obj) });
    tracker.run('boom', async () => {
      throw new Error('platform said 500');
    });
    expect(await tracker.drain(1_000)).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
