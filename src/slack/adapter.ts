// The Slack adapter: a Bolt App in Socket Mode (app token; no public URL) or in HTTP mode (signing
// secret), where Bolt opens no port of its own: its receiver (http-receiver.ts) brings Slack's request URLs to the
// bot's one web edge as routes, beside the install pages of distribution mode.
import { App, SocketModeReceiver } from '@slack/bolt';
import { ConfigError } from '../core/errors.ts';
import type { Once } from '../core/guarantees/once.ts';
import type { ConnectionHealth } from '../core/platform/chat-adapter.ts';
import { createDispatch, type DispatchOptions } from '../core/platform/dispatch.ts';
import type { HealthPart } from '../core/platform/health-part.ts';
import type { Bot } from '../core/platform/interaction.ts';
import { createMemoryRateWindow, type RateWindow } from '../core/platform/rate-window.ts';
import type { Route } from '../core/platform/route.ts';
import { PLATFORM_START_BOUND_MS, type StartCall, withinStartBound } from '../core/platform/start-bound.ts';
import type { ChatPort, Logger } from '../core/ports.ts';
import { toBoltLogger } from './bolt-logger.ts';
import type { HandlerDeps } from './boundary.ts';
import { createSlackChatPort } from './chat-port.ts';
import { createSlackHttpReceiver, type SlackHttpReceiver } from './http-receiver.ts';
import { createInstalledTokenSource, type DistributionOptions } from './installations/installed-tokens.ts';
import { registerCommands } from './on-command.ts';
import { registerEvents } from './on-event.ts';
import { registerInteractions } from './on-interaction.ts';
import { createPacer, type PaceOptions } from './pace.ts';
import { explainSlackAuth } from './token-error.ts';
import { createFixedTokenSource, type SlackTokenSource } from './token-source.ts';
import { createSlackWorkspaces } from './workspaces.ts';

/** How long a request may wait for the start-up token check: Slack gives up on an answer after 3 s. */
const WAIT_FOR_TOKEN_CHECK_MS = 2500;

export interface SlackAdapterOptions {
  /** One workspace's token (SLACK_BOT_TOKEN); absent in distribution mode. */
  botToken?: string;
  /**
   * Distribution mode: any workspace installs the app at /slack/install (HTTP mode only); the scheduler and the
   * app's workspace end in it carry out uninstalls.
   */
  distribution?: DistributionOptions;
  /** xapp- token with connections:write: Socket Mode. */
  appToken?: string;
  /** HTTP mode: verifies Slack's v0 signatures. */
  signingSecret?: string;
  /** Web API base override, e.g. http://127.0.0.1:PORT/api/ */
  apiUrl?: string;
  bot: Bot;
  logger: Logger;
  /** Counts commands by outcome (reelbot_commands_total). */
  metrics?: DispatchOptions['metrics'];
  /** Requests the HTTP listener has not yet answered: the work behind commands waits while they are many. */
  awaiting?: DispatchOptions['awaiting'];
  /** The bot's only-once module: replayed events and triggers are dropped. */
  once: Once;
  /** Slack user ids allowed to configure the bot besides workspace admins and owners. */
  adminUsers?: string[];
  /** SLACK_COMMAND_PREFIX: the slash commands are named `/<prefix><command>` (the manifest says so too). */
  commandPrefix?: string;
  /** Per-channel pacing and Retry-After (tests inject the clock and sleep). */
  pace?: PaceOptions;
  /**
   * Where the workspace's tier budgets and each channel's posts are counted: Redis when replicas share
   * the bot token (start-bot.ts), else this process's memory.
   */
  rateWindow?: RateWindow;
  /** Slack's rate window (60 s); a test that compresses time shortens it. */
  rateWindowMs?: number;
}

export interface SlackAdapter {
  chatPort: ChatPort;
  /** HTTP mode only (empty in Socket Mode): Slack's request URLs and the install pages, for the web edge. */
  routes: readonly Route[];
  start(): Promise<void>;
  /** Stops taking requests, then posts what is queued for up to `drainMs` (default 5 s); the rest stays unposted. */
  stop(drainMs?: number): Promise<void>;
  /** For /healthz: Socket Mode's WebSocket state; HTTP mode is ok once Slack answered the token check (Slack calls in). */
  health(): ConnectionHealth;
  /**
   * Distribution mode, for /healthz: `slackInstallations`, how many workspaces have the app installed and how many
   * must install it again (no ids); null when they cannot be counted (the store is away).
   */
  healthPart?: () => Promise<HealthPart>;
}

