// The core's Reply over one acknowledged interaction. The first answer replaces the "thinking…" message
// when it has the same visibility; anything public that cannot be that reply is posted with the bot token.
import { MessageFlags, type REST, type RepliableInteraction } from 'discord.js';
import type { OutMessage } from '../core/platform/message.ts';
import type { Origin, Reply, ThreadRef } from '../core/ports.ts';
import { createChannelMessage, startThreadFrom } from './post.ts';
import { type DiscordMessage, renderMessage } from './render.ts';

/**
 * How the interaction was acknowledged: a deferred reply (ephemeral or public) or, for a click, a
 * deferred update, which alone offers `replace`.
 */
export type Ack = 'ephemeral' | 'public' | 'update';

export interface InteractionReplyOptions {
  interaction: RepliableInteraction;
  ack: Ack;
  rest: REST;
  origin: Origin;
}

/**
 * The body as discord.js's interaction methods take it: they read `allowedMentions`, never the raw
 * `allowed_mentions`, so the message's own list is handed over here (an edit needs it as much as a create).
 */
export const payload = (m: DiscordMessage) => ({
  content: m.content,
  embeds: m.embeds,
  components: m.components,
  allowedMentions: { parse: [], users: m.allowed_mentions.users ?? [], roles: m.allowed_mentions.roles ?? [] },
});

export interface InteractionReply extends Reply {
  /** After the core is done: a "thinking…" message nobody answered is removed, not left spinning. */
  dropDeferred(): Promise<void>;
}

/** After a click's deferred update, the interaction's original message is the clicked one: edit it. */
function replacer(o: InteractionReplyOptions): Pick<Reply, 'replace'> {
  if (o.ack !== 'update') return {};
  return {
    async replace(message: OutMessage) {
      await o.interaction.editReply(payload(renderMessage(message)));
    },
  };
}

export function createInteractionReply(o: InteractionReplyOptions): InteractionReply {
  const { interaction, rest, origin } = o;
  /** The deferred "thinking…" message still waits for its answer. */
  let pending = o.ack !== 'update';
  let posts = 0;
  const here = origin.threadId ?? origin.channelId;

  /** The deferred reply's own answer, if it matches the visibility wanted; its message id. */
  async function answerDeferred(visibility: 'ephemeral' | 'public', body: DiscordMessage): Promise<string | null> {
    if (!pending || o.ack !== visibility) return null;
    const message = await interaction.editReply(payload(body));
    pending = false;
    return message.id;
  }

  /** A "thinking…" message of the wrong visibility would spin forever: remove it. */
  async function dropDeferred(): Promise<void> {
    if (!pending) return;
    pending = false;
    await interaction.deleteReply();
  }

  async function postPublic(body: DiscordMessage): Promise<string> {
    posts += 1;
    const created = await createChannelMessage(rest, here, body, `${interaction.id}:${posts}`);
    await dropDeferred();
    return created.id;
  }

  return {
    ...replacer(o),
    dropDeferred,
    async ephemeral(message: OutMessage) {
      const body = renderMessage(message);
      if (await answerDeferred('ephemeral', body)) return;
      await dropDeferred();
      await interaction.followUp({ ...payload(body), flags: MessageFlags.Ephemeral });
    },
    async public(message: OutMessage) {
      const body = renderMessage(message);
      if (await answerDeferred('public', body)) return;
      await postPublic(body);
    },
    async openThread(card: OutMessage): Promise<ThreadRef> {
      const body = renderMessage(card);
      const cardMessageId = (await answerDeferred('public', body)) ?? (await postPublic(body));
      const ref = { platform: 'discord' as const, workspaceId: origin.workspaceId, channelId: origin.channelId };
      // Discord has no threads in threads: a command run in a thread keeps its results there.
      if (origin.threadId) return { ...ref, threadId: origin.threadId, cardMessageId };
      const thread = await startThreadFrom(rest, origin.channelId, cardMessageId, card.cards?.[0]?.title ?? card.text);
      return { ...ref, threadId: thread.id, cardMessageId };
    },
  };
}
