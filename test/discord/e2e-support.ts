// The whole bot as it runs in production with Discord: the real core (createApp, the in-process media
// sandbox, a SQLite store in a temp folder, the HTTP listener for the sandbox's webhooks) and the real
// Discord adapter, talking to the local Discord double.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { RawRoute } from '../../src/core/http/server.ts';
import { channelKeyOf } from '../../src/core/jobs/model.ts';
import { INTERACTIONS_PATH } from '../../src/discord/http-interactions.ts';
import { createDiscordAdapter, type DiscordAdapter } from '../../src/discord/index.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import type { StoredMessage } from '../doubles/discord/payloads.ts';
import { silentLogger } from '../support/harness.ts';
import { createRecordingLogger } from './support.ts';

export interface World {
  discord: DiscordDouble;
  app: App;
  adapter: DiscordAdapter;
  logger: ReturnType<typeof createRecordingLogger>;
  /** The store key of the double's general channel (where settings and jobs belong). */
  channelKey: string;
  /** Stops the adapter and starts a new one on the same store, as a redeploy would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** How long a sandbox project takes; small so results arrive quickly, large to keep a job running. */
  jobMs?: number;
  /**
   * HTTP interactions mode (DISCORD_PUBLIC_KEY set): the double signs each interaction and POSTs it to the
   * bot's listener, and the HTTP response is the first answer. Default: the gateway.
   */
  http?: boolean;
}

async function startAdapter(
  discord: DiscordDouble,
  app: App,
  logger: World['logger'],
  publicKey: string | undefined,
): Promise<DiscordAdapter> {
  const adapter = createDiscordAdapter({
    token: discord.token,
    apiUrl: discord.restUrl,
    bot: app.bot,
    store: app.store,
    once: app.once,
    logger,
    ...(publicKey ? { publicKey } : {}),
  });
  app.registerChat(adapter.chatPort);
  await adapter.start();
  return adapter;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-discord-'));
  const config = loadConfig({ MEDIA_API_URL: 'sandbox', STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`, PORT: '0' });
  const app = await createApp({
    config,
    logger: silentLogger,
    host: '127.0.0.1',
    sandbox: { jobMs: options.jobMs ?? 50, webhookRetryMs: 100 },
    pollTickMs: 50,
    // Results come by webhook; polling stays out of the way.
    timings: { firstPollMs: 60_000, maxPollMs: 60_000 },
  });
  const discord = await createDiscordDouble();
  const keys = options.http ? generateKeyPairSync('ed25519') : undefined;
  // The Developer Portal shows the raw 32-byte key in hex: the last 32 bytes of the SPKI DER.
  const publicKey = keys?.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  // The route follows the adapter of the moment, so a restart keeps receiving on the same listener.
  const routes = keys
    ? [{ method: 'POST' as const, path: INTERACTIONS_PATH, handler: httpHandlerOf(() => world.adapter) }]
    : [];
  const listener = await app.listen(routes, 0);
  if (keys)
    discord.deliverInteractionsTo({
      url: `http://127.0.0.1:${listener.port}${INTERACTIONS_PATH}`,
      privateKey: keys.privateKey,
    });
  const logger = createRecordingLogger();
  const world: World = {
    discord,
    app,
    adapter: await startAdapter(discord, app, logger, publicKey),
    logger,
    channelKey: channelKeyOf({ platform: 'discord', workspaceId: discord.guildId, channelId: discord.channelId }),
    async restart() {
      await world.adapter.stop();
      world.adapter = await startAdapter(discord, app, logger, publicKey);
    },
    async close() {
      await world.adapter.stop();
      await discord.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}

function httpHandlerOf(adapter: () => DiscordAdapter): RawRoute['handler'] {
  return (req, res) => {
    const route = adapter().routes?.find((r) => r.path === INTERACTIONS_PATH);
    if (route) route.handler(req, res);
    else res.writeHead(404).end();
  };
}

/** The interaction's callback types in order (4 message, 5 deferred, 6 deferred update, 8 choices, 9 modal). */
export const callbackTypes = (w: World, id: string): number[] =>
  w.discord.state.interactions.get(id)?.callbacks.map((c) => c.type) ?? [];

/** The interaction's own answer once it is no longer "thinking…". */
export const answerOf = (w: World, id: string): Promise<StoredMessage> =>
  w.discord.waitFor(() => w.discord.interactionMessages(id).find((m) => !m.loading), 10_000, `answer to ${id}`);

/** A job card answering a command, and the thread started from it. */
export async function cardAndThread(w: World, id: string): Promise<{ card: StoredMessage; threadId: string }> {
  const card = await answerOf(w, id);
  const thread = await w.discord.waitFor(() => w.discord.state.channels.get(card.id), 10_000, 'job thread');
  return { card, threadId: thread.id };
}

/** Text of a message the way a reader sees it: content, then every embed's title and description. */
export function textOf(m: StoredMessage): string {
  const embeds = m.embeds as Array<{
    title?: string;
    description?: string;
    fields?: Array<{ name: string; value: string }>;
  }>;
  const fields = (e: (typeof embeds)[number]) => (e.fields ?? []).map((f) => `${f.name}: ${f.value}`);
  return [m.content, ...embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...fields(e)])].join('\n');
}

export interface Button {
  style: number;
  label?: string;
  url?: string;
  custom_id?: string;
}

export function buttonsOf(m: StoredMessage): Button[] {
  const rows = m.components as Array<{ components: Array<Button & { type: number }> }>;
  return rows.flatMap((r) => r.components.filter((c) => c.type === 2));
}

/** The bot's POSTs of messages into a channel, with the bot token. */
export const messageCreates = (w: World, channelId: string) =>
  w.discord.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${channelId}/messages`);
