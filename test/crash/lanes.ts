// Many crash runs in the time of a few: a run spends most of its time waiting (a claim left by the killed
// process lapsing, the API's webhook retry), so several run side by side. Each lane is a world of its own
// — sandbox, Slack double, taps, public address — and a store of its own (SQLite file, Redis prefix), so a
// lane's kill points and thread read nothing of another's; within a lane, runs follow one another.
import type { BotProcess } from '../support/bot-process.ts';
import { type KillPoint, type Outcome, runUntilKilled } from './kill-points.ts';
import { type SlackWorld, startSlackWorld } from './slack-world.ts';

/** The named points once each, then random moments and the named points again in turn, `total` in all. */
export function killPlan(named: KillPoint[], total: number): KillPoint[] {
  const plan: KillPoint[] = [...named].slice(0, total);
  for (let i = 0; plan.length < total; i++) {
    plan.push(i % 2 === 0 || named.length === 0 ? 'random' : (named[(i >> 1) % named.length] ?? 'random'));
  }
  return plan;
}

export interface LaneStore {
  url: string;
  env: Record<string, string>;
  /** Removes what the lane left (its file or Redis keys). */
  dispose(): Promise<void>;
}

export interface LaneOptions {
  plan: KillPoint[];
  lanes: number;
  /** Replicas up when each command comes: 1 (one process) or 3 (replicas on Redis). */
  replicas: number;
  /** A store of the lane's own. */
  store(lane: number): LaneStore;
  botArgv?: string[];
}

export async function runInLanes(options: LaneOptions): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const lane = async (index: number) => {
    const world: SlackWorld = await startSlackWorld({
      jobMs: 600,
      holdMs: 300,
      webhookRetryMs: 3000,
      ...(options.botArgv ? { botArgv: options.botArgv } : {}),
    });
    const store = options.store(index);
    try {
      for (let run = next++; run < options.plan.length; run = next++) {
        const point = options.plan[run] ?? 'random';
        const start = (): BotProcess => world.startBot(store.url, store.env);
        const replicas = Array.from({ length: options.replicas }, () => start);
        outcomes.push(await runUntilKilled(world, { run, point, replicas, restart: start }));
      }
    } finally {
      await world.close();
      await store.dispose();
    }
  };
  const count = Math.max(1, Math.min(options.lanes, options.plan.length));
  // Every lane ends (its bots stopped, its world closed) before a failure of one is reported.
  const ended = await Promise.allSettled(Array.from({ length: count }, (_, i) => lane(i)));
  const failed = ended.find((e) => e.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes;
}
