import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/core/ports.ts';
import { createHttpServer, type HttpServer } from '../../../src/infra/http/server.ts';
import { createMetrics } from '../../../src/infra/prom-metrics.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { silentLogger } from '../../support/harness.ts';
import { waitFor } from '../store/helpers.ts';

// The listener counts the requests it has not answered yet: the work queue steers by that count (handed in
// by the composition root), so a burst of commands is acknowledged before the work behind them runs.

let http: HttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

describe('the HTTP listener', () => {
  it('counts each request until it is answered', async () => {
    const held: ServerResponse[] = [];
    http = createHttpServer({ logger: silentLogger });
    http.mount({
      webhook: async () => ({ status: 200, body: 'ok' }),
      store: createMemoryStore(),
      metrics: createMetrics(),
      logger: silentLogger,
      clock: systemClock,
      routes: [{ method: 'POST', path: '/hold', handler: (_req, res) => held.push(res) }],
    });
    const { port } = await http.listen(0, '127.0.0.1');
    expect(http.answersAwaited()).toBe(0);

    const answers = [1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/hold`, { method: 'POST' }));
    await waitFor(async () => held.length === 3);
    expect(http.answersAwaited()).toBe(3);

    held.shift()?.end('done');
    await answers[0];
    expect(http.answersAwaited()).toBe(2);
    for (const res of held.splice(0)) res.end('done');
    await Promise.all(answers);
    await waitFor(async () => http?.answersAwaited() === 0);
  });
});
