import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaApiError } from '../../../src/core/errors.ts';
import { describeMediaError } from '../../../src/core/media/describe-error.ts';
import { createKeyNamer } from '../../../src/core/media/key-name.ts';
import { createRateLimiter, RateBudgetError } from '../../../src/core/media/rate-limiter.ts';
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
  it('lets through the hourly budget, then holds back until the oldest request is an hour old', async () => {
    const { limiter, clock } = limiterWith(3);
    expect(await limiter.available(KEY)).toBe(3);
    expect([await limiter.tryTake(KEY), await limiter.tryTake(KEY)]).toEqual([true, true]);
    clock.advance(10 * 60_000);
    expect(await limiter.tryTake(KEY)).toBe(true);
    expect(await limiter.available(KEY)).toBe(0);
    expect(await limiter.tryTake(KEY)).toBe(false);
    expect(await limiter.msUntilAvailable(KEY)).toBe(50 * 60_000);

    clock.advance(50 * 60_000);
    expect(await limiter.available(KEY)).toBe(2);
    expect(await limiter.msUntilAvailable(KEY)).toBe(0);
  });

  it('keeps a separate budget for each key', async () => {
    const { limiter } = limiterWith(1);
    expect(await limiter.tryTake(KEY)).toBe(true);
    expect(await limiter.tryTake('another-teams-key')).toBe(true);
    expect(await limiter.tryTake(KEY)).toBe(false);
  });

  it('names a key by an HMAC under the deployment’s secret: stable there, not the bare hash anyone can test', () => {
    const secret = randomBytes(32);
    const name = createKeyNamer(secret);
    const bareHash = createHash('sha256').update(KEY).digest('hex');
    expect(name(KEY)).toMatch(/^[0-9a-f]{16}$/);
    expect(bareHash).not.toContain(name(KEY));
    expect(name(KEY)).not.toContain(KEY.slice(0, 8));
    // Every replica (same ENCRYPTION_KEY) names the key alike; another deployment cannot match it.
    expect(createKeyNamer(Buffer.from(secret))(KEY)).toBe(name(KEY));
    expect(createKeyNamer(randomBytes(32))(KEY)).not.toBe(name(KEY));
    expect(name('another-teams-key')).not.toBe(name(KEY));
  });

  it('take waits for the next token when it frees soon enough', async () => {
    const { limiter, clock, waits } = limiterWith(2, 60_000);
    await limiter.tryTake(KEY);
    clock.advance(HOUR - 30_000);
    await limiter.tryTake(KEY);
    await limiter.take(KEY);
    expect(waits).toEqual([30_000]);
  });

  it('take refuses with the bot’s own limit named as such, and when the next request frees', async () => {
    const { limiter, waits } = limiterWith(2, 60_000);
    await limiter.take(KEY);
    await limiter.take(KEY);
    const err = await failure(limiter.take(KEY));
    expect(err).toBeInstanceOf(RateBudgetError);
    expect(err).toBeInstanceOf(MediaApiError);
    expect(err).toMatchObject({ status: 429, apiMessage: null, retryAfterMs: HOUR });
    // fakeClock starts at 2024-01-01T00:00:00Z or so: the next frees an hour after the first request.
    expect((err as Error).message).toMatch(
      /^reelbot's own budget: this channel's key has used its 2 requests this hour; the next frees at \d\d:\d\d UTC\.$/,
    );
    expect(describeMediaError(err as RateBudgetError)).not.toMatch(/Too many requests|\(429\)/);
    expect(describeMediaError(err as RateBudgetError)).toContain("reelbot's own limit (MEDIA_API_RATE_LIMIT=2)");
    expect(waits).toEqual([]);
  });

  it('keeps a fifth of the budget for reading results back: new work stops first', async () => {
    const { limiter, clock } = limiterWith(10, 0);
    const started = clock.now();
    for (let i = 0; i < 8; i++) await limiter.take(KEY, 'command');
    const err = (await failure(limiter.take(KEY, 'command'))) as RateBudgetError;
    expect(err.message).toContain(
      'has used its 8 requests this hour for new work (2 more are kept for reading results back)',
    );
    expect(err.nextFreeAt).toBe(started + HOUR);
    await limiter.take(KEY, 'read');
    await limiter.take(KEY, 'read');
    await expect(limiter.take(KEY, 'read')).rejects.toBeInstanceOf(RateBudgetError);
    expect(await limiter.status(KEY)).toEqual({
      scope: 'key',
      perHour: 10,
      reserved: 2,
      used: 10,
      leftForCommands: 0,
      nextFreeAt: started + HOUR,
    });
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
    expect(await ctx.client.limiter.available(KEY)).toBe(0);
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
    expect(await ctx.client.limiter.available(KEY)).toBe(3);
  });
});

describe('a key several workspaces share', () => {
  const SHARED = 'operators-key';
  const acme = { apiKey: SHARED, workspace: 'slack:T0ACME' };
  const globex = { apiKey: SHARED, workspace: 'slack:T0GLOBEX' };
  const limiter = () =>
    createRateLimiter({ perHour: 20, workspaceShare: { keys: [SHARED], perHour: 5 }, clock: fakeClock() });

  it('gives each workspace its own share: one spending all of it leaves the others theirs', async () => {
    const l = limiter();
    // 5 an hour for a workspace, 1 of them kept for reading results back: 4 new commands.
    const taken = [];
    for (let i = 0; i < 6; i++) taken.push(await l.tryTake(acme, 'command'));
    expect(taken).toEqual([true, true, true, true, false, false]);
    expect(await l.tryTake(acme, 'read')).toBe(true);
    expect(await l.tryTake(globex, 'command')).toBe(true);
    expect(await l.status(globex)).toMatchObject({ scope: 'workspace', perHour: 5, used: 1, leftForCommands: 3 });
    // A refused share spent nothing of the key: 5 of Acme's and 1 of Globex's.
    expect((await l.status(SHARED)).used).toBe(6);
  });

  it('says whose budget is spent, and how to have one of one’s own', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await l.take(acme, 'command', 0);
    const refused = await l.take(acme, 'command', 0).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateBudgetError);
    expect((refused as RateBudgetError).scope).toBe('workspace');
    expect(describeMediaError(refused as RateBudgetError)).toMatch(
      /^This workspace has used its share of the bot's shared key, 4 requests this hour for new work .*MEDIA_API_WORKSPACE_SHARE=5.*`\/setup key`/,
    );
  });

  it('still bounds all workspaces together by the key’s whole budget', async () => {
    const l = limiter();
    const teams = ['a', 'b', 'c', 'd', 'e'].map((t) => ({ apiKey: SHARED, workspace: `slack:${t}` }));
    let taken = 0;
    for (const t of teams) for (let i = 0; i < 4; i++) if (await l.tryTake(t, 'command')) taken++;
    // The key's 20 an hour keep 4 for reads: 16 commands between the five, the last one's share not all there.
    expect(taken).toBe(16);
    expect((await l.status(teams[4] ?? acme)).leftForCommands).toBe(0);
    const refused = await l.take(teams[4] ?? acme, 'command', 0).catch((e: unknown) => e);
    expect((refused as RateBudgetError).scope).toBe('key');
  });

  it('a channel’s own key (not shared) is spent from its own budget whatever the workspace', async () => {
    const l = limiter();
    for (let i = 0; i < 8; i++)
      expect(await l.tryTake({ apiKey: 'own-key', workspace: 'slack:T0ACME' }, 'command')).toBe(true);
    expect((await l.status({ apiKey: 'own-key', workspace: 'slack:T0ACME' })).scope).toBe('key');
  });
});
