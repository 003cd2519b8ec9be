// A local Discord: REST under /api/v10 and the gateway at /gateway on one loopback HTTP server.
// Tests drive it (dispatch interactions, inject faults) and read what the bot did (requests, messages).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DoubleContext } from './context.ts';
import { Faults } from './faults.ts';
import { createGateway, type Gateway } from './gateway.ts';
import { deliverOverHttp, type HttpDelivery, type HttpTarget } from './http-delivery.ts';
import * as build from './interactions.ts';
import {
  type ChannelRecord,
  channelPayload,
  guildPayload,
  type StoredMessage,
  userPayload,
  VIEW_CHANNEL,
} from './payloads.ts';
import { createRestHandler } from './rest.ts';
import { createSnowflakes } from './snowflake.ts';
import { DoubleState, type InteractionRecord, type RecordedRequest } from './state.ts';

export interface DiscordDoubleOptions {
  token?: string;
  /** HELLO's heartbeat_interval; discord.js waits a random fraction of it before the first beat. */
  heartbeatIntervalMs?: number;
  /** The server's language, sent as every interaction's `guild_locale` (en-US unless given). */
  guildLocale?: string;
}

export interface DispatchOptions {
  actor?: build.Actor;
  /** Where the interaction happens (a text channel or a thread); the general channel by default. */
  channelId?: string;
}

export interface Dispatched {
  id: string;
  token: string;
}

export type DiscordDouble = Awaited<ReturnType<typeof createDiscordDouble>>;

