// The design's floor for idle memory: a process that only imports the platform libraries and the store
// adapter the bot's configuration uses, then does nothing, with V8's defaults. The bot's idle RSS is
// judged against it (≤ 1.3×), so what the libraries cost by themselves is not counted against the bot.
import type { BareServer } from './bare.ts';
import { spawnFloor } from './bare.ts';
import type { StoreKind } from './world.ts';

/** What the benchmark's bots load for Slack HTTP mode, Discord HTTP interactions and each store. */
export const LIBRARIES: Record<StoreKind, string[]> = {
  // The store is keyv over @keyv/sqlite, or over the bot's own keyv adapter on ioredis.
  sqlite: ['@slack/bolt', 'discord.js', 'keyv', '@keyv/sqlite'],
  redis: ['@slack/bolt', 'discord.js', 'keyv', 'ioredis'],
};

/**
 * The bot's other runtime dependencies (package.json's) that the idle bot has loaded, read off
 * `rss-idle.ts --probe`: loading them with the libraries says how much of the bot's idle figure they hold
 * before any code of its own runs. Not the target's floor: the design names them, but the target was set
 * against the platform libraries and the store.
 */
export const ALSO_LOADED: Record<StoreKind, string[]> = {
  sqlite: ['zod', 'undici', 'pino', 'prom-client', 'rate-limiter-flexible'],
  redis: ['zod', 'undici', 'pino', 'prom-client', 'rate-limiter-flexible', 'bullmq'],
};

export function startLibrariesOnly(store: StoreKind, also: readonly string[] = []): Promise<BareServer> {
  const imports = [...LIBRARIES[store], ...also].map((name) => `await import(${JSON.stringify(name)});`).join(' ');
  // Kept alive by a timer that never fires; the first line says every import is done.
  const code = `${imports} setInterval(() => {}, 2 ** 30); process.on('SIGTERM', () => process.exit(0)); console.log('0');`;
  return spawnFloor(['--input-type=module', '-e', code]);
}
