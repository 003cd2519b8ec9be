import { afterEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/core/platform/route.ts';
import { createWebEdge, type WebEdge } from '../../src/web/edge.ts';
import { waitFor } from '../infra/store/helpers.ts';
import { silentLogger } from '../support/harness.ts';

// The edge counts the requests it has not answered yet: the work queue steers by that count (handed in
// by the composition root), so a burst of commands is acknowledged before the work behind them runs.

let edge: WebEdge | undefined;
afterEach(async () => {
  await edge?.close();
  edge = undefined;
});

describe('the web edge', () => {
  it('counts each request until it is answered', async () => {
    const held: Array<(r: Response) => void> = [];
    const hold: Route = {
      method: 'POST',
      path: '/hold',
      handle: () => new Promise<Response>((resolve) => held.push(resolve)),
    };
    edge = createWebEdge({ logger: silentLogger });
    edge.mount([hold]);
    const { port } = await edge.listen(0, '127.0.0.1');
    expect(edge.answersAwaited()).toBe(0);

    const answers = [1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/hold`, { method: 'POST' }));
    await waitFor(async () => held.length === 3);
    expect(edge.answersAwaited()).toBe(3);

    held.shift()?.(new Response('done'));
    await answers[0];
    expect(edge.answersAwaited()).toBe(2);
    for (const answer of held.splice(0)) answer(new Response('done'));
    await Promise.all(answers);
    await waitFor(async () => edge?.answersAwaited() === 0);
  });
});
