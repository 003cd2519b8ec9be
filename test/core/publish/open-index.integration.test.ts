import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublishRequestRecord } from '../../../src/core/publish/requests/model.ts';
import { createPublishRepo, type PublishRepo } from '../../../src/core/publish/requests/repo.ts';
import { silentLogger, startTestBot, type TestBot } from '../../support/bot.ts';
import { aRequest } from './records.ts';

// The open requests of a workspace are read through an index (not a scan of every request), which must
// hold every open request: those written before the index existed too.

const request = (id: string, channelKey: string, createdAt: number): PublishRequestRecord => {
  const [platform = 'slack', workspaceId = '', channelId = ''] = channelKey.split(':');
  return aRequest({
    id,
    channelKey,
    thread: { platform: platform as 'slack', workspaceId, channelId, threadId: `${id}.1`, cardMessageId: `${id}.1` },
    content: { videoUrl: 'https://cdn.example.com/v.mp4', title: id },
    requester: { userId: 'U1' },
    editedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  });
};

describe('the open requests of a workspace', () => {
  let h: TestBot;
  let repo: PublishRepo;
  beforeEach(async () => {
    h = await startTestBot();
    repo = createPublishRepo(h.app.inside.store, silentLogger);
  });
  afterEach(() => h.close());

  it('include requests stored before the index existed, oldest first, and only that workspace’s', async () => {
    const raw = h.app.inside.store.namespace('publish');
    await raw.set('old2', request('old2', 'slack:T1:C2', 20));
    await raw.set('old1', request('old1', 'slack:T1:C1', 10));
    await raw.set('other', request('other', 'slack:T2:C1', 5));
    await repo.save(request('new1', 'slack:T1:C1', 30));
    expect((await repo.openIn('slack', 'T1')).map((r) => r.id)).toEqual(['old1', 'old2', 'new1']);
    expect((await repo.openIn('slack', 'T2')).map((r) => r.id)).toEqual(['other']);
  });

  it('drop a request once it is published or cancelled, and keep it while it waits for its time', async () => {
    await repo.save(request('a', 'discord:G1:C1', 1));
    await repo.save(request('b', 'discord:G1:C1', 2));
    await repo.update('a', (r) => ({ ...r, state: 'cancelled' }));
    await repo.update('b', (r) => ({ ...r, state: 'scheduled' }));
    expect((await repo.openIn('discord', 'G1')).map((r) => r.id)).toEqual(['b']);
    await repo.update('b', (r) => ({ ...r, state: 'published' }));
    expect(await repo.openIn('discord', 'G1')).toEqual([]);
  });
});
