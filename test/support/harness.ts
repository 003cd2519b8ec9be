import type { BotOptions } from '../../src/start-bot.ts';
import { startTestBot, type TestBot } from './bot.ts';

// The online builder of the integration tier: the whole bot with the sandbox and the listener on loopback
// ports, for tests of the HTTP routes, Redis and the platforms. Rules are tested offline (bot.ts).

export { jobsRepoOf, origin, runPrepared, silentLogger } from './bot.ts';

export type Harness = TestBot;

/** The whole bot (sandbox or a given API, SQLite in a temp folder) with a recording chat, on loopback ports. */
export function startHarness(
  env: Record<string, string> = {},
  overrides: Partial<BotOptions> & { dir?: string } = {},
): Promise<Harness> {
  return startTestBot({ ...overrides, env, online: true });
}
