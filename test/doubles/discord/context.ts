// What every REST handler of the double can reach.

import { type MessageBody, messageError } from './limits.ts';
import { notifiedBy } from './mentions.ts';
import type { DoubleUser, GuildInfo, StoredMessage } from './payloads.ts';
import { userPayload } from './payloads.ts';
import type { DoubleState, RecordedRequest } from './state.ts';

export interface DoubleContext {
  state: DoubleState;
  token: string;
  applicationId: string;
  botUser: DoubleUser;
  guild: GuildInfo;
  nextId(): string;
  gatewayUrl(): string;
  /** Sends a gateway dispatch to every identified session. */
  dispatch(event: string, data: unknown): void;
}

export interface RestResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: DoubleContext, req: RecordedRequest, params: string[]) => RestResult;

export const json = (status: number, body?: unknown): RestResult => ({ status, body });
export const discordError = (status: number, code: number, message: string): RestResult =>
  json(status, { code, message });

export interface NewMessage {
  channelId: string;
  body: MessageBody & { flags?: number; nonce?: string | number };
  type?: number;
  interactionId?: string;
  loading?: boolean;
}

/** Creates a message after checking Discord's limits; a RestResult when Discord would refuse it. */
export function createMessage(ctx: DoubleContext, m: NewMessage): StoredMessage | RestResult {
  const invalid = m.loading ? null : messageError(m.body, true);
  if (invalid) return discordError(400, invalid.code, invalid.message);
  const message: StoredMessage = {
    id: ctx.nextId(),
    channel_id: m.channelId,
    guild_id: ctx.guild.id,
    author: userPayload(ctx.botUser),
    content: m.body.content ?? '',
    embeds: m.body.embeds ?? [],
    components: m.body.components ?? [],
    flags: (m.body.flags ?? 0) & 64,
    type: m.type ?? 0,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    ...(m.body.nonce !== undefined ? { nonce: m.body.nonce } : {}),
    ...(m.interactionId ? { interactionId: m.interactionId } : {}),
    ...(m.loading ? { loading: true } : {}),
    notified: notifiedBy(m.body.content ?? '', m.body.allowed_mentions),
  };
  ctx.state.messages.push(message);
  ctx.state.changed();
  return message;
}

export function editMessage(ctx: DoubleContext, message: StoredMessage, body: MessageBody): RestResult {
  const invalid = messageError(body, false);
  if (invalid) return discordError(400, invalid.code, invalid.message);
  if (body.content !== undefined) message.content = body.content ?? '';
  // An edit re-parses the content's mentions (with the defaults when it brings no allowed_mentions).
  message.notified = [...new Set([...(message.notified ?? []), ...notifiedBy(message.content, body.allowed_mentions)])];
  if (body.embeds !== undefined) message.embeds = body.embeds ?? [];
  if (body.components !== undefined) message.components = body.components ?? [];
  message.loading = false;
  message.edited_timestamp = new Date().toISOString();
  ctx.state.changed();
  return json(200, ctx.state.wire(message));
}

export const isResult = (v: StoredMessage | RestResult): v is RestResult => 'status' in v;

export const asBody = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
