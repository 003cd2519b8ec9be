// Posting with the bot token any time later: results and updates in a job's thread.
import type { ChatPort, ThreadRef } from '../core/ports.ts';
import { certainlyNotDone, type SlackApi } from './api.ts';
import type { Claims } from './claims.ts';
import { renderMessage } from './render.ts';

/** Long enough to cover the core's retries of one post. */
const POST_CLAIM_MS = 24 * 60 * 60_000;

export function createSlackChatPort(options: { api: SlackApi; claims: Claims }): ChatPort {
  const { api, claims } = options;
  return {
    platform: 'slack',
    async postInThread(thread: ThreadRef, message, idempotencyKey) {
      // chat.postMessage has no idempotency key: a claim makes the core's retry of the same post harmless.
      const key = `slack:post:${idempotencyKey}`;
      if (!(await claims.claim(key, POST_CLAIM_MS))) return;
      try {
        await api.postMessage(thread.channelId, renderMessage(message), thread.threadId);
      } catch (error) {
        // Only a certain failure frees the key: after a timeout the message may be there already.
        if (certainlyNotDone(error)) await claims.release(key);
        throw error;
      }
    },
    async updateCard(thread, message) {
      await api.update(thread.channelId, thread.cardMessageId, renderMessage(message));
    },
  };
}
