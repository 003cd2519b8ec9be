// Issue 14: `kill -9` of the replica doing the work (found by its connection) at points of the
// completion path, with three replicas on one Redis behind one public address; a replacement starts,
// as an orchestrator would. The same kill points as the one-process crash test, and the same counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../infra/store/helpers.ts';
import { type BotBuild, buildBot } from './bot-build.ts';
import { failures, type KillPoint, report } from './kill-points.ts';
import { killPlan, runInLanes } from './lanes.ts';

/** Runs (issue 14 asks at least 20; CRASH_RUNS changes it), shared by CRASH_LANES lanes side by side. */
const RUNS = Number(process.env.CRASH_RUNS ?? 20);
const LANES = Number(process.env.CRASH_LANES ?? 3);
const NAMED: KillPoint[] = ['before-creation', 'creating', 'settling', 'posting', 'card'];

let bot: BotBuild;
beforeAll(async () => {
  bot = await buildBot();
});
afterAll(() => bot?.remove());

describe('three replicas on one Redis', () => {
  // A run is four starts and a recovery: 15-25 s, up to 70 s with lanes on a loaded runner.
  const timeout = 120_000 + Math.ceil(RUNS / LANES) * 70_000;
  it('lose nothing and post nothing twice when the working replica is killed', { timeout }, async () => {
    const started = Date.now();
    const outcomes = await runInLanes({
      plan: killPlan(NAMED, RUNS),
      lanes: LANES,
      replicas: 3,
      // Each lane a prefix of its own: its replicas share it, and no other lane's jobs are in it.
      store: () => {
        const prefix = uniquePrefix();
        return { url: REDIS_URL, env: { REDIS_KEY_PREFIX: prefix }, dispose: () => deleteRedisPrefix(prefix) };
      },
      botArgv: bot.argv,
    });
    const took = `${LANES} lanes, ${Math.round((Date.now() - started) / 1000)} s`;
    console.log(report(`kill -9 of one of three replicas on Redis (${took})`, outcomes));
    expect(outcomes).toHaveLength(RUNS);
    expect(failures(outcomes)).toEqual([]);
  });
});
