// A publish attempt's watch on BullMQ (Redis), where task ids are BullMQ job ids: the outcome of the call cannot
// be written (the store away past the bound of that write) and the bot runs on. BullMQ waits in real time, so
// the request is moved to publishing with the bot's clock the stale time minus 2 s behind: the watch comes 2 s later.
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock, Store } from '../../../src/core/ports.ts';
import { bullmqPrefix } from '../../../src/infra/redis/redis-keys.ts';
import { createBullmqScheduler } from '../../../src/infra/scheduler/bullmq.ts';
import { openStore } from '../../../src/infra/store/open-store.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../../infra/store/helpers.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, labels, lastCard, withPublishOutage } from './support.ts';

const STALE_MS = 5 * 60_000;

describe('a publish attempt’s watch on BullMQ', () => {
  const prefix = uniquePrefix();
  const offset = { ms: 0 };
  const clock: Clock = { now: () => Date.now() + offset.ms };
  let h: TestBot | undefined;
  let redis: Store | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
    await redis?.close();
    await deleteRedisPrefix(prefix);
  });

  it('shows a request whose outcome could not be written as outcome unknown, once, posted once', async () => {
    redis = await openStore({ kind: 'redis', url: REDIS_URL, prefix }, { clock });
    const { store, outage } = withPublishOutage(redis);
    offset.ms = -(STALE_MS - 2_000);
    h = await startTestBot({
      infra: {
        store,
        clock,
        scheduler: ({ logger }) => createBullmqScheduler({ url: REDIS_URL, prefix: bullmqPrefix(prefix), logger }),
      },
      tuning: { publish: { storedBoundMs: 300 } },
    });
    const bot = h;
    await addAccount(bot, 'brand', 'x', 'brand-x-access-key-0123456789');
    await bot.command('/setup approvals=0');
    const updateCard = bot.chat.updateCard;
    bot.chat.updateCard = async (thread, message, kind) => {
      const shown = await updateCard(thread, message, kind);
      if (/Publishing/.test(message.text)) outage.on = true;
      return shown;
    };
    await bot.command('/publish https://cdn.example.com/reel-8.mp4 accounts=brand title=Unrecorded');
    expect(lastCard(bot).text).toMatch(/Publishing/);
    outage.on = false;
    offset.ms = 0;

    await bot.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /Outcome unknown/.test(s.message.text)));
    expect(labels(lastCard(bot))).toEqual(expect.arrayContaining(['Mark as posted', 'Try again']));
    const said = bot.chat.seen.filter((s) => s.where === 'thread' && /Outcome unknown/.test(s.message.text));
    expect(said.map((s) => s.message.text)).toEqual([
      expect.stringMatching(/could not record whether this was published/),
    ]);
    expect(bot.posts().map((p) => p.title)).toEqual(['Unrecorded']);
  });
});
