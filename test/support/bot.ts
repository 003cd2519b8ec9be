import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { createJobsRepo, type JobsRepo } from '../../src/core/jobs/repo.ts';
import { createDispatch } from '../../src/core/platform/dispatch.ts';
import type { Answer, Bot, Invocation, Prepared } from '../../src/core/platform/interaction.ts';
import type { ChatPort, Clock, Logger, Origin, Reply, Store } from '../../src/core/ports.ts';
import { openStore } from '../../src/infra/store/open-store.ts';
import { type PublishedPost, type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.ts';
import { type BotOptions, embeddedScheduler, type RunningBot, startBot } from '../../src/start-bot.ts';
import { createInProcessSandbox, type InProcessSandbox } from './in-process-sandbox.ts';
import { createRecordingChat, type RecordingChat } from './recording-chat.ts';
import { createRecordingLogger, type RecordingLogger, silentLogger } from './recording-logger.ts';

// The one builder of a whole bot for tests: through startBot, as main.ts builds it, with a recording chat and
// a recording logger. Offline (the default) it opens no socket: the sandbox answers in process, its webhooks
// go straight to the bot's request handler, nothing listens; a rule is tested in the unit tier this way.
// Online, the sandbox and the listener take loopback ports, for tests of the HTTP routes and the platforms.

export { silentLogger };

export const origin: Origin = {
  platform: 'console',
  workspaceId: 'local',
  channelId: 'local',
  userId: 'ana',
  userName: 'Ana',
};

/** MEDIA_API_URL for a bot on a media API of its own (remote mode): offline, the in-process sandbox answers it. */
export const REMOTE_MEDIA_API = 'http://127.0.0.1:4010/api/v2';

export interface TestBotOptions extends Partial<BotOptions> {
  /** Sockets allowed: the sandbox and the listener on loopback ports (the integration tier). Default false. */
  online?: boolean;
  /** Environment over the defaults (the sandbox, SQLite in `dir`, any free port). */
  env?: Record<string, string>;
  /** The folder of the SQLite store and the sandbox's projects; a temp one, removed at the end, unless given. */
  dir?: string;
  /** The store a restart finds again: SQLite in `dir` (default), or one memory store kept across restarts. */
  store?: 'sqlite' | 'memory';
  /** The sandbox's speed and limits (default: jobs of 50 ms, webhook retries after 100 ms). */
  sandbox?: Partial<SandboxOptions>;
}

export interface CommandOptions {
  canConfigure?: boolean;
  reply?: Reply;
  origin?: Partial<Origin>;
}

/** The bot's clock, moved on by a test instead of waiting (the scheduler sees its due tasks within a tick). */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export interface TestBot {
  app: RunningBot;
  /** The bot's clock unless the test gave its own: real time plus what the test advanced it by. */
  clock: TestClock;
  chat: RecordingChat;
  /** Posts go to this chat from now on (a failing or slow one, or a restarted bot's predecessor's), not `chat`. */
  useChat(port: ChatPort): void;
  /**
   * What the bot handed the chat, as it hands every platform adapter: interactions in (a command, a button, a form,
   * an autocomplete). Not there when the bot runs its own terminal console (`console` given).
   */
  bot: Bot;
  /** Every line the bot logged, across restarts (unless the test gave a logger of its own). */
  logger: RecordingLogger;
  port: number;
  dir: string;
  /** The sandbox answering in process (offline), to spend a key's budget or read what it was asked. */
  sandbox: InProcessSandbox | undefined;
  /** What the media API (the sandbox the harness runs, online or offline) was asked to publish, oldest first. */
  posts(): PublishedPost[];
  /** Runs a command as a user would type it, through the dispatch (the one error boundary); returns what prepare decided. */
  command(line: string, opts?: CommandOptions): Promise<Prepared>;
  /** Clicks a button as `who`; returns what the click prepared (a form to submit, an error, work done). */
  click(actionId: string, who?: Partial<Origin>, canConfigure?: boolean): Promise<Prepared>;
  /** Opens a prepared form (awaiting its prefill) and submits `values` over what it showed; returns what it showed. */
  submit(
    prepared: Prepared,
    values: Record<string, string>,
    who?: Partial<Origin>,
    canConfigure?: boolean,
  ): Promise<Record<string, string>>;
  /** Stops this bot and starts another on the same store, with a fresh chat (what a restarted process sees). */
  restart(more?: Partial<TestBotOptions>): Promise<TestBot>;
  /** Stops the bot, keeping its store and folder (a crash or a deploy; `restart` starts the next). */
  stop(): Promise<void>;
  /** Stops the bot and removes what it made (the temp folder, the memory store). */
  close(): Promise<void>;
}

export async function runPrepared(prepared: Prepared, reply: Reply): Promise<void> {
  if (prepared.kind === 'error') await reply.ephemeral({ text: prepared.message });
  else if (prepared.kind === 'run') await prepared.run(reply);
}

/** What a restart carries over: the folder and the memory store, and who removes them at the end. */
interface Kept {
  dir: string;
  ownsDir: boolean;
  clock: TestClock;
  logger: RecordingLogger;
  encryptionKey: string;
  memory?: Store;
}

function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

export function startTestBot(options: TestBotOptions = {}): Promise<TestBot> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'reelbot-'));
  const kept = {
    dir,
    ownsDir: options.dir === undefined,
    clock: createTestClock(),
    logger: createRecordingLogger(),
    encryptionKey: randomBytes(32).toString('base64'),
  };
  return start(options, kept);
}