export async function createDiscordDouble(options: DiscordDoubleOptions = {}) {
  const nextId = createSnowflakes();
  const state = new DoubleState();
  const faults = new Faults();
  const server = createServer();
  let gateway: Gateway | undefined;
  let port = 0;
  const ctx: DoubleContext = {
    state,
    token: options.token ?? `double.${randomBytes(12).toString('hex')}`,
    applicationId: nextId(),
    botUser: { id: '', username: 'reelbot', bot: true },
    guild: { id: nextId(), name: 'Test Guild', ownerId: nextId() },
    nextId,
    gatewayUrl: () => `ws://127.0.0.1:${port}/gateway`,
    dispatch: (event, data) => gateway?.dispatch(event, data),
  };
  ctx.botUser.id = ctx.applicationId;
  const general: ChannelRecord = { id: nextId(), guild_id: ctx.guild.id, name: 'general', type: 0, parent_id: null };
  state.channels.set(general.id, general);
  const handler = createRestHandler(ctx, faults);
  server.on('request', (req, res) => void handler(req, res));
  gateway = createGateway(ctx, server, options.heartbeatIntervalMs ?? 41_250);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  const actors = {
    member: { userId: nextId(), userName: 'casey', permissions: build.PERMISSIONS.member },
    manager: { userId: nextId(), userName: 'morgan', permissions: build.PERMISSIONS.manager },
  };
  /** A guild member as List Guild Members shows them (roles included); the actors and the bot are members. */
  const setMember = (m: { userId: string; userName: string; roles?: string[]; bot?: boolean }) =>
    state.members.set(m.userId, { userId: m.userId, userName: m.userName, roles: m.roles ?? [], bot: m.bot ?? false });
  for (const a of [
    ...Object.values(actors),
    { ...ctx.botUser, userId: ctx.botUser.id, userName: 'reelbot', bot: true },
  ])
    setMember(a);
  const payloads = new Map<string, unknown>();
  // Set in HTTP interactions mode: interactions are POSTed (signed) to the bot instead of sent on the gateway.
  let httpTarget: HttpTarget | undefined;
  const httpDeliveries = new Map<string, Promise<HttpDelivery>>();

  function context(opts: DispatchOptions, messageId?: string): build.InteractionContext {
    const channel = state.channels.get(opts.channelId ?? general.id);
    if (!channel) throw new Error(`discord double: no channel ${opts.channelId}`);
    const id = nextId();
    const token = `itoken.${randomBytes(16).toString('hex')}`;
    const rec: InteractionRecord = { id, token, channelId: channel.id, dispatchedAt: Date.now(), callbacks: [] };
    if (messageId) rec.messageId = messageId;
    state.interactions.set(id, rec);
    return {
      id,
      token,
      applicationId: ctx.applicationId,
      // The channel's own server: a channel of a second server (addGuild) sends that server's id.
      guildId: channel.guild_id,
      channel,
      actor: opts.actor ?? actors.member,
      ...(options.guildLocale ? { guildLocale: options.guildLocale } : {}),
    };
  }

  function send(c: build.InteractionContext, payload: { type: number }): Dispatched {
    // What the interaction's messages will name in their `interaction_metadata`.
    const user = userPayload({ id: c.actor.userId, username: c.actor.userName });
    Object.assign(state.interactions.get(c.id) ?? {}, { type: payload.type, guildId: c.guildId, user });
    payloads.set(c.id, payload);
    if (httpTarget) httpDeliveries.set(c.id, deliverOverHttp(ctx, httpTarget, c, payload));
    else gateway?.dispatch('INTERACTION_CREATE', payload);
    return { id: c.id, token: c.token };
  }

  const commandId = (name: string): string => {
    for (const list of state.commands.values()) {
      const found = list.find((c) => c.name === name);
      if (found) return String(found.id);
    }
    return nextId();
  };

  const firstCallback = (id: string) => state.interactions.get(id)?.callbacks[0];

  return {
    restUrl: `http://127.0.0.1:${port}/api`,
    gatewayUrl: ctx.gatewayUrl(),
    token: ctx.token,
    applicationId: ctx.applicationId,
    botUserId: ctx.botUser.id,
    guildId: ctx.guild.id,
    channelId: general.id,
    actors,
    state,
    faults,
    requests: state.requests,
    waitFor: state.waitFor.bind(state),
    messagesIn: (channelId: string) => state.messagesIn(channelId),
    interactionMessages: (interactionId: string) => state.interactionMessages(interactionId),
    heartbeatsAcked: () => gateway?.heartbeatsAcked() ?? 0,
    setMember,
    /** Switches the app's Server Members intent (off: List Guild Members answers 403). */
    setMembersIntent: (on: boolean) => {
      state.membersIntent = on;
    },

    /** Resolves once a client has identified (and received READY + GUILD_CREATE). */
    whenIdentified: (sessions = 1) =>
      state.waitFor(() => (gateway?.liveSessions() ?? 0) >= sessions, 10_000, 'IDENTIFY'),
    waitForRequest: (pred: (r: RecordedRequest) => boolean, what = 'request') =>
      state.waitFor(() => state.requests.find(pred), 10_000, what),
    /** The first response to an interaction (what the user saw first). */
    waitForCallback: (id: string) => state.waitFor(() => firstCallback(id), 10_000, `callback of ${id}`),
    waitForMessage: (channelId: string, pred: (m: StoredMessage) => boolean = () => true) =>
      state.waitFor(() => state.messagesIn(channelId).find(pred), 10_000, `message in ${channelId}`),

    /**
     * A second server the bot is in (another team), with its own general channel: its id is sent on every
     * interaction from that channel, as Discord sends `guild_id`. The bot hears of it as when it is invited.
     */
    addGuild(name: string): { guildId: string; channelId: string } {
      const guild = { id: nextId(), name, ownerId: nextId() };
      const channel: ChannelRecord = { id: nextId(), guild_id: guild.id, name: 'general', type: 0, parent_id: null };
      state.channels.set(channel.id, channel);
      gateway?.dispatch('GUILD_CREATE', guildPayload(guild, [channel]));
      return { guildId: guild.id, channelId: channel.id };
    },
    /** Another text channel of the guild. */
    createChannel(name: string): ChannelRecord {
      const channel: ChannelRecord = { id: nextId(), guild_id: ctx.guild.id, name, type: 0, parent_id: null };
      state.channels.set(channel.id, channel);
      gateway?.dispatch('CHANNEL_CREATE', channelPayload(channel));
      return channel;
    },
    /** A member overwrite denying View Channel to `userId` there, as a server admin would set it. */
    hideChannel(channelId: string, userId: string): void {
      const channel = state.channels.get(channelId);
      if (!channel) throw new Error(`discord double: no channel ${channelId}`);
      const others = (channel.overwrites ?? []).filter((o) => o.id !== userId);
      channel.overwrites = [...others, { id: userId, type: 1, allow: '0', deny: String(VIEW_CHANNEL) }];
      gateway?.dispatch('CHANNEL_UPDATE', channelPayload(channel));
    },
    /** A thread someone else started in the general channel. */
    createThread(name: string): ChannelRecord {
      const thread: ChannelRecord = { id: nextId(), guild_id: ctx.guild.id, name, type: 11, parent_id: general.id };
      state.channels.set(thread.id, thread);
      gateway?.dispatch('THREAD_CREATE', { ...channelPayload(thread), newly_created: true });
      return thread;
    },
    command(name: string, options: Record<string, build.OptionInput> = {}, opts: DispatchOptions = {}): Dispatched {
      const c = context(opts);
      return send(c, build.slashCommand(c, commandId(name), name, options));
    },
    autocomplete(
      name: string,
      options: Record<string, build.OptionInput>,
      focused: string,
      opts: DispatchOptions = {},
    ) {
      const c = context(opts);
      return send(c, build.autocomplete(c, commandId(name), name, options, focused));
    },
    click(message: StoredMessage, customId: string, opts: DispatchOptions = {}): Dispatched {
      const c = context({ channelId: message.channel_id, ...opts }, message.id);
      return send(c, build.buttonClick(c, message, customId));
    },
    pick(message: StoredMessage, customId: string, values: string[], opts: DispatchOptions = {}): Dispatched {
      const c = context({ channelId: message.channel_id, ...opts }, message.id);
      return send(c, build.selectPick(c, message, customId, values));
    },
    submitModal(customId: string, values: Record<string, string>, opts: DispatchOptions = {}): Dispatched {
      const c = context(opts);
      // The newest modal opened under this id: its fields and what they showed.
      const opened = [...state.interactions.values()]
        .flatMap((i) => i.callbacks)
        .filter((cb) => cb.type === 9 && cb.data?.custom_id === customId)
        .at(-1);
      const fields = opened ? build.fieldsOf(opened.data) : undefined;
      return send(c, build.modalSubmit(c, customId, values, fields?.length ? fields : undefined));
    },
    /** HTTP interactions mode: later interactions are signed with `privateKey` and POSTed to `url`. */
    deliverInteractionsTo(target: HttpTarget | undefined): void {
      httpTarget = target;
    },
    /** The bot's HTTP answer to an interaction delivered over HTTP. */
    httpDelivery: (id: string) => httpDeliveries.get(id),
    /** Sends an already dispatched interaction again (a replayed gateway event). */
    redispatch(id: string): void {
      gateway?.dispatch('INTERACTION_CREATE', payloads.get(id));
    },
    async close(): Promise<void> {
      await gateway?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
