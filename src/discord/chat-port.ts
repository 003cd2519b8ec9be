// The ChatPort for Discord: later posts (job results, failures) go into the job's thread with the bot
// token; the card is edited in place.
import type { REST } from 'discord.js';
import { createCardLanes } from '../core/platform/card-order.ts';
import { stillDueNow } from '../core/platform/chat-port.ts';
import { createLastEdit } from '../core/platform/last-edit.ts';
import type { OutMessage } from '../core/platform/message.ts';
import type { CardEdit, ChatPort, StillDue, ThreadRef } from '../core/ports.ts';
import { createCardFinder } from './find-card.ts';
import { createRoleMembers } from './members.ts';
import { createChannelMessage, editChannelMessage } from './post.ts';
import { renderMessage } from './render.ts';
import { createChannelVisibility } from './visibility.ts';

/**
 * Where the card lives: a thread started from the card has the card's id, and the card sits in the
 * parent channel; otherwise (the command ran inside a thread) the card is in the thread.
 */
export function cardChannelOf(thread: ThreadRef): string {
  return thread.cardMessageId === thread.threadId ? thread.channelId : thread.threadId;
}

/**
 * Discord's nonce only dedupes for a few minutes and a retry after a crash comes later than that, so the
 * core's outbox records confirmed posts; a post is never looked for by its key (Discord keeps no tag).
 */
export function createDiscordChatPort(rest: REST): ChatPort {
  // discord.js's REST queue is the one limiter (per-route buckets, retry_after); this only spares it edits
  // that would change nothing, and keeps one card's edits in order (a change asked for after its card's
  // final state, drawn from an earlier read, is not sent).
  const lastEdit = createLastEdit();
  const lanes = createCardLanes();
  return {
    platform: 'discord',
    membersOf: createRoleMembers(rest),
    // A card whose answer a crash cut off, found in the channel by what it shows (find-card.ts).
    findCard: createCardFinder(rest),
    visibleTo: createChannelVisibility(rest),
    cardLink: async (thread) =>
      `https://discord.com/channels/${thread.workspaceId}/${cardChannelOf(thread)}/${thread.cardMessageId}`,
    // Discord refuses edits of a message older than an hour (30046); a margin keeps a late edit from failing.
    cardEditMs: 55 * 60_000,
    async send(thread, message, idempotencyKey) {
      const created = await createChannelMessage(rest, thread.threadId, renderMessage(message), idempotencyKey);
      if (!created?.id) throw new Error('Discord answered a message create without a message id');
    },
    async updateCard(thread: ThreadRef, message: OutMessage, kind: CardEdit = 'final', stillDue?: StillDue) {
      const body = renderMessage(message);
      const content = JSON.stringify(body);
      // Only a refresh is left out as a repeat: another replica may have drawn over a change or a final state.
      if (kind === 'progress' && lastEdit.same(thread.cardMessageId, content)) return false;
      return lanes.edit(thread.cardMessageId, kind, async () => {
        if (!(await stillDueNow(stillDue))) return false;
        try {
          await editChannelMessage(rest, cardChannelOf(thread), thread.cardMessageId, body);
          lastEdit.remember(thread.cardMessageId, content);
        } catch (err) {
          // What the card shows is unknown now: the next edit must be made even if it repeats this one.
          lastEdit.forget(thread.cardMessageId);
          throw err;
        }
      });
    },
  };
}