async function start(options: TestBotOptions, kept: Kept): Promise<TestBot> {
  const { online = false, env = {}, dir: _kept, store: storeKind, sandbox: sandboxOptions, ...bot } = options;
  const { dir } = kept;
  const { sandbox: infraSandbox, ...infra } = bot.infra ?? {};
  const config = loadConfig({
    MEDIA_API_URL: 'sandbox',
    STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    // Any free port; a test that must know it up front (PUBLIC_URL) sets it.
    PORT: '0',
    HOST: '127.0.0.1',
    // A memory store leaves no folder for the key file: the key lives as long as the store, across restarts.
    ...(storeKind === 'memory' || (infra.store && 'kind' in infra.store && infra.store.kind === 'memory')
      ? { ENCRYPTION_KEY: kept.encryptionKey }
      : {}),
    ...env,
  });
  const clock = bot.infra?.clock ?? kept.clock;
  if (storeKind === 'memory') kept.memory ??= await openStore({ kind: 'memory' }, { clock });
  const given = infra.store ?? kept.memory ?? config.store;
  const onRedis = 'kind' in given && given.kind === 'redis';
  const logger: Logger = bot.logger ?? kept.logger;
  const chat = createRecordingChat('console');
  // The chat handed to the bot forwards each call to the one in use, so a test can swap in another from outside.
  let inUse: ChatPort = chat;
  const swappable = new Proxy(chat, {
    get(_recording, key) {
      const value: unknown = Reflect.get(inUse, key);
      return typeof value === 'function' ? value.bind(inUse) : value;
    },
    has: (_recording, key) => Reflect.has(inUse, key),
  });
  const sandboxSpeed = {
    jobMs: 50,
    webhookRetryMs: 100,
    ...(infraSandbox && !('baseUrl' in infraSandbox) ? infraSandbox : {}),
    ...sandboxOptions,
  };
  let app: RunningBot | undefined;
  // The Bot the chat is handed, as an adapter is: the harness sends interactions through it.
  let routed: Bot | undefined;
  let stopped = false;
  const listensAt = `http://${config.host ?? '127.0.0.1'}:${config.port}`;
  const offline = online
    ? undefined
    : createInProcessSandbox({
        sandbox: { projectsDir: join(dir, 'sandbox-projects'), ...sandboxSpeed },
        // Before the bot answers, once it stopped, and at an address other than the one it would listen on
        // (a PUBLIC_URL that reaches nobody), the webhook is refused: the sandbox retries, as over HTTP.
        async receive(url, payload) {
          if (!app || stopped || !url.startsWith(`${listensAt}/`)) throw new Error(`connect ECONNREFUSED ${url}`);
          const { pathname, search } = new URL(url);
          const answer = await app.request('POST', pathname + search, payload, { 'content-type': 'application/json' });
          return answer.status;
        },
        ...(bot.tuning?.media?.headersTimeoutMs ? { headersTimeoutMs: bot.tuning.media.headersTimeoutMs } : {}),
      });
  // Online too, the harness runs the sandbox (on a loopback port, as the bot would start its own) and hands it in,
  // so what the media API was asked to publish is read from the API's side, not from inside the bot.
  const givenSandbox = infraSandbox && 'baseUrl' in infraSandbox ? infraSandbox : undefined;
  let ownOnline: Sandbox | undefined;
  if (online && !givenSandbox && config.mediaApi.mode === 'sandbox') {
    ownOnline = await startSandbox({
      // Beside the SQLite store, as the bot keeps its own: a restart's sandbox reads the projects back.
      ...('kind' in given && given.kind === 'sqlite' ? { projectsDir: join(dir, 'sandbox-projects') } : {}),
      ...config.mediaApi.sandbox,
      ...sandboxSpeed,
      host: '127.0.0.1',
      port: sandboxSpeed.port ?? 0,
    });
  }
  const mediaApi: Sandbox | undefined = offline ?? ownOnline ?? givenSandbox;
  try {
    app = await startBot(config, {
      ...bot,
      logger,
      // With the console's streams given, the bot's own terminal console is the chat instead.
      ...(bot.console
        ? {}
        : {
            chat: (given: Bot) => {
              routed = given;
              return bot.chat ? bot.chat(given) : swappable;
            },
          }),
      infra: {
        clock,
        ...(kept.memory ? { store: kept.memory } : {}),
        // BullMQ wakes on its own; the embedded scheduler looks at its due tasks every 50 ms.
        ...(onRedis ? {} : { scheduler: embeddedScheduler(50) }),
        ...infra,
        sandbox: mediaApi ?? sandboxSpeed,
        // A test's own transport (counting creations) stands in front of the in-process sandbox's.
        ...(offline ? { mediaTransport: infra.mediaTransport ?? offline.transport, listen: false as const } : {}),
      },
      tuning: { timings: { firstPollMs: 60_000, maxPollMs: 60_000 }, ...bot.tuning },
    });
  } catch (err) {
    await offline?.close();
    await ownOnline?.close();
    throw err;
  }
  const running = app;
  // With the terminal console the bot hands its Bot to the console alone: interactions are typed into it.
  const typeIntoConsole = (): never => {
    throw new Error('this bot runs its own terminal console: type into it');
  };
  const interactions: Bot = routed ?? {
    commands: [],
    prepare: typeIntoConsole,
    prepareAction: typeIntoConsole,
    prepareModal: typeIntoConsole,
    autocomplete: typeIntoConsole,
  };
  const dispatch = createDispatch({ bot: interactions, logger: silentLogger, metrics: running.inside.metrics });
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await running.stop();
    await offline?.close();
    await ownOnline?.close();
  };
  const self: TestBot = {
    app: running,
    clock: kept.clock,
    chat,
    bot: interactions,
    useChat(port) {
      inUse = port;
    },
    logger: kept.logger,
    dir,
    port: running.port,
    sandbox: offline,
    posts() {
      if (!mediaApi) throw new Error('this bot runs on a media API of its own, not the sandbox');
      return mediaApi.posts();
    },
    async command(line, opts = {}) {
      const name = line.replace(/^\//, '').split(/\s+/, 1)[0] ?? '';
      const text = line.replace(/^\/?\S+\s*/, '');
      const o = { ...origin, ...opts.origin };
      const inv: Invocation = { command: name, text, origin: o, canConfigure: opts.canConfigure ?? true };
      const reply = opts.reply ?? chat.reply(o);
      const answer: Answer = {
        async acknowledge(_mode, message) {
          if (message) await reply.ephemeral(message);
          return reply;
        },
      };
      await dispatch.handle(
        { kind: 'command', command: name, text, origin: o, canConfigure: inv.canConfigure },
        answer,
      );
      // The work behind the acknowledgement runs detached from it: a test reads what it did.
      await dispatch.idle();
      // prepare() does no I/O and has no effect until run: asking again only reports what was decided.
      return interactions.prepare(inv);
    },
    async click(actionId, who = {}, canConfigure = false) {
      const o = { ...origin, ...who };
      const prepared = interactions.prepareAction({ actionId, origin: o, canConfigure });
      await runPrepared(prepared, chat.reply(o));
      return prepared;
    },
    async submit(prepared, values, who = {}, canConfigure = true) {
      if (prepared.kind !== 'modal') throw new Error(`expected a form, got ${prepared.kind}`);
      const spec = prepared.load ? await prepared.load() : prepared.modal;
      const shown: Record<string, string> = {};
      for (const input of spec.inputs)
        shown[input.id] = input.choices ? input.choices.selected.join(',') : (input.value ?? '');
      const o = { ...origin, ...who };
      const next = interactions.prepareModal({
        modalId: spec.id,
        values: { ...shown, ...values },
        origin: o,
        canConfigure,
      });
      await runPrepared(next, chat.reply(o));
      return shown;
    },
    async restart(more = {}) {
      await stop();
      return start({ ...options, ...more }, kept);
    },
    stop,
    async close() {
      await stop();
      await kept.memory?.close();
      if (kept.ownsDir) rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}

/** The job records as stored, for tests that seed or inspect them (the bot itself goes through its job service). */
export const jobsRepoOf = (app: RunningBot): JobsRepo => createJobsRepo(app.inside.store, silentLogger);
