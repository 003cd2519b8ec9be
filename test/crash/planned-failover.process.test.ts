// Issue 33: a planned failover (`SENTINEL FAILOVER`, the old primary alive and still taking writes until the
// sentinels turn it into a replica, ~10 s later). The bot must follow the sentinels' `+switch-master` at once:
// within 5 s of the command /healthz names the new primary, no connection of the bot is left on the old one
// (so nothing it writes can land there and be lost), and a command sent then is carried out on the new one.
// Real processes: a primary, a replica, three sentinels, one bot replica on `redis+sentinel://`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotProcess } from '../support/bot-process.ts';
import { type RedisNode, type RedisNodes, startRedisNodes } from '../support/redis-nodes.ts';
import { type BotBuild, buildBot } from './bot-build.ts';
import { isDone, type SlackWorld, startSlackWorld, until } from './slack-world.ts';

let bot: BotBuild;
let nodes: RedisNodes | undefined;
let world: SlackWorld | undefined;
let replica: BotProcess | undefined;

beforeAll(async () => {
  bot = await buildBot();
});
afterAll(async () => {
  replica?.kill('SIGKILL');
  await replica?.exited;
  await world?.close();
  await nodes?.stop();
  bot?.remove();
});

const portOf = (b: BotProcess) =>
  Number(b.logs.find((l) => String(l.msg).startsWith('HTTP listener ready'))?.port ?? Number.NaN);

/** The primary /healthz names (`storePrimary`), null while none. */
async function storePrimary(b: BotProcess): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${portOf(b)}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return ((await res.json()) as { storePrimary?: string | null }).storePrimary ?? null;
  } catch {
    return null;
  }
}

/**
 * The connections on `node` other than the sentinels', the replication links and the one asking: the bot's
 * (its store, its scheduler's queues and workers, its counters).
 */
async function botConnectionsOn(n: RedisNodes, node: RedisNode): Promise<string[]> {
  const list = String(await n.command(node, 'CLIENT', 'LIST'));
  return list
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !/\bname=sentinel-/.test(line))
    .filter((line) => !/\bflags=\S*[SM]/.test(line))
    .filter((line) => !/\bcmd=client\|list\b/.test(line));
}

async function within(ms: number, check: () => Promise<boolean>): Promise<number | undefined> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

describe('a planned failover (SENTINEL FAILOVER) with the old primary alive', () => {
  it('moves the bot to the new primary within 5 s', { timeout: 120_000 }, async () => {
    nodes = await startRedisNodes({ replicas: 1, sentinels: 3, downAfterMs: 1_000 });
    world = await startSlackWorld({ jobMs: 500, botArgv: bot.argv });
    const w = world;
    const n = nodes;
    replica = w.startBot(n.sentinelUrl());
    const b = replica;
    await b.ready;
    const old = n.primary;
    const next = n.replicas[0];
    if (!next) throw new Error('no replica started');
    await w.clip('C0BEFORE');
    expect(await until(() => isDone(w.job('C0BEFORE')), 30_000)).toBe(true);
    expect(await storePrimary(b)).toBe(old.address);
    expect(await botConnectionsOn(n, old)).not.toEqual([]);

    const sentinel = n.sentinels[0];
    if (!sentinel) throw new Error('no sentinel started');
    await n.command(sentinel, 'SENTINEL', 'FAILOVER', n.masterName);
    const named = await within(5_000, async () => (await storePrimary(b)) === next.address);
    const left = await within(5_000, async () => (await botConnectionsOn(n, old)).length === 0);
    expect({ named: named !== undefined, left: left !== undefined }).toEqual({ named: true, left: true });
    // Still the old primary's moment: the sentinels have not turned it into a replica yet, so a write sent
    // there would be taken, and lost.
    expect(String(await n.command(old, 'ROLE')).startsWith('master')).toBe(true);

    // A command now is carried out on the new primary: its card ends Done.
    await w.clip('C0AFTER');
    expect(await until(() => isDone(w.job('C0AFTER')), 30_000)).toBe(true);
    expect(await botConnectionsOn(n, old)).toEqual([]);

    // The failover is one state change in the log, with its summary, not a line per retry.
    const lines = b.logs.map((l) => String(l.msg));
    expect(lines.filter((m) => m.startsWith('Redis failover: the sentinels promoted'))).toHaveLength(1);
    expect(lines.filter((m) => m.startsWith(`Redis failover: the store is connected to ${next.address}`))).toHaveLength(
      1,
    );
    expect(
      b.logs.filter((l) => Number(l.level) >= 40 && /All sentinels are unreachable/.test(JSON.stringify(l))),
    ).toEqual([]);
  });
});
