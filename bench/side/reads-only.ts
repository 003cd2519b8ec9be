// The design's floor for a valid webhook delivery: a node:http server doing the libraries' part of the bot's
// path (reads-only.mjs: the body parsed, the token's record and its job read through keyv on the bot's own
// store), driven with the same deliveries. The bot's figure over it is what the bot adds of its own.
import { TABLE } from '../../src/infra/store/sqlite-atomic.ts';
import { type BareServer, spawnFloor } from './bare.ts';
import type { RunningBot } from './world.ts';

export function startReadsOnly(bot: RunningBot): Promise<BareServer> {
  return spawnFloor(['bench/side/reads-only.mjs'], {
    STORE_URL: bot.store.url,
    KEY_PREFIX: bot.store.keyPrefix,
    TABLE,
  });
}