function missingToken(): never {
  throw new ConfigError(
    'Slack needs SLACK_BOT_TOKEN, or SLACK_CLIENT_ID with SLACK_CLIENT_SECRET for many workspaces.',
  );
}

export function createSlackAdapter(options: SlackAdapterOptions): SlackAdapter {
  const logger = options.logger.child({ platform: 'slack' });
  const boltLogger = toBoltLogger(logger);
  const rateWindow = options.rateWindow ?? createMemoryRateWindow();
  const rateLimited = (method: string) =>
    options.metrics?.inc('reelbot_platform_rate_limited_total', { platform: 'slack', method });
  const pacer = createPacer({
    window: rateWindow,
    onRateLimited: () => rateLimited('chat.postMessage'),
    ...options.pace,
  });
  const adminUsers = options.adminUsers ?? [];
  // Chosen once: every workspace's calls, Bolt's authorization and the install pages ask it.
  const tokens: SlackTokenSource = options.distribution
    ? createInstalledTokenSource(options.distribution, {
        logger,
        adminUsers,
        ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
      })
    : options.botToken
      ? createFixedTokenSource(options.botToken, adminUsers)
      : missingToken();
  const workspaces = createSlackWorkspaces({
    tokens,
    window: rateWindow,
    pacer,
    bot: options.bot,
    logger,
    onRateLimited: rateLimited,
    ...(options.rateWindowMs ? { rateWindowMs: options.rateWindowMs } : {}),
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
  });
  const workspace = (teamId: string) => workspaces.of(teamId);
  const { once } = options;
  const clientOptions = () => (options.apiUrl ? { slackApiUrl: options.apiUrl } : {});
  const apiUrl = options.apiUrl ?? 'https://slack.com/api/';
  const startCall = (what: string): StartCall => ({
    platform: `Slack (${what})`,
    url: apiUrl,
    urlVariable: 'SLACK_API_URL',
  });

  // The listener opens before Bolt has checked its token (start()), so requests wait for the check. Slack gives up
  // on an answer after 3 s: past 2.5 s, or when the start failed, the answer is 503 (the person sees Slack's own
  // error at once instead of a silence).
  let initialised = false;
  let settleInit: (ok: boolean) => void = () => undefined;
  const whenInitialised = new Promise<boolean>((resolve) => {
    settleInit = resolve;
  });
  const ready = (): Promise<boolean> => {
    if (initialised) return Promise.resolve(true);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), WAIT_FOR_TOKEN_CHECK_MS);
    });
    return Promise.race([whenInitialised, late]).finally(() => clearTimeout(timer));
  };

  let receiver: SocketModeReceiver | SlackHttpReceiver;
  if (options.appToken) {
    // SocketModeClient opens apps.connections.open with installerOptions.clientOptions (slackApiUrl).
    receiver = new SocketModeReceiver({
      appToken: options.appToken,
      logger: boltLogger,
      installerOptions: { clientOptions: clientOptions() },
    });
  } else if (options.signingSecret) {
    receiver = createSlackHttpReceiver({ signingSecret: options.signingSecret, logger, ready });
  } else {
    throw new ConfigError(
      'Slack needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode): see Basic Information in your Slack app settings.',
    );
  }
  // Initialised in start(): in the constructor Bolt's token check fails as an unhandled rejection, a raw
  // invalid_auth stack that names no variable.
  // Distribution mode: no token here; Bolt's authorize reads each request's workspace token from the store.
  const app = new App({
    ...tokens.bolt,
    receiver,
    logger: boltLogger,
    // Bolt's own client makes one call, the token check at start-up: its default retries last half an hour,
    // so one attempt is made, and the start bound (a moment shorter than this timeout) says why it failed.
    clientOptions: { ...clientOptions(), retryConfig: { retries: 0 }, timeout: PLATFORM_START_BOUND_MS + 1000 },
    deferInitialization: true,
    // Bolt's conversation store is never used here, and it would be read on every request, in the way
    // of each acknowledgement.
    convoStore: false,
    // The error handler gets the request's body too: a workspace without an installation is answered with it.
    extendedErrorHandler: true,
  });
  app.error(async ({ error, body }: { error: Error; body: unknown }) => {
    // A workspace without an installation (never installed, uninstalled, or its token refresh refused): Bolt ran
    // no listener and acknowledged with nothing, so the person is told where to install the app instead.
    if (await tokens.explainUnauthorized(error, body)) return;
    logger.error({ err: error }, 'slack request failed');
  });
  // The dispatch names each entry's platform in its line itself (console, Discord and Slack alike), so it
  // gets the logger before this adapter's platform tag, which would name the platform twice in each line.
  const dispatch = createDispatch({
    bot: options.bot,
    logger: options.logger,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.awaiting ? { awaiting: options.awaiting } : {}),
  });
  const deps: HandlerDeps = {
    dispatch,
    workspace,
    logger,
    once,
    commandPrefix: options.commandPrefix ?? '',
  };
  registerEvents(app, deps);
  tokens.registerEvents(app, deps);
  registerCommands(app, deps);
  registerInteractions(app, deps);

  const http = receiver instanceof SocketModeReceiver ? undefined : receiver;
  let socket = 'connecting';
  if (receiver instanceof SocketModeReceiver) {
    // A bad app token or a dropped link leaves the socket reconnecting in a loop: /healthz must say so.
    for (const state of ['connected', 'connecting', 'reconnecting', 'disconnecting', 'disconnected'] as const) {
      receiver.client.on(state, () => {
        socket = state;
      });
    }
    // The WebSocket closing is the first sign; 'reconnecting' comes only after a back-off delay.
    receiver.client.on('close', () => {
      socket = 'disconnected';
    });
  }
  // HTTP mode: Slack's requests and the installer's pages (GET, unsigned: a browser).
  const routes: readonly Route[] = http ? [...http.routes, ...tokens.routes] : [];
  let socketStarted = false;
  return {
    chatPort: createSlackChatPort({ apiFor: (teamId) => workspace(teamId).api }),
    routes,
    ...(tokens.healthPart ? { healthPart: tokens.healthPart } : {}),
    health: () =>
      http
        ? { ok: initialised, state: initialised ? 'http mode' : 'checking the token with Slack' }
        : { ok: socket === 'connected', state: socket },
    async start() {
      try {
        // Bolt checks the bot token (auth.test) here, awaited, in both modes: see deferInitialization above. In
        // distribution mode there is no token to check until a workspace installs the app.
        await withinStartBound(
          app.init().catch((err: unknown) => Promise.reject(explainSlackAuth(err, 'SLACK_BOT_TOKEN'))),
          startCall('auth.test'),
        );
      } catch (err) {
        settleInit(false);
        throw err;
      }
      initialised = true;
      settleInit(true);
      if (!http) {
        socketStarted = true;
        // apps.connections.open, then the WebSocket until Slack's hello: its client reconnects without end.
        await withinStartBound(
          app.start().catch((err: unknown) => Promise.reject(explainSlackAuth(err, 'SLACK_APP_TOKEN'))),
          startCall('Socket Mode'),
        );
      }
    },
    async stop(drainMs = 5000) {
      // Requests still waiting for a start that never finished are answered rather than held.
      settleInit(initialised);
      if (socketStarted) await app.stop();
      const deadline = Date.now() + drainMs;
      // The work behind commands already acknowledged (a card, a project being created) ends first: the
      // dispatch answered Slack and let the request go, so nothing else waits for it.
      await dispatch.drain(drainMs);
      // Results queued behind Slack's 1-per-second pacing would otherwise die with the process.
      const [refused, edits] = await Promise.all([
        pacer.drain(Math.max(0, deadline - Date.now())),
        workspaces.drain(Math.max(0, deadline - Date.now())),
      ]);
      if (edits > 0)
        logger.warn(
          { refused: edits },
          'stopped with calls still waiting for their tier; final card states are shown after the restart',
        );
      if (refused > 0) logger.warn({ refused }, 'stopped with posts still queued; they are retried after the restart');
    },
  };
}
