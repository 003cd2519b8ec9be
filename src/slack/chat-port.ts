// Posting with the bot token any time later: results and updates in a job's thread.

import type { Once } from '../core/once.ts';
import type { ChatPort, Logger, ThreadRef } from '../core/ports.ts';
import type { SlackApi } from './api.ts';
import { createSlackGroups } from './groups.ts';
import { renderMessage } from './render.ts';

export function createSlackChatPort(options: { api: SlackApi; once: Once; logger?: Logger }): ChatPort {
  const { api, once, logger } = options;
  const groups = createSlackGroups({ api });
  return {
    platform: 'slack',
    membersOf: groups.membersOf,
    findGroup: groups.findGroup,
    async postInThread(thread: ThreadRef, message, idempotencyKey) {
      // chat.postMessage has no idempotency key. The "posted" record is written only once Slack answered
      // ok with a ts: a post still waiting in the 1-per-second queue when the process dies is retried.
      // A post whose answer never came (killed in flight) is looked for in the thread by its metadata
      // first; if Slack cannot say (no history scope), it is posted again: twice rather than never.
      const sentBefore = () =>
        api.threadHas(thread.channelId, thread.threadId, idempotencyKey).catch((err: unknown) => {
          logger?.warn({ err, idempotencyKey }, 'could not look for an unconfirmed post in its thread; posting it');
          return false;
        });
      await once.post(
        { kind: 'post', platform: 'slack', idempotencyKey },
        async () => {
          const { ts } = await api.postMessage(
            thread.channelId,
            renderMessage(message),
            thread.threadId,
            idempotencyKey,
          );
          if (!ts || ts === 'undefined') throw new Error('Slack answered chat.postMessage without a ts');
        },
        { sentBefore },
      );
    },
    async updateCard(thread, message) {
      await api.update(thread.channelId, thread.cardMessageId, renderMessage(message));
    },
    // The card of a job whose process died before Slack's answer came back, found by its metadata tag.
    async findCard(origin, tag) {
      const ts = await api.findTagged(origin.channelId, tag, origin.threadId);
      if (!ts) return undefined;
      const { workspaceId, channelId, threadId } = origin;
      return { platform: 'slack', workspaceId, channelId, threadId: threadId ?? ts, cardMessageId: ts };
    },
  };
}
