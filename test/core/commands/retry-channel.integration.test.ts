import { afterEach, describe, expect, it } from 'vitest';
import { jobsRepoOf, origin, startTestBot, type TestBot } from '../../support/bot.ts';

// A button's id is chosen by whoever sends the click: a Retry naming another channel's job must not
// start that job (with that channel's request) in the clicker's channel.

const VIDEO = 'https://example.com/talk.mp4';
let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Retry with the id of a job from another channel', () => {
  it('is refused, privately, and starts nothing', async () => {
    h = await startTestBot();
    const other = { ...origin, channelId: 'other', userId: 'bo' };
    const now = Date.now();
    await jobsRepoOf(h.app).save({
      id: 'otherjob01',
      kind: 'broll',
      state: 'failed',
      channelKey: 'console:local:other',
      origin: other,
      summary: 'example.com/secret-talk.mp4',
      requests: [{ videoUrl: VIDEO }],
      projectIds: [null],
      createdAt: now,
      updatedAt: now,
    });

    const prepared = h.bot.prepareAction({ actionId: 'retry:otherjob01', origin, canConfigure: true });
    if (prepared.kind === 'run') await prepared.run(h.chat.reply(origin));

    // The answer an id nobody made gets: the click learns nothing of the other channel's job.
    expect(h.chat.ephemerals().at(-1)?.message.text).toBe(
      'No job `otherjob01` of this channel can be retried (jobs are kept 30 days). Run the command again.',
    );
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(0);
    expect(JSON.stringify(h.chat.seen)).not.toContain('secret-talk');
  });

  it('still works for a failed job of the clicker’s own channel', async () => {
    h = await startTestBot();
    const now = Date.now();
    await jobsRepoOf(h.app).save({
      id: 'ownjob0001',
      kind: 'broll',
      state: 'failed',
      channelKey: 'console:local:local',
      origin,
      summary: 'example.com/talk.mp4',
      requests: [{ videoUrl: VIDEO }],
      projectIds: [null],
      createdAt: now,
      updatedAt: now,
    });
    const prepared = h.bot.prepareAction({ actionId: 'retry:ownjob0001', origin, canConfigure: false });
    if (prepared.kind === 'run') await prepared.run(h.chat.reply(origin));
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(1);
  });
});
