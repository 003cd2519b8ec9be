// The webhook listener under a burst of deliveries it does not know (stale or forged tokens): each is
// a token lookup in the store and a 404. The API retries a delivery that gets no 2xx, and anyone can
// POST here, so refusing must stay cheap and never slow the listener for real deliveries.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { startBenchApp } from './end-to-end.ts';
import { type Bound, measureAsync, type Row, rowOf, type Sample, versus } from './stats.ts';

const BENCH = 'webhook listener';
const CONCURRENCY = 20;
const BODY = JSON.stringify({ projectId: 'p_unknown', state: 'completed' });

/** The floor: a bare node:http server in the same process as the bot would be, reading each body and answering 404. */
async function startBare404(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('unknown');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A burst of POSTs with unknown tokens to `port`; statuses other than 404 are collected in `unexpected`. */
async function burst(port: number, bound: Bound, unexpected: string[]): Promise<Sample> {
  // Keep-alive connections, as the media API's sender would reuse them.
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY, pipelining: 1 });
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
  try {
    return await measureAsync(post, bound, CONCURRENCY);
  } finally {
    await pool.close();
  }
}

export async function runWebhook(quick: boolean): Promise<Row[]> {
  const bound: Bound = quick ? { count: 600, ms: 3_000, warmup: 50 } : { count: 3_000, ms: 15_000, warmup: 200 };
  const bare = await startBare404();
  const bench = await startBenchApp();
  try {
    const floor = rowOf(BENCH, 'bare node:http answering 404', await burst(bare.port, bound, []), 'ms');
    const unexpected: string[] = [];
    const sample = await burst(bench.port, bound, unexpected);
    const note = unexpected.length ? `UNEXPECTED statuses: ${unexpected.join(', ')}` : 'all 404';
    const bot = rowOf(BENCH, `POST unknown token, concurrency ${CONCURRENCY}`, sample, 'ms', note);
    return [
      { ...bot, vsFloor: versus(bot, floor) },
      { ...floor, floor: true },
    ];
  } finally {
    await bench.close();
    await bare.close();
  }
}
