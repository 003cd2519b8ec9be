import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { createJobsRepo, type JobsRepo } from '../../src/core/jobs/repo.ts';
import { createDispatch } from '../../src/core/platform/dispatch.ts';
import type { Answer, Invocation, Prepared } from '../../src/core/platform/interaction.ts';
import type { Logger, Origin, Reply } from '../../src/core/ports.ts';
import { type BotOptions, embeddedScheduler, type RunningBot, startBot } from '../../src/start-bot.ts';
import { createRecordingChat, type RecordingChat } from './recording-chat.ts';

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};

export const origin: Origin = {
  platform: 'console',
  workspaceId: 'local',
  channelId: 'local',
  userId: 'ana',
  userName: 'Ana',
};

export interface Harness {
  app: RunningBot;
  chat: RecordingChat;
  port: number;
  dir: string;
  /** Runs a command as a user would type it, through the dispatch (the one error boundary); returns what prepare decided. */
  command(line: string, opts?: { canConfigure?: boolean; reply?: Reply; origin?: Partial<Origin> }): Promise<Prepared>;
  close(): Promise<void>;
}

export async function runPrepared(prepared: Prepared, reply: Reply): Promise<void> {
  if (prepared.kind === 'error') await reply.ephemeral({ text: prepared.message });
  else if (prepared.kind === 'run') await prepared.run(reply);
}

/** The whole bot (sandbox or a given API, SQLite in a temp folder) with a recording chat. */
export async function startHarness(
  env: Record<string, string> = {},
  overrides: Partial<BotOptions> & { dir?: string } = {},
): Promise<Harness> {
  const { dir: given, ...options } = overrides;
  const dir = given ?? mkdtempSync(join(tmpdir(), 'reelbot-'));
  // PORT=0 (the default here) takes any free port; a test that must know it up front (PUBLIC_URL) sets it.
  const config = loadConfig({
    MEDIA_API_URL: 'sandbox',
    STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  const chat = createRecordingChat('console');
  const store = options.infra?.store ?? config.store;
  const onRedis = 'kind' in store && store.kind === 'redis';
  const app = await startBot(config, {
    logger: silentLogger,
    // With the console's streams given, the bot's own terminal console is the chat instead.
    ...(options.console ? {} : { chat: () => chat }),
    ...options,
    infra: {
      sandbox: { jobMs: 50, webhookRetryMs: 100 },
      // BullMQ wakes on its own; the embedded scheduler looks at its due tasks every 50 ms.
      ...(onRedis ? {} : { scheduler: embeddedScheduler(50) }),
      ...options.infra,
    },
    tuning: { timings: { firstPollMs: 60_000, maxPollMs: 60_000 }, ...options.tuning },
  });
  const dispatch = createDispatch({ bot: app.bot, logger: silentLogger, metrics: app.metrics });
  return {
    app,
    chat,
    dir,
    port: app.port,
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
      return app.bot.prepare(inv);
    },
    async close() {
      await app.stop();
      if (!given) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The job records as stored, for tests that seed or inspect them (the bot itself goes through its job service). */
export const jobsRepoOf = (app: RunningBot): JobsRepo => createJobsRepo(app.store, silentLogger);
