// One client for both servers: requests are built (and signed) before the clock starts, then sent with a
// fixed number in flight over keep-alive loopback connections, each timed from send to full answer.
import { Pool } from 'undici';
import { type Bound, measureAsync, type Sample } from '../stats.ts';

export interface PreparedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Driven {
  sample: Sample;
  /** Answers that were not 200 (status → count). */
  unexpected: Map<number, number>;
}

export async function drive(
  origin: string,
  requests: readonly PreparedRequest[],
  inFlight: number,
  bound: Bound,
): Promise<Driven> {
  const pool = new Pool(origin, { connections: inFlight, pipelining: 1, headersTimeout: 15_000, bodyTimeout: 15_000 });
  const unexpected = new Map<number, number>();
  let warm = 0;
  const send = async (i: number) => {
    // Warm-up calls get negative indexes; they take requests from the end so no request is sent twice.
    const req = requests[i >= 0 ? i : requests.length - 1 - warm++];
    if (!req) return;
    const res = await pool
      .request({ method: 'POST', path: req.path, headers: req.headers, body: req.body })
      .catch(() => undefined);
    if (!res) {
      unexpected.set(0, (unexpected.get(0) ?? 0) + 1);
      return;
    }
    await res.body.dump();
    if (res.statusCode !== 200) unexpected.set(res.statusCode, (unexpected.get(res.statusCode) ?? 0) + 1);
  };
  try {
    const count = Math.min(bound.count, requests.length - bound.warmup);
    const sample = await measureAsync(send, { ...bound, count }, inFlight);
    return { sample, unexpected };
  } finally {
    await pool.close();
  }
}

export const describeUnexpected = (u: Map<number, number>): string =>
  [...u].map(([status, n]) => `${n}× ${status === 0 ? 'no answer' : status}`).join(', ');
