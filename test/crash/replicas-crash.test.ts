// Issue 14: `kill -9` of the replica doing the work (found by its connection) at points of the
// completion path, with three replicas on one Redis behind one public address; a replacement starts,
// as an orchestrator would. The same kill points as the one-process crash test, and the same counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../core/store/helpers.ts';
import { failures, type KillPoint, type Outcome, report, runUntilKilled } from './kill-points.ts';
import { type SlackWorld, startSlackWorld } from './slack-world.ts';

/** 5 named + 2 random runs in CI; CRASH_RUNS=20 for the count. */
const RANDOM_RUNS = Number(process.env.CRASH_RUNS ?? 2);
const NAMED: KillPoint[] = ['before-creation', 'creating', 'settling', 'posting', 'card'];

let world: SlackWorld;
let prefix: string;
beforeAll(async () => {
  world = await startSlackWorld({ jobMs: 600, holdMs: 300, webhookRetryMs: 3000 });
  prefix = uniquePrefix();
});
afterAll(async () => {
  await world.close();
  await deleteRedisPrefix(prefix);
});

describe('three replicas on one Redis', () => {
  // A run is four starts and a recovery: 15-20 s, more on a loaded runner.
  it('lose nothing and post nothing twice when the working replica is killed', { timeout: 500_000 }, async () => {
    const start = () => world.startBot(REDIS_URL, { REDIS_KEY_PREFIX: prefix });
    const points: KillPoint[] = [...NAMED, ...Array.from({ length: RANDOM_RUNS }, () => 'random' as const)];
    const outcomes: Outcome[] = [];
    for (const [run, point] of points.entries()) {
      outcomes.push(await runUntilKilled(world, { run, point, replicas: [start, start, start], restart: start }));
    }
    console.log(report('kill -9 of one of three replicas on Redis', outcomes));
    expect(failures(outcomes)).toEqual([]);
  });
});
