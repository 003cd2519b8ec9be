// Posting with the bot token any time later: results and updates in a job's thread.

import type { Once } from '../core/once.ts';
import type { ChatPort, ThreadRef } from '../core/ports.ts';
import type { SlackApi } from './api.ts';
import { renderMessage } from './render.ts';

export function createSlackChatPort(options: { api: SlackApi; once: Once }): ChatPort {
  const { api, once } = options;
  return {
    platform: 'slack',
    async postInThread(thread: ThreadRef, message, idempotencyKey) {
      // chat.postMessage has no idempotency key. The "posted" record is written only once Slack answered
      // ok with a ts: a post still waiting in the 1-per-second queue when the process dies is retried.
      await once.post({ kind: 'post', platform: 'slack', idempotencyKey }, async () => {
        const { ts } = await api.postMessage(thread.channelId, renderMessage(message), thread.threadId);
        if (!ts || ts === 'undefined') throw new Error('Slack answered chat.postMessage without a ts');
      });
    },
    async updateCard(thread, message) {
      await api.update(thread.channelId, thread.cardMessageId, renderMessage(message));
    },
  };
}
