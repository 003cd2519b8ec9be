// Issue 11: `kill -9` of the bot at points of a job's whole path (creation, settle, post, card update),
// then a restart on the same store. Real bot processes (src/main.ts) behind a public address, the Slack
// Web API double and the media API sandbox, each behind a tap that shows where the job was and holds
// answers back a moment, so a kill lands while a creation, a result read or a post is in flight. Each
// named kill point runs on SQLite and on Redis, plus kills at a random moment; lost / duplicated /
// wrong-card counts are printed per kill point.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../core/store/helpers.ts';
import { failures, type KillPoint, type Outcome, report, runUntilKilled } from './kill-points.ts';
import { type SlackWorld, startSlackWorld } from './slack-world.ts';

/**
 * Kills at a random moment, besides one per named point: 5 + 2 runs on SQLite in CI (three replicas on
 * Redis are in replicas-crash.test.ts). CRASH_RUNS=20 gives the count and adds one process on Redis.
 */
const RANDOM_RUNS = Number(process.env.CRASH_RUNS ?? 2);
const STORES = process.env.CRASH_RUNS ? ['SQLite', 'Redis'] : ['SQLite'];
const NAMED: KillPoint[] = ['before-creation', 'creating', 'settling', 'posting', 'card'];

interface Target {
  url: string;
  env: Record<string, string>;
}

let world: SlackWorld;
let dir: string;
beforeAll(async () => {
  world = await startSlackWorld({ jobMs: 600, holdMs: 300, webhookRetryMs: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'reelbot-crash-'));
});
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

const TARGETS: Array<[string, () => Target]> = [
  ['SQLite', () => ({ url: `sqlite://${join(dir, 'crash.sqlite')}`, env: {} })],
  ['Redis', () => ({ url: REDIS_URL, env: { REDIS_KEY_PREFIX: uniquePrefix() } })],
];

describe.each(TARGETS.filter(([store]) => STORES.includes(store)))(
  'kill -9 at each point of a /clip, restart on the same %s store',
  (store, target) => {
    // A run is two starts of the bot and a recovery: 10-15 s, up to 35 s on a loaded runner.
    it('loses nothing, posts nothing twice and leaves every card true', { timeout: 400_000 }, async () => {
      const { url, env } = target();
      const points: KillPoint[] = [...NAMED, ...Array.from({ length: RANDOM_RUNS }, () => 'random' as const)];
      const outcomes: Outcome[] = [];
      try {
        for (const [run, point] of points.entries()) {
          const start = () => world.startBot(url, env);
          outcomes.push(await runUntilKilled(world, { run, point, replicas: [start], restart: start }));
        }
      } finally {
        if (env.REDIS_KEY_PREFIX) await deleteRedisPrefix(env.REDIS_KEY_PREFIX);
      }
      console.log(report(`kill -9 on ${store} (one process)`, outcomes));
      expect(failures(outcomes)).toEqual([]);
    });
  },
);
