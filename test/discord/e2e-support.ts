// The whole bot as it runs in production with Discord, built by the test builder (support/bot.ts) online: the
// media sandbox, a SQLite store in a temp folder, the HTTP listener for the sandbox's webhooks and the real
// Discord adapter, talking to the local Discord double.
import { generateKeyPairSync } from 'node:crypto';
import { channelKeyOf } from '../../src/core/jobs/model.ts';
import { INTERACTIONS_PATH } from '../../src/discord/http-interactions.ts';
import type { RunningBot } from '../../src/start-bot.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import type { StoredMessage } from '../doubles/discord/payloads.ts';
import { startTestBot, type TestBot } from '../support/bot.ts';
import type { RecordingLogger } from '../support/recording-logger.ts';

export interface World {
  discord: DiscordDouble;
  app: RunningBot;
  logger: RecordingLogger;
  /** The store key of the double's general channel (where settings and jobs belong). */
  channelKey: string;
  /** Stops the bot and starts a new one on the same store, as a redeploy would. */
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

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const discord = await createDiscordDouble();
  const keys = options.http ? generateKeyPairSync('ed25519') : undefined;
  // The Developer Portal shows the raw 32-byte key in hex: the last 32 bytes of the SPKI DER.
  const publicKey = keys?.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  // A restarted bot listens on a new port: Discord is told the new interactions endpoint.
  const told = (bot: TestBot): TestBot => {
    if (keys)
      discord.deliverInteractionsTo({
        url: `http://127.0.0.1:${bot.port}${INTERACTIONS_PATH}`,
        privateKey: keys.privateKey,
      });
    return bot;
  };
  let bot = told(
    await startTestBot({
      online: true,
      env: {
        DISCORD_TOKEN: discord.token,
        DISCORD_API_URL: discord.restUrl,
        ...(publicKey ? { DISCORD_PUBLIC_KEY: publicKey } : {}),
      },
      sandbox: { jobMs: options.jobMs ?? 50, webhookRetryMs: 100 },
      // Results come by webhook; polling stays out of the way.
      tuning: { timings: { firstPollMs: 60_000, maxPollMs: 60_000 } },
    }),
  );
  const world: World = {
    discord,
    app: bot.app,
    logger: bot.logger,
    channelKey: channelKeyOf({ platform: 'discord', workspaceId: discord.guildId, channelId: discord.channelId }),
    async restart() {
      bot = told(await bot.restart());
      world.app = bot.app;
    },
    async close() {
      await bot.close();
      await discord.close();
    },
  };
  return world;
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
