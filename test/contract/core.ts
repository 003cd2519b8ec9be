// The bot's core as every surface runs it: one media API sandbox that outlives the bot (so a restart
// finds its projects), a SQLite store in a temp folder, fast timings so the suite runs in seconds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import type { BotOptions, RunningBot } from '../../src/start-bot.ts';
import { silentLogger, startTestBot } from '../support/bot.ts';

export interface Core {
  sandbox: Sandbox;
  dir: string;
  /** Moves the bot's clock on by `ms` (approval expiry, scheduled posts): the platforms' clocks stay. */
  passTime(ms: number): void;
  /** A running bot on the shared store and sandbox; `env` names its platform (pointed at a double). */
  start(env?: Record<string, string>, options?: Partial<BotOptions>): Promise<RunningBot>;
  close(): Promise<void>;
}

/** Long enough for a restart to fall in the middle of a job, short enough for a quick suite. */
export const JOB_MS = 600;

export async function startCore(): Promise<Core> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', jobMs: JOB_MS, webhookRetryMs: 100 });
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-contract-'));
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  return {
    sandbox,
    dir,
    passTime(ms) {
      offset += ms;
    },
    async start(env = {}, options = {}) {
      const bot = await startTestBot({
        online: true,
        dir,
        env: { MEDIA_API_URL: sandbox.baseUrl, MEDIA_API_KEY: 'sandbox-key', ...env },
        logger: silentLogger,
        ...options,
        infra: { clock, ...options.infra },
        tuning: {
          // Webhooks to a listener that moved with a restart are lost: polling finds those results.
          // Cards refresh every 100 ms instead of every minute, so progress shows within the test.
          timings: { firstPollMs: 300, maxPollMs: 500, progressMs: 100 },
          ...options.tuning,
        },
      });
      // Each surface stops the bot itself (a restart, the end of the suite); the folder is the core's.
      return bot.app;
    },
    async close() {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
