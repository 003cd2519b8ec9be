// The Discord adapter: a discord.js client (Guilds intent only, no privileged intents) that turns
// interactions into calls on the core's Bot, and a ChatPort for posting later with the bot token.
import { Client, Events, GatewayIntentBits, Partials, Routes } from 'discord.js';
import type { Once } from '../core/guarantees/once.ts';
import type { ConnectionHealth } from '../core/platform/chat-adapter.ts';
import { createDispatch, type DispatchOptions } from '../core/platform/dispatch.ts';
import type { Bot } from '../core/platform/interaction.ts';
import type { Route } from '../core/platform/route.ts';
import { type StartCall, withinStartBound } from '../core/platform/start-bound.ts';
import type { ChatPort, Logger, Store } from '../core/ports.ts';
import { createDiscordChatPort } from './chat-port.ts';
import { registerCommands } from './commands.ts';
import { createInteractionDedupe } from './dedupe.ts';
import { createInteractionHandler } from './handle.ts';
import { createHttpInteractions, type HttpInteractions, INTERACTIONS_PATH } from './http-interactions.ts';
import { explainDiscordAuth } from './token-error.ts';

/** Held by one replica at a time (a Redis turn with several replicas): only the holder opens the gateway. */
export interface GatewayTurn {
  /** Resolves once this replica holds the turn (waits while another does). */
  acquire(): Promise<void>;
  readonly held: boolean;
  /** Gives the turn up at once, so another replica need not wait for it to lapse. */
  release(): Promise<void>;
}

export interface DiscordAdapterOptions {
  token: string;
  /** REST base override, e.g. http://127.0.0.1:PORT/api (the gateway URL then comes from /gateway/bot). */
  apiUrl?: string;
  bot: Bot;
  logger: Logger;
  /** Counts commands by outcome (reelbot_commands_total). */
  metrics?: DispatchOptions['metrics'];
  /** Requests the HTTP listener has not yet answered: the work behind commands waits while they are many. */
  awaiting?: DispatchOptions['awaiting'];
  /** The bot's only-once module: dedupes interactions across replicas. */
  once: Once;
  /** Remembers the registered commands' hash, so a restart does not register them again. */
  store?: Store;
  /** Defaults to the application of the bot token (from READY). */
  applicationId?: string;
  /** Register the commands in this guild (instant) instead of globally. */
  guildId?: string;
  /**
   * The application's public key (DISCORD_PUBLIC_KEY): interactions then arrive as signed HTTP POSTs on
   * the bot's listener at /discord/interactions, and no gateway connection is opened.
   */
  publicKey?: string;
  /**
   * Gateway mode with several replicas: only the replica whose turn it is connects (two sessions on one token
   * would both receive every interaction). The others wait and take over when the holder dies.
   */
  gatewayTurn?: (onLost: () => void) => GatewayTurn;
}

export interface DiscordAdapter {
  chatPort: ChatPort;
  /** In HTTP interactions mode, the route Discord POSTs to, on the bot's web edge. */
  routes?: Route[];
  start(): Promise<void>;
  /** Lets the work behind interactions already acknowledged end (up to `drainMs`, default 5 s), then disconnects. */
  stop(drainMs?: number): Promise<void>;
  /** The gateway session, for /healthz: ok once READY, not while it reconnects or after it closed. */
  health(): ConnectionHealth;
}

function createClient(options: DiscordAdapterOptions, http: HttpInteractions | undefined): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    // Threads the client has not seen yet still resolve from the interaction's own channel payload.
    partials: [Partials.Channel],
    rest: {
      ...(options.apiUrl ? { api: options.apiUrl } : {}),
      ...(http ? { makeRequest: http.makeRequest } : {}),
    },
    // Nothing notifies by default: each message lists the people it means (render.ts `allowedMentions`).
    allowedMentions: { parse: [] },
  });
}

