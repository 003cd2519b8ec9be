// Posting and editing with the bot token (never the interaction token, which dies after 15 minutes).
import { createHash } from 'node:crypto';
import { type APIMessage, type APIThreadChannel, type REST, Routes } from 'discord.js';
import { plainText } from '../core/platform/message.ts';
import { truncate } from '../core/platform/text.ts';
import type { DiscordMessage } from './render.ts';

/** Discord: a nonce is ≤ 25 characters. The same key always gives the same nonce. */
export function nonceFor(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 25);
}

/**
 * discord.js retries a 5xx on any method, so a create the server did carry out can be sent twice:
 * with `enforce_nonce`, Discord answers the retry with the message it already made.
 */
export async function createChannelMessage(
  rest: REST,
  channelId: string,
  body: DiscordMessage,
  idempotencyKey: string,
): Promise<APIMessage> {
  return (await rest.post(Routes.channelMessages(channelId), {
    body: { ...body, nonce: nonceFor(idempotencyKey), enforce_nonce: true },
  })) as APIMessage;
}

export async function editChannelMessage(
  rest: REST,
  channelId: string,
  messageId: string,
  body: DiscordMessage,
): Promise<void> {
  await rest.patch(Routes.channelMessage(channelId, messageId), { body });
}

/** One line, 1–100 characters (Discord's thread name limit). */
export function threadName(s: string): string {
  const line = plainText(s)
    .replace(/[*_`[\]()<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(line || 'Job', 100);
}

/** Threads auto-archive after a day of quiet; results posted later unarchive them. */
const AUTO_ARCHIVE_MINUTES = 1440;

export async function startThreadFrom(
  rest: REST,
  channelId: string,
  messageId: string,
  name: string,
): Promise<APIThreadChannel> {
  return (await rest.post(Routes.threads(channelId, messageId), {
    body: { name: threadName(name), auto_archive_duration: AUTO_ARCHIVE_MINUTES },
  })) as APIThreadChannel;
}
