// The ChatPort for Discord: later posts (job results, failures) go into the job's thread with the bot
// token; the card is edited in place.
import type { REST } from 'discord.js';
import type { ChatPort, ThreadRef } from '../core/ports.ts';
import type { OutMessage } from '../core/render/message.ts';
import { createChannelMessage, editChannelMessage } from './post.ts';
import { renderMessage } from './render.ts';

/**
 * Where the card lives: a thread started from the card has the card's id, and the card sits in the
 * parent channel; otherwise (the command ran inside a thread) the card is in the thread.
 */
export function cardChannelOf(thread: ThreadRef): string {
  return thread.cardMessageId === thread.threadId ? thread.channelId : thread.threadId;
}

export function createDiscordChatPort(rest: REST): ChatPort {
  return {
    platform: 'discord',
    async postInThread(thread, message, idempotencyKey) {
      await createChannelMessage(rest, thread.threadId, renderMessage(message), idempotencyKey);
    },
    async updateCard(thread: ThreadRef, message: OutMessage) {
      await editChannelMessage(rest, cardChannelOf(thread), thread.cardMessageId, renderMessage(message));
    },
  };
}
