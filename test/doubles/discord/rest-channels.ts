// Channels, messages and threads, with the bot token.
import {
  asBody,
  createMessage,
  type DoubleContext,
  discordError,
  editMessage,
  type Handler,
  isResult,
  json,
  type RestResult,
} from './context.ts';
import type { MessageBody } from './limits.ts';
import { type ChannelRecord, channelPayload } from './payloads.ts';

const unknownChannel = () => discordError(404, 10003, 'Unknown Channel');
const unknownMessage = () => discordError(404, 10008, 'Unknown Message');

function channelMessage(ctx: DoubleContext, channelId: string, messageId: string) {
  const m = ctx.state.message(messageId);
  // Ephemeral messages live in no channel: the bot token cannot see them.
  return m && m.channel_id === channelId && (m.flags & 64) === 0 ? m : undefined;
}

export const getChannel: Handler = (ctx, _req, [id]) => {
  const channel = ctx.state.channels.get(id ?? '');
  return channel ? json(200, channelPayload(channel)) : unknownChannel();
};

/** Discord: with `enforce_nonce`, a nonce already used by this author here returns that message instead. */
export const postMessage: Handler = (ctx, req, [channelId = '']) => {
  if (!ctx.state.channels.has(channelId)) return unknownChannel();
  const body = asBody(req.body) as MessageBody & { nonce?: string | number; enforce_nonce?: boolean };
  if (body.nonce !== undefined && String(body.nonce).length > 25) {
    return discordError(400, 50035, 'Invalid Form Body: nonce: at most 25 characters');
  }
  if (body.nonce !== undefined && body.enforce_nonce) {
    const previous = ctx.state.messagesIn(channelId).find((m) => m.nonce === body.nonce);
    if (previous) return json(200, ctx.state.wire(previous));
  }
  const created = createMessage(ctx, { channelId, body: { ...body, flags: 0 } });
  return isResult(created) ? created : json(200, ctx.state.wire(created));
};

const SNOWFLAKE = /^\d{1,20}$/;

/**
 * Get Channel Messages: `limit` 1–100 (default 50); `before` / `after` / `around` are mutually exclusive;
 * `after` gives the messages just after that id, `before` (or none) the ones just before (the newest);
 * either way the page is sorted newest first, as on Discord.
 */
export const listMessages: Handler = (ctx, req, [channelId = '']) => {
  if (!ctx.state.channels.has(channelId)) return unknownChannel();
  const limit = Number(req.query.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return discordError(400, 50035, 'Invalid Form Body: limit: between 1 and 100');
  }
  const anchors = (['before', 'after', 'around'] as const).filter((k) => req.query[k] !== undefined);
  if (anchors.length > 1 || anchors.some((k) => !SNOWFLAKE.test(req.query[k] ?? ''))) {
    return discordError(400, 50035, 'Invalid Form Body: before, after and around are snowflakes, one at most');
  }
  const id = (m: { id: string }) => BigInt(m.id);
  const oldestFirst = [...ctx.state.messagesIn(channelId)].sort((a, b) => (id(a) < id(b) ? -1 : 1));
  const { before, after, around } = req.query;
  let page: typeof oldestFirst;
  if (after !== undefined) page = oldestFirst.filter((m) => id(m) > BigInt(after)).slice(0, limit);
  else if (around !== undefined) {
    const at = oldestFirst.findIndex((m) => id(m) >= BigInt(around));
    const start = Math.max(0, (at < 0 ? oldestFirst.length : at) - Math.floor(limit / 2));
    page = oldestFirst.slice(start, start + limit);
  } else {
    const older = before === undefined ? oldestFirst : oldestFirst.filter((m) => id(m) < BigInt(before));
    page = older.slice(-limit);
  }
  const newestFirst = page.reverse();
  return json(
    200,
    newestFirst.map((m) => ctx.state.wire(m)),
  );
};

export const getMessage: Handler = (ctx, _req, [channelId = '', messageId = '']) => {
  const m = channelMessage(ctx, channelId, messageId);
  return m ? json(200, ctx.state.wire(m)) : unknownMessage();
};

export const patchMessage: Handler = (ctx, req, [channelId = '', messageId = '']) => {
  const m = channelMessage(ctx, channelId, messageId);
  return m ? editMessage(ctx, m, asBody(req.body) as MessageBody) : unknownMessage();
};

/** A thread started from a message takes the message's id (as on Discord). */
export const startThread: Handler = (ctx, req, [channelId = '', messageId = '']): RestResult => {
  const parent = ctx.state.channels.get(channelId);
  if (!parent) return unknownChannel();
  if (parent.type === 11) return discordError(400, 50024, 'Cannot execute action on this channel type');
  if (!channelMessage(ctx, channelId, messageId)) return unknownMessage();
  if (ctx.state.channels.has(messageId)) {
    return discordError(400, 160004, 'A thread has already been created for this message');
  }
  const body = asBody(req.body);
  const name = typeof body.name === 'string' ? body.name : '';
  if (name.length < 1 || name.length > 100) return discordError(400, 50035, 'Invalid Form Body: name: 1 to 100');
  const duration = Number(body.auto_archive_duration ?? 4320);
  if (![60, 1440, 4320, 10080].includes(duration)) {
    return discordError(400, 50035, 'Invalid Form Body: auto_archive_duration');
  }
  const thread: ChannelRecord = {
    id: messageId,
    guild_id: ctx.guild.id,
    name,
    type: 11,
    parent_id: channelId,
    starterMessageId: messageId,
    autoArchiveDuration: duration,
  };
  ctx.state.channels.set(thread.id, thread);
  ctx.state.changed();
  ctx.dispatch('THREAD_CREATE', { ...channelPayload(thread), newly_created: true });
  return json(201, channelPayload(thread));
};