export function createDiscordAdapter(options: DiscordAdapterOptions): DiscordAdapter {
  // The adapter's own lines name the platform; the dispatch adds it to every command line itself.
  const logger = options.logger.child({ platform: 'discord' });
  const http = options.publicKey ? createHttpInteractions({ publicKeyHex: options.publicKey, logger }) : undefined;
  const client = createClient(options, http);
  http?.attach(client);
  // Results may be posted before the gateway is up: the REST client gets its token now.
  client.rest.setToken(options.token);
  const dispatch = createDispatch({
    bot: options.bot,
    logger: options.logger,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.awaiting ? { awaiting: options.awaiting } : {}),
  });
  const handle = createInteractionHandler({
    dispatch,
    logger,
    rest: client.rest,
    firstTime: createInteractionDedupe(options.once),
    ...(http ? { checkAfterAck: true } : {}),
  });
  // The dispatch never rejects; only the replay check before it could, and a rejection must not crash.
  client.on(Events.InteractionCreate, (i) => {
    handle(i).catch((err: unknown) => logger.error({ err, interactionId: i.id }, 'interaction dropped'));
  });
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
    const applicationId = options.applicationId ?? client.application?.id ?? (await applicationOfToken());
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

  const restUrl = options.apiUrl ?? 'https://discord.com/api';
  const restCall: StartCall = { platform: 'Discord', url: restUrl, urlVariable: 'DISCORD_API_URL' };

  async function connect() {
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    // login() asks REST for the gateway's address, then waits for the gateway's READY: both bounded. READY
    // for every guild follows within discord.js's own 15 s wait for guilds still unavailable.
    await withinStartBound(
      client.login(options.token).catch((err: unknown) => Promise.reject(explainDiscordAuth(err))),
      () =>
        client.ws.gateway
          ? { platform: 'the Discord gateway', url: client.ws.gateway, urlVariable: 'DISCORD_API_URL' }
          : restCall,
    );
    await ready;
    logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'connected to Discord');
    await register();
  }

  let connecting: Promise<void> | undefined;
  let restAnswered = false;
  const turn = options.gatewayTurn?.(() => {
    // Another replica holds the gateway now (or Redis was unreachable past the turn): leave it to them.
    void client.destroy().then(() => holdGateway());
  });

  async function holdGateway() {
    if (!turn) return;
    await turn.acquire();
    if (!turn.held) return;
    connecting = connect().catch((err: unknown) => logger.error({ err }, 'could not connect to the Discord gateway'));
    await connecting;
  }

  /** Without a gateway there is no READY: ask REST which application the token belongs to. */
  async function applicationOfToken(): Promise<string | undefined> {
    if (!http) return undefined;
    const app = (await client.rest.get(Routes.currentApplication())) as { id?: unknown };
    return typeof app.id === 'string' ? app.id : undefined;
  }

  return {
    chatPort: createDiscordChatPort(client.rest),
    // HTTP interactions need no gateway, only REST's first answer; a standby replica (another holds the
    // gateway's turn) is healthy too.
    health: () =>
      http
        ? restAnswered
          ? { ok: true, state: 'http interactions' }
          : { ok: false, state: 'asking Discord for the application' }
        : turn && !turn.held
          ? { ok: true, state: 'standby (another replica holds the gateway)' }
          : { ok: gateway === 'ready' && client.isReady(), state: gateway },
    ...(http ? { routes: [http.route] } : {}),
    async start() {
      if (http) {
        logger.info({ path: INTERACTIONS_PATH }, 'Discord interactions arrive over HTTP (no gateway connection)');
        await withinStartBound(register(), restCall);
        restAnswered = true;
        return;
      }
      if (!turn) return connect();
      logger.info('waiting for a turn at the Discord gateway (one replica holds the gateway)');
      // Not awaited: a standby replica still serves webhooks, polls and results while it waits.
      void holdGateway();
    },
    async stop(drainMs = 5000) {
      // Destroying the client while a login is half done can hang, as when the turn is handed over at start-up.
      await connecting?.catch(() => undefined);
      // Its REST client posts the cards of interactions already acknowledged: destroyed last.
      await dispatch.drain(drainMs);
      await client.destroy();
      await turn?.release();
    },
  };
}
