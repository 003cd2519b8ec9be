// Reminders on BullMQ (Redis) with two replicas on one store: each reminder is posted once, whichever
// replica runs it. BullMQ waits in real time, so the request is made with the bot's clock a minute minus
// 600 ms behind, and the clock is then set right: the first reminder is due 600 ms later.
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/ports.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../../infra/store/helpers.ts';
import { type Harness, startHarness } from '../../support/harness.ts';
import { addAccount } from './support.ts';

const MIN = 60_000;

describe('reminders on BullMQ', () => {
  const prefix = uniquePrefix();
  const offset = { ms: 0 };
  const clock: Clock = { now: () => Date.now() + offset.ms };
  const replicas: Harness[] = [];
  const start = async () => {
    const h = await startHarness({}, { infra: { store: { kind: 'redis', url: REDIS_URL, prefix }, clock } });
    replicas.push(h);
    return h;
  };
  const reminders = () =>
    replicas.flatMap((h) => h.chat.seen).filter((s) => s.where === 'thread' && /🔔 Reminder/.test(s.message.text));
  afterEach(async () => {
    for (const h of replicas.splice(0)) await h.close();
    await deleteRedisPrefix(prefix);
  });

  it('posts the reminder once, whichever of two replicas runs it', async () => {
    offset.ms = -(MIN - 600);
    const a = await start();
    await addAccount(a, 'brand', 'youtube', 'brand-key-0123456789');
    await a.command('/setup remind=1m');
    await a.command('/publish https://cdn.example.com/reel-9.mp4 accounts=brand title=Waiting');
    await start();
    offset.ms = 0;

    const deadline = Date.now() + 10_000;
    while (reminders().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1500));
    expect(reminders().map((s) => s.message.text)).toEqual([
      expect.stringMatching(/Reminder 1\/3: .*needs 1 more approval/),
    ]);
  });
});
