import { afterEach, describe, expect, it } from 'vitest';
import { createOnce } from '../../src/core/guarantees/once.ts';
import type { Bot } from '../../src/core/platform/interaction.ts';
import { createDiscordAdapter, type DiscordAdapter } from '../../src/discord/index.ts';
import { redisKey } from '../../src/infra/redis/redis-keys.ts';
import { createRedisTurn, type ReplicaTurn } from '../../src/infra/redis/redis-turn.ts';
import { createMemoryStore } from '../../src/infra/store/memory-store.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../infra/store/helpers.ts';
import { silentLogger } from '../support/harness.ts';

// Gateway mode with several replicas on one Redis: only the replica whose turn it is opens Discord's gateway (two
// sessions on one token would both receive every interaction); when it dies another takes over in seconds.

const TTL_MS = 1_500;
let discord: DiscordDouble | undefined;
const adapters: DiscordAdapter[] = [];
let prefix = '';

afterEach(async () => {
  for (const a of adapters.splice(0)) await a.stop();
  await discord?.close();
  await deleteRedisPrefix(prefix);
});

const bot = { commands: [] } as unknown as Bot;

function replica(d: DiscordDouble, turns: ReplicaTurn[]): DiscordAdapter {
  const adapter = createDiscordAdapter({
    token: d.token,
    apiUrl: d.restUrl,
    bot,
    logger: silentLogger,
    once: createOnce({ store: createMemoryStore(), logger: silentLogger }),
    gatewayTurn: (onLost) => {
      const turn = createRedisTurn({
        url: REDIS_URL,
        key: redisKey(prefix, 'discord-gateway'),
        logger: silentLogger,
        ttlMs: TTL_MS,
        onLost,
      });
      turns.push(turn);
      return turn;
    },
  });
  adapters.push(adapter);
  return adapter;
}

describe('the Discord gateway turn', () => {
  it('lets one of two replicas connect, and the other take over within the ttl when the holder dies', async () => {
    prefix = uniquePrefix();
    discord = await createDiscordDouble();
    const d = discord;
    const turns: ReplicaTurn[] = [];
    await replica(d, turns).start();
    await d.whenIdentified(1);
    await replica(d, turns).start();
    await new Promise((r) => setTimeout(r, TTL_MS * 2));
    expect(d.state.identifies).toHaveLength(1);
    expect(turns.map((t) => t.held)).toEqual([true, false]);

    // The holder stops renewing, as a crashed process would.
    const died = Date.now();
    turns[0]?.abandon();
    await d.waitFor(() => d.state.identifies.length === 2 || undefined, 10_000, 'second IDENTIFY');
    const tookOver = Date.now() - died;
    console.log(`gateway taken over ${tookOver} ms after its holder stopped renewing (ttl ${TTL_MS} ms)`);
    expect(tookOver).toBeLessThan(TTL_MS + 2_000);
    expect(turns[1]?.held).toBe(true);
  }, 30_000);

  it('is handed over at once on a clean stop', async () => {
    prefix = uniquePrefix();
    discord = await createDiscordDouble();
    const d = discord;
    const turns: ReplicaTurn[] = [];
    const first = replica(d, turns);
    await first.start();
    await d.whenIdentified(1);
    await replica(d, turns).start();
    const stopped = Date.now();
    await first.stop();
    adapters.splice(adapters.indexOf(first), 1);
    await d.waitFor(() => d.state.identifies.length === 2 || undefined, 10_000, 'second IDENTIFY');
    expect(Date.now() - stopped).toBeLessThan(TTL_MS);
  }, 30_000);
});
