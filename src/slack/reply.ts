// The Reply for one command, click or mention: ephemeral answers through the response_url (it works
// even where the bot is not a member; 5 uses within 30 min) or chat.postEphemeral, public ones and job
// cards with chat.postMessage. A card posted outside a thread becomes the job thread's root.
import { UserError } from '../core/errors.ts';
import { mention, type OutMessage } from '../core/platform/message.ts';
import type { Logger, Origin, Reply, ThreadRef } from '../core/ports.ts';
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
  /** For a click: the message holding the clicked control, which `replace` redraws. */
  clicked?: ClickedMessage;
}

export interface ClickedMessage {
  channelId: string;
  ts: string;
  /** Ephemeral messages have no ts Slack can update: only their response_url can replace them. */
  ephemeral: boolean;
}

export function inviteText(botUserId?: string): string {
  const who = botUserId ? mention(botUserId) : '@reelbot';
  return `I can't post in this channel yet. Invite me with \`/invite ${who}\`, then run the command again.`;
}

export function createReply(options: ReplyOptions): Reply {
  const { api, origin, logger } = options;
  let responseUrlUses = 0;
  const canRespond = () => options.responseUrl !== undefined && responseUrlUses < RESPONSE_URL_USES;
  async function ephemeral(message: OutMessage): Promise<void> {
    const rendered = renderMessage(message);
    if (options.responseUrl && canRespond()) {
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

  async function post(message: OutMessage, tag?: string): Promise<string> {
    try {
      return (await api.postMessage(origin.channelId, renderMessage(message), origin.threadId, tag)).ts;
    } catch (error) {
      const code = slackErrorCode(error);
      if (code === undefined || !NOT_A_MEMBER.has(code)) throw error;
      // Shown to the person only, by the dispatch (the one error boundary).
      throw new UserError(inviteText(options.botUserId), { cause: error, code: 'not_allowed' });
    }
  }

  /** Redraws the clicked message in place; false when it cannot be reached (the caller posts anew). */
  async function replaceClicked(clicked: ClickedMessage, message: OutMessage): Promise<boolean> {
    const rendered = renderMessage(message);
    if (!clicked.ephemeral) {
      await api.update(clicked.channelId, clicked.ts, rendered);
      return true;
    }
    if (!options.responseUrl || !canRespond()) return false;
    responseUrlUses++;
    try {
      await api.respond(options.responseUrl, { replace_original: true, ...rendered });
      return true;
    } catch (error) {
      logger.warn({ err: error }, 'could not replace an ephemeral message; sending a new one');
      return false;
    }
  }

  const { clicked } = options;
  return {
    ephemeral,
    ...(clicked
      ? {
          async replace(message: OutMessage) {
            if (!(await replaceClicked(clicked, message))) await ephemeral(message);
          },
        }
      : {}),
    async public(message) {
      await post(message);
    },
    async openThread(card, tag): Promise<ThreadRef> {
      const ts = await post(card, tag);
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
