// What waiting for a replica costs a claim that guards a call which cannot be repeated (Store.replicated,
// Redis WAIT 1): a primary and one replica of this run's own on loopback, a claim alone against a claim
// then WAIT, one at a time and 16 in flight. Run: node --import tsx bench/replicated-claim.ts [--quick]
import { randomBytes } from 'node:crypto';
import { createRedisStore } from '../src/infra/store/redis-store.ts';
import { startRedisNodes } from '../test/support/redis-nodes.ts';
import { type Bound, measureAsync, printTable, type Row, rowOf, versus } from './stats.ts';

const BENCH = 'replicated-claim';

export async function runReplicatedClaim(quick: boolean): Promise<Row[]> {
  const bound: Bound = quick ? { count: 300, ms: 500, warmup: 30 } : { count: 3_000, ms: 2_500, warmup: 200 };
  const nodes = await startRedisNodes({ replicas: 1, sentinels: 0 });
  const store = createRedisStore({ url: nodes.nodeUrl(nodes.primary), prefix: 'bench:', replicaAcks: 1 });
  const run = randomBytes(4).toString('hex');
  const rows: Row[] = [];
  try {
    for (const concurrency of [1, 16]) {
      const tag = `${run}-${concurrency}`;
      const alone = await measureAsync((i) => store.claim(`${tag}-a-${i}`, 60_000), bound, concurrency);
      const waited = await measureAsync(
        async (i) => {
          await store.claim(`${tag}-w-${i}`, 60_000);
          await store.replicated();
        },
        bound,
        concurrency,
      );
      const floor = rowOf(BENCH, `claim alone, ${concurrency} in flight`, alone, 'ms');
      const bot = rowOf(BENCH, `claim then WAIT 1, ${concurrency} in flight`, waited, 'ms');
      rows.push({ ...bot, vsFloor: versus(bot, floor) }, { ...floor, floor: true });
    }
  } finally {
    await store.close();
    await nodes.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runReplicatedClaim(process.argv.includes('--quick'));
  printTable('A claim, and a claim on a replica (loopback, one replica)', rows);
}
