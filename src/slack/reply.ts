// The Reply for one command, click or mention: ephemeral answers through the response_url (it works
// even where the bot is not a member; 5 uses within 30 min) or chat.postEphemeral, public ones and job
// cards with chat.postMessage. A card posted outside a thread becomes the job thread's root.
import { UserError } from '../core/errors.ts';
import type { Logger, Origin, Reply, ThreadRef } from '../core/ports.ts';
import type { OutMessage } from '../core/render/message.ts';
import { type SlackApi, slackErrorCode } from './api.ts';
import { renderMessage } from './render.ts';

const RESPONSE_URL_USES = 5;
/** Slack's answers when the bot may not post in a channel. */
const NOT_A_MEMBER = new Set(['not_in_channel', 'channel_not_found', 'is_archived']);

export interface ReplyOptions {
  api: SlackApi;
  origin: Origin;
  logger: Logger;
  responseUrl?: string;
  /** The bot's own user id (from auth.test), to name it in the invite instructions. */
  botUserId?: string;
}

export function inviteText(botUserId?: string): string {
  const who = botUserId ? `<@${botUserId}>` : '@reelbot';
  return `I can't post in this channel yet. Invite me with \`/invite ${who}\`, then run the command again.`;
}

export function createReply(options: ReplyOptions): Reply {
  const { api, origin, logger } = options;
  let responseUrlUses = 0;
  // The same ephemeral text is never shown twice for one interaction (e.g. the invite hint, reported by
  // us and then again by the core's own error boundary).
  const shown = new Set<string>();

  async function ephemeral(message: OutMessage): Promise<void> {
    if (shown.has(message.text)) return;
    shown.add(message.text);
    const rendered = renderMessage(message);
    if (options.responseUrl && responseUrlUses < RESPONSE_URL_USES) {
      responseUrlUses++;
      try {
        await api.respond(options.responseUrl, { response_type: 'ephemeral', replace_original: false, ...rendered });
        return;
      } catch (error) {
        logger.warn({ err: error }, 'response_url failed; falling back to chat.postEphemeral');
      }
    }
    await api.postEphemeral(origin.channelId, origin.userId, rendered, origin.threadId);
  }

  async function post(message: OutMessage): Promise<string> {
    try {
      return (await api.postMessage(origin.channelId, renderMessage(message), origin.threadId)).ts;
    } catch (error) {
      const code = slackErrorCode(error);
      if (code === undefined || !NOT_A_MEMBER.has(code)) throw error;
      const text = inviteText(options.botUserId);
      await ephemeral({ text }).catch((e: unknown) => logger.warn({ err: e }, 'could not send the invite hint'));
      throw new UserError(text, { cause: error, code: 'not_allowed' });
    }
  }

  return {
    ephemeral,
    async public(message) {
      await post(message);
    },
    async openThread(card): Promise<ThreadRef> {
      const ts = await post(card);
      return {
        platform: 'slack',
        workspaceId: origin.workspaceId,
        channelId: origin.channelId,
        threadId: origin.threadId ?? ts,
        cardMessageId: ts,
      };
    },
  };
}
