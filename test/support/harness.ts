import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, type AppOptions, createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDispatch } from '../../src/core/dispatch.ts';
import type { Answer, Invocation, Prepared } from '../../src/core/interaction.ts';
import { createJobsRepo, type JobsRepo } from '../../src/core/jobs/repo.ts';
import type { Logger, Origin, Reply } from '../../src/core/ports.ts';
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
  app: App;
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
  overrides: Partial<AppOptions> & { dir?: string } = {},
): Promise<Harness> {
  const dir = overrides.dir ?? mkdtempSync(join(tmpdir(), 'reelbot-'));
  const config = loadConfig({
    MEDIA_API_URL: 'sandbox',
    STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    PORT: '0',
    ...env,
  });
  const app = await createApp({
    config,
    logger: silentLogger,
    host: '127.0.0.1',
    sandbox: { jobMs: 50, webhookRetryMs: 100 },
    pollTickMs: 50,
    timings: { firstPollMs: 60_000, maxPollMs: 60_000 },
    ...overrides,
  });
  const chat = createRecordingChat('console');
  app.registerChat(chat);
  // PORT=0 (the default here) takes any free port; a test that must know it up front (PUBLIC_URL) sets it.
  const listener = await app.listen([], config.port);
  const dispatch = createDispatch({ bot: app.bot, logger: silentLogger, metrics: app.metrics });
  return {
    app,
    chat,
    dir,
    port: listener.port,
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
      await app.close();
      if (!overrides.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The job records as stored, for tests that seed or inspect them (the bot itself goes through its job service). */
export const jobsRepoOf = (app: App): JobsRepo => createJobsRepo(app.store, silentLogger);
