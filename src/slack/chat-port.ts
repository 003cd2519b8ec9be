// Posting with the bot token any time later: results and updates in a job's thread.

import { createLastEdit } from '../core/platform/last-edit.ts';
import type { ChatPort, ThreadRef } from '../core/ports.ts';
import type { SlackApi } from './api.ts';
import { createSlackGroups } from './groups.ts';
import { renderMessage } from './render.ts';
import { createSlackVisibility } from './visibility.ts';

export function createSlackChatPort(options: { apiFor: (teamId: string) => SlackApi }): ChatPort {
  // Each post goes out with the token of the workspace it belongs to (the thread's, the origin's).
  const { apiFor } = options;
  const groups = createSlackGroups({ apiFor });
  const lastEdit = createLastEdit();
  return {
    platform: 'slack',
    membersOf: groups.membersOf,
    findGroup: groups.findGroup,
    visibleTo: createSlackVisibility({ apiFor }),
    // Slack's permalink form, on the workspace's own address (chat.getPermalink would cost a call per card).
    async cardLink(thread) {
      const base = await apiFor(thread.workspaceId).workspaceUrl();
      if (!base) return undefined;
      return `${base.replace(/\/+$/, '')}/archives/${thread.channelId}/p${thread.cardMessageId.replace('.', '')}`;
    },
    // chat.postMessage has no idempotency key: the key goes into the message's metadata, so that a post
    // whose answer never came (killed in flight) can be found in the thread (findPost).
    async send(thread: ThreadRef, message, idempotencyKey) {
      const { ts } = await apiFor(thread.workspaceId).postMessage(
        thread.channelId,
        renderMessage(message),
        thread.threadId,
        idempotencyKey,
      );
      if (!ts || ts === 'undefined') throw new Error('Slack answered chat.postMessage without a ts');
    },
    findPost: (thread, idempotencyKey) =>
      apiFor(thread.workspaceId).threadHas(thread.channelId, thread.threadId, idempotencyKey),
    async updateCard(thread, message, kind = 'final', stillDue) {
      const card = `${thread.workspaceId}:${thread.channelId}:${thread.cardMessageId}`;
      const rendered = renderMessage(message);
      const content = JSON.stringify(rendered);
      // A refresh into what the card shows would spend the workspace's Tier 3 budget for nothing; a change or
      // a final state is always made, since another replica may have drawn over this one's last edit.
      if (kind === 'progress' && lastEdit.same(card, content)) return false;
      try {
        const shown = await apiFor(thread.workspaceId).update(
          thread.channelId,
          thread.cardMessageId,
          rendered,
          kind,
          stillDue,
        );
        if (shown) lastEdit.remember(card, content);
        return shown;
      } catch (err) {
        lastEdit.forget(card);
        throw err;
      }
    },
    // The card of a job whose process died before Slack's answer came back, found by its metadata tag.
    async findCard(origin, tag) {
      const ts = await apiFor(origin.workspaceId).findTagged(origin.channelId, tag, origin.threadId);
      if (!ts) return undefined;
      const { workspaceId, channelId, threadId } = origin;
      return { platform: 'slack', workspaceId, channelId, threadId: threadId ?? ts, cardMessageId: ts };
    },
  };
}
