import { afterEach, describe, expect, it } from 'vitest';
import { MediaApiError } from '../../../src/core/errors.ts';
import { createRateLimiter, keyId, RateBudgetError } from '../../../src/core/media/rate-limiter.ts';
import { failure, fakeClock, JSON_HEADERS, KEY, PREFIX, PROJECT_ID, setup } from './helpers.ts';

const HOUR = 3_600_000;

function limiterWith(perHour: number, maxWaitMs?: number) {
  const clock = fakeClock();
  const waits: number[] = [];
  const limiter = createRateLimiter({
    perHour,
    clock,
    ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
    sleep: async (ms) => {
      waits.push(ms);
      clock.advance(ms);
    },
  });
  return { limiter, clock, waits };
}

describe('the per-key request budget', () => {
  it('lets through the hourly budget, then holds back until the oldest request is an hour old', () => {
    const { limiter, clock } = limiterWith(3);
    expect(limiter.available(KEY)).toBe(3);
    expect([limiter.tryTake(KEY), limiter.tryTake(KEY)]).toEqual([true, true]);
    clock.advance(10 * 60_000);
    expect(limiter.tryTake(KEY)).toBe(true);
    expect(limiter.available(KEY)).toBe(0);
    expect(limiter.tryTake(KEY)).toBe(false);
    expect(limiter.msUntilAvailable(KEY)).toBe(50 * 60_000);

    clock.advance(50 * 60_000);
    expect(limiter.available(KEY)).toBe(2);
    expect(limiter.msUntilAvailable(KEY)).toBe(0);
  });

  it('keeps a separate budget for each key, named only by a hash', () => {
    const { limiter } = limiterWith(1);
    expect(limiter.tryTake(KEY)).toBe(true);
    expect(limiter.tryTake('another-teams-key')).toBe(true);
    expect(limiter.tryTake(KEY)).toBe(false);
    expect(keyId(KEY)).toMatch(/^[0-9a-f]{16}$/);
    expect(keyId(KEY)).toBe(keyId(KEY));
    expect(keyId(KEY)).not.toContain(KEY.slice(0, 8));
  });

  it('take waits for the next token when it frees soon enough', async () => {
    const { limiter, clock, waits } = limiterWith(2, 60_000);
    limiter.tryTake(KEY);
    clock.advance(HOUR - 30_000);
    limiter.tryTake(KEY);
    await limiter.take(KEY);
    expect(waits).toEqual([30_000]);
  });

  it('take refuses with a local 429 that says why and when to try again', async () => {
    const { limiter, waits } = limiterWith(2, 60_000);
    await limiter.take(KEY);
    await limiter.take(KEY);
    const err = await failure(limiter.take(KEY));
    expect(err).toBeInstanceOf(RateBudgetError);
    expect(err).toBeInstanceOf(MediaApiError);
    expect(err).toMatchObject({ status: 429, apiMessage: null, retryAfterMs: HOUR });
    expect((err as Error).message).toBe(
      "The bot is holding back to stay under the media API plan's budget of 2 requests per hour for this API key; " +
        'the next request can go out in 60 min.',
    );
    expect(waits).toEqual([]);
  });
});

describe('the client spends the budget', () => {
  let ctx: ReturnType<typeof setup>;
  afterEach(async () => {
    await ctx.close();
  });

  it('refuses the request over budget without asking the API', async () => {
    ctx = setup({ rateLimitPerHour: 3, rateLimitMaxWaitMs: 0 });
    ctx.api
      .intercept({ path: `${PREFIX}/projects/${PROJECT_ID}`, method: 'GET' })
      .reply(200, { projectId: PROJECT_ID, status: 'processing' }, JSON_HEADERS)
      .times(3);
    for (let i = 0; i < 3; i++) await ctx.client.getProject(KEY, PROJECT_ID);
    const err = await failure(ctx.client.getProject(KEY, PROJECT_ID));
    expect(err).toBeInstanceOf(RateBudgetError);
    expect(ctx.calls).toHaveLength(3);
    expect(ctx.client.limiter.available(KEY)).toBe(0);
  });

  it('polling for ten simulated hours never sends more than the budget in any hour', async () => {
    const perHour = 20;
    ctx = setup({ rateLimitPerHour: perHour, rateLimitMaxWaitMs: HOUR });
    ctx.api
      .intercept({ path: `${PREFIX}/projects/${PROJECT_ID}`, method: 'GET' })
      .reply(200, { projectId: PROJECT_ID, status: 'processing' }, JSON_HEADERS)
      .persist();
    // A poller that asks every 30 s would send 120 an hour; the budget spreads it to 20.
    for (let i = 0; i < 200; i++) {
      await ctx.client.getProject(KEY, PROJECT_ID);
      ctx.clock.advance(30_000);
    }
    const times = ctx.calls.map((c) => c.at);
    const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + HOUR).length));
    expect(busiest).toBeLessThanOrEqual(perHour);
    expect(times.length).toBe(200);
  });

  it('a retried GET spends a token per attempt', async () => {
    ctx = setup({ rateLimitPerHour: 5 });
    ctx.api.intercept({ path: `${PREFIX}/projects/${PROJECT_ID}`, method: 'GET' }).reply(500, {});
    ctx.api
      .intercept({ path: `${PREFIX}/projects/${PROJECT_ID}`, method: 'GET' })
      .reply(200, { projectId: PROJECT_ID, status: 'processing' }, JSON_HEADERS);
    await ctx.client.getProject(KEY, PROJECT_ID);
    expect(ctx.client.limiter.available(KEY)).toBe(3);
  });
});
