import { describe, expect, it } from 'vitest';
import type { Origin } from '../../src/core/ports.ts';
import type { SlackApi } from '../../src/slack/api.ts';
import { createReply } from '../../src/slack/reply.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';

const origin: Origin = { platform: 'slack', workspaceId: 'T0TEAM', channelId: 'C0GENERAL', userId: 'U0MEMBER' };

/** A SlackApi that records what would have gone to Slack. */
function recordingApi(respondFails = false) {
  const sent: Array<{ call: string; args: unknown[] }> = [];
  const api: SlackApi = {
    postMessage: async (...args) => {
      sent.push({ call: 'postMessage', args });
      return { ts: '1700000000.000009' };
    },
    postEphemeral: async (...args) => void sent.push({ call: 'postEphemeral', args }),
    update: async (...args) => {
      sent.push({ call: 'update', args });
      return true;
    },
    openView: async (...args) => void sent.push({ call: 'openView', args }),
    userInfo: async () => ({ isAdmin: false, isOwner: false }),
    usergroupMembers: async () => [],
    usergroups: async () => [],
    threadHas: async () => false,
    findTagged: async () => undefined,
    workspaceUrl: async () => undefined,
    memberChannels: async () => new Set(),
    isPublicChannel: async () => true,
    publishView: async (...args) => void sent.push({ call: 'publishView', args }),
    respond: async (...args) => {
      if (respondFails) throw new Error('response_url expired');
      sent.push({ call: 'respond', args });
    },
  };
  return { api, sent };
}

describe('replacing the message a person clicked in', () => {
  it('updates a channel message in place with chat.update', async () => {
    const { api, sent } = recordingApi();
    const clicked = { channelId: 'C0GENERAL', ts: '1700000000.000001', ephemeral: false };
    const reply = createReply({ api, origin, logger: createRecordingLogger(), clicked });
    await reply.replace?.({ text: 'Page 2' });
    expect(sent).toEqual([{ call: 'update', args: ['C0GENERAL', '1700000000.000001', { text: 'Page 2' }] }]);
  });

  it('replaces an ephemeral message through its response_url', async () => {
    const { api, sent } = recordingApi();
    const clicked = { channelId: 'C0GENERAL', ts: '1700000000.000001', ephemeral: true };
    const reply = createReply({
      api,
      origin,
      logger: createRecordingLogger(),
      clicked,
      responseUrl: 'http://x/respond/1',
    });
    await reply.replace?.({ text: 'Page 2' });
    expect(sent).toEqual([
      { call: 'respond', args: ['http://x/respond/1', { replace_original: true, text: 'Page 2' }] },
    ]);
  });

  it('sends a new private message when the ephemeral one cannot be reached any more', async () => {
    const { api, sent } = recordingApi(true);
    const clicked = { channelId: 'C0GENERAL', ts: '1700000000.000001', ephemeral: true };
    const reply = createReply({
      api,
      origin,
      logger: createRecordingLogger(),
      clicked,
      responseUrl: 'http://x/respond/1',
    });
    await reply.replace?.({ text: 'Page 2' });
    expect(sent).toEqual([{ call: 'postEphemeral', args: ['C0GENERAL', 'U0MEMBER', { text: 'Page 2' }, undefined] }]);
  });

  it('offers no replace outside a click, so the core answers with a new message', () => {
    const { api } = recordingApi();
    expect(createReply({ api, origin, logger: createRecordingLogger() }).replace).toBeUndefined();
  });
});
