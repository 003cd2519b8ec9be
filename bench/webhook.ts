// The webhook listener under a burst of deliveries it does not know (stale or forged tokens): each is
// a token lookup in the store and a 404. The API retries a delivery that gets no 2xx, and anyone can
// POST here, so refusing must stay cheap and never slow the listener for real deliveries.
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { startBenchApp } from './end-to-end.ts';
import { type Bound, measureAsync, type Row, rowOf } from './stats.ts';

const BENCH = 'webhook listener';
const CONCURRENCY = 20;
const BODY = JSON.stringify({ projectId: 'p_unknown', state: 'completed' });

export async function runWebhook(quick: boolean): Promise<Row[]> {
  const bench = await startBenchApp();
  // Keep-alive connections, as the media API's sender would reuse them.
  const pool = new Pool(`http://127.0.0.1:${bench.port}`, { connections: CONCURRENCY, pipelining: 1 });
  const unexpected: string[] = [];
  const post = async () => {
    const token = randomBytes(24).toString('base64url');
    const res = await pool.request({
      method: 'POST',
      path: `/webhooks/media/${token}`,
      headers: { 'content-type': 'application/json' },
      body: BODY,
    });
    await res.body.dump();
    if (res.statusCode !== 404 && unexpected.length < 5) unexpected.push(String(res.statusCode));
  };
  const bound: Bound = quick ? { count: 600, ms: 3_000, warmup: 50 } : { count: 3_000, ms: 15_000, warmup: 200 };
  try {
    const sample = await measureAsync(post, bound, CONCURRENCY);
    const note = unexpected.length ? `UNEXPECTED statuses: ${unexpected.join(', ')}` : 'all 404';
    return [rowOf(BENCH, `POST unknown token, concurrency ${CONCURRENCY}`, sample, 'ms', note)];
  } finally {
    await pool.close();
    await bench.close();
  }
}
