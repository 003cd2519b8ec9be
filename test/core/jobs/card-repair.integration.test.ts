import { afterEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { POLL_QUEUE } from '../../../src/core/jobs/poller.ts';
import { embeddedScheduler } from '../../../src/start-bot.ts';
import { waitFor } from '../../infra/store/helpers.ts';
import { jobsRepoOf, origin, startTestBot, type TestBot } from '../../support/bot.ts';

// A card a crash left behind, in one process. What reaches the bot over HTTP: nothing-lost.integration.test.ts.

const VIDEO = 'https://example.com/talk.mp4';
let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a card left "Working on it" by a crash after the job ended', () => {
  it('is repaired when the poller next sees the job', async () => {
    h = await startTestBot({ infra: { scheduler: embeddedScheduler(50) } });
    const now = Date.now();
    const repo = jobsRepoOf(h.app);
    const thread = {
      platform: 'console' as const,
      workspaceId: 'local',
      channelId: 'local',
      threadId: 't0',
      cardMessageId: 't0',
    };
    // Saved as settled, its result delivered, but the process died before the card and the pending record.
    await repo.save({
      id: 'crashedjb1',
      kind: 'broll',
      state: 'settled',
      channelKey: channelKeyOf(origin),
      origin,
      thread,
      summary: 'example.com/talk.mp4',
      requests: [{ videoUrl: VIDEO }],
      projectIds: ['0123456789abcdef01234567'],
      cardShows: 'working',
      createdAt: now,
      updatedAt: now,
    });
    await repo.setPending({ jobId: 'crashedjb1', channelKey: channelKeyOf(origin), nextPollAt: now, polls: 0 });
    // As a restart's catch-up would: the record was left by a crash, so its poll is due now.
    await h.app.inside.scheduler.schedule(POLL_QUEUE, 'crashedjb1', now, {});
    const harness = h;
    await harness.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    await waitFor(async () => (await repo.getPending('crashedjb1')) === undefined);
    expect((await repo.get('crashedjb1'))?.cardShows).toBe('completed');
  });
});
