// The Discord adapter: a discord.js client (Guilds intent only, no privileged intents) that turns
// interactions into calls on the core's Bot, and a ChatPort for posting later with the bot token.
import { AllowedMentionsTypes, Client, Events, GatewayIntentBits, Partials } from 'discord.js';
import type { ConnectionHealth } from '../core/http/health.ts';
import type { Bot } from '../core/interaction.ts';
import type { ChatPort, Logger, Store } from '../core/ports.ts';
import { createDiscordChatPort } from './chat-port.ts';
import { registerCommands } from './commands.ts';
import { createInteractionDedupe } from './dedupe.ts';
import { createInteractionHandler } from './handle.ts';
import { explainDiscordAuth } from './token-error.ts';

export interface DiscordAdapterOptions {
  token: string;
  /** REST base override, e.g. http://127.0.0.1:PORT/api (the gateway URL then comes from /gateway/bot). */
  apiUrl?: string;
  bot: Bot;
  logger: Logger;
  /** Dedupes interactions across replicas and remembers the registered commands' hash. */
  store?: Store;
  /** Defaults to the application of the bot token (from READY). */
  applicationId?: string;
  /** Register the commands in this guild (instant) instead of globally. */
  guildId?: string;
}

export interface DiscordAdapter {
  chatPort: ChatPort;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The gateway session, for /healthz: ok once READY, not while it reconnects or after it closed. */
  health(): ConnectionHealth;
}

function createClient(options: DiscordAdapterOptions): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    // Threads the client has not seen yet still resolve from the interaction's own channel payload.
    partials: [Partials.Channel],
    rest: options.apiUrl ? { api: options.apiUrl } : {},
    allowedMentions: { parse: [AllowedMentionsTypes.User] },
  });
}

export function createDiscordAdapter(options: DiscordAdapterOptions): DiscordAdapter {
  const { logger } = options;
  const client = createClient(options);
  // Results may be posted before the gateway is up: the REST client gets its token now.
  client.rest.setToken(options.token);
  const handle = createInteractionHandler({
    bot: options.bot,
    logger,
    rest: client.rest,
    firstTime: createInteractionDedupe(options.store, logger),
  });
  client.on(Events.InteractionCreate, (i) => void handle(i));
  client.on(Events.Error, (err) => logger.error({ err }, 'discord client error'));
  let gateway = 'connecting';
  client.on(Events.ShardDisconnect, (event) => {
    gateway = 'disconnected';
    logger.warn({ code: event.code }, 'gateway closed for good');
  });
  client.on(Events.ShardReconnecting, () => {
    gateway = 'reconnecting';
  });
  client.on(Events.ShardResume, () => {
    gateway = 'ready';
  });
  client.on(Events.ShardReady, () => {
    gateway = 'ready';
  });

  async function register(): Promise<void> {
    const applicationId = options.applicationId ?? client.application?.id;
    if (!applicationId) throw new Error('no application id: READY carried none');
    try {
      const outcome = await registerCommands({
        rest: client.rest,
        applicationId,
        guildId: options.guildId,
        commands: options.bot.commands,
        store: options.store,
      });
      logger.info({ outcome, guildId: options.guildId ?? 'global' }, 'slash commands');
    } catch (err) {
      // The commands registered last time still work: keep serving.
      logger.error({ err }, 'slash command registration failed');
    }
  }

  return {
    chatPort: createDiscordChatPort(client.rest),
    health: () => ({ ok: gateway === 'ready' && client.isReady(), state: gateway }),
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(options.token).catch((err: unknown) => {
        throw explainDiscordAuth(err);
      });
      await ready;
      logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'connected to Discord');
      await register();
    },
    async stop() {
      await client.destroy();
    },
  };
}
