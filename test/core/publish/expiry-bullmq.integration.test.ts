// The approval-expiry redraw on BullMQ (Redis), across a restart: BullMQ waits in real time, so the
// request is made with the bot's clock an hour minus 600 ms behind, and its approvals run out 600 ms later.
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/ports.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../../infra/store/helpers.ts';
import { type Harness, startHarness } from '../../support/harness.ts';
import { addAccount, labels, lastCard } from './support.ts';

const HOUR = 3600_000;

describe('approval expiry on BullMQ', () => {
  const prefix = uniquePrefix();
  const offset = { ms: 0 };
  const clock: Clock = { now: () => Date.now() + offset.ms };
  let h: Harness | undefined;
  const start = () => startHarness({}, { infra: { store: { kind: 'redis', url: REDIS_URL, prefix }, clock } });
  afterEach(async () => {
    await h?.close();
    h = undefined;
    await deleteRedisPrefix(prefix);
  });

  it('redraws the card when approvals run out, after a restart, without a click', async () => {
    offset.ms = -(HOUR - 600);
    h = await start();
    await addAccount(h, 'brand', 'youtube', 'brand-key-0123456789');
    await h.command('/setup approval_expiry=1h');
    await h.command('/publish https://cdn.example.com/reel-7.mp4 accounts=brand title=Soon');
    expect(labels(lastCard(h))).toContain('Approve');
    await h.close();

    offset.ms = 0;
    h = await start();
    const harness = h;
    await harness.chat.waitFor((seen) =>
      seen.some((s) => s.where === 'card-update' && /approvals expired/.test(s.message.text)),
    );
    expect(labels(lastCard(harness))).not.toContain('Approve');
    expect(labels(lastCard(harness))).toEqual(expect.arrayContaining(['Edit', 'Cancel']));
    await harness.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /ran out/.test(s.message.text)));
  });
});
