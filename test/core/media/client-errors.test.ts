import { afterEach, describe, expect, it } from 'vitest';
import { MediaApiError } from '../../../src/core/errors.ts';
import { ERROR_MESSAGES } from '../../../src/core/media/schemas.ts';
import { failure, JSON_HEADERS, KEY, PREFIX, PROJECT_ID, setup } from './helpers.ts';

let ctx: ReturnType<typeof setup>;
afterEach(async () => {
  await ctx.close();
});

const PROJECT = `${PREFIX}/projects/${PROJECT_ID}`;
const brollBody = {
  videoUrl: 'https://cdn.example.com/v.mp4',
  webhookUrl: 'https://bot.example.com/webhooks/media/t0k3n',
};

describe('every documented error status becomes a MediaApiError carrying the API message', () => {
  const cases: [number, string][] = [
    [400, ERROR_MESSAGES[400]],
    [401, ERROR_MESSAGES[401]],
    [403, 'Forbidden: insufficient permissions'],
    [404, ERROR_MESSAGES[404]],
    [429, ERROR_MESSAGES[429]],
    [500, ERROR_MESSAGES[500]],
  ];

  it.each(cases)('a GET answered %i', async (status, message) => {
    ctx = setup({ maxGetAttempts: 1 });
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(status, { error: { message } }, JSON_HEADERS);
    const err = await failure(ctx.client.getProject(KEY, PROJECT_ID));
    expect(err).toBeInstanceOf(MediaApiError);
    expect(err).toMatchObject({ status, apiMessage: message, retryAfterMs: null });
    expect((err as Error).message).toContain(message);
  });

  it.each(cases)('a creation POST answered %i', async (status, message) => {
    ctx = setup({ maxPostAttempts: 1 });
    ctx.api.intercept({ path: `${PREFIX}/broll`, method: 'POST' }).reply(status, { error: { message } }, JSON_HEADERS);
    const err = await failure(ctx.client.create(KEY, 'broll', brollBody));
    expect(err).toMatchObject({ status, apiMessage: message });
  });

  it('the voices endpoint 401 keeps its own wording', async () => {
    ctx = setup({ maxGetAttempts: 1 });
    ctx.api
      .intercept({ path: `${PREFIX}/constants/voices`, method: 'GET' })
      .reply(401, { error: { message: ERROR_MESSAGES[401.1] } }, JSON_HEADERS);
    await expect(failure(ctx.client.listVoices(KEY))).resolves.toMatchObject({
      status: 401,
      apiMessage: 'Unauthorized: Invalid or missing API key',
    });
  });

  it('an error with no readable body still has its status, and no API message', async () => {
    ctx = setup({ maxGetAttempts: 1 });
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(403, '<html>Forbidden</html>');
    await expect(failure(ctx.client.getProject(KEY, PROJECT_ID))).resolves.toMatchObject({
      status: 403,
      apiMessage: null,
    });
  });

  it('reads the older error envelope, including its retryAfter seconds', async () => {
    ctx = setup({ maxPostAttempts: 1 });
    ctx.api
      .intercept({ path: `${PREFIX}/broll`, method: 'POST' })
      .reply(429, { statusCode: 429, status: 'error', message: 'Slow down', retryAfter: 60 }, JSON_HEADERS);
    await expect(failure(ctx.client.create(KEY, 'broll', brollBody))).resolves.toMatchObject({
      status: 429,
      apiMessage: 'Slow down',
      retryAfterMs: 60_000,
    });
  });

  it('reads Retry-After given as an HTTP date', async () => {
    ctx = setup({ maxPostAttempts: 1 });
    const at = new Date(ctx.clock.now() + 90_000).toUTCString();
    ctx.api
      .intercept({ path: `${PREFIX}/broll`, method: 'POST' })
      .reply(429, { error: { message: ERROR_MESSAGES[429] } }, { headers: { 'retry-after': at } });
    await expect(failure(ctx.client.create(KEY, 'broll', brollBody))).resolves.toMatchObject({
      status: 429,
      retryAfterMs: 90_000,
    });
  });
});

describe('answers the bot cannot use', () => {
  it('a 2xx body that is not JSON is a 502 with a clear message', async () => {
    ctx = setup();
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(200, '<html>maintenance</html>');
    const err = await failure(ctx.client.getProject(KEY, PROJECT_ID));
    expect(err).toMatchObject({ status: 502, apiMessage: null });
    expect((err as Error).message).toBe(
      'The media API sent a response to GET /projects/{id} that the bot could not read (not JSON).',
    );
    expect(ctx.calls).toHaveLength(1);
  });

  it('a creation answer without a projectId is a 502 naming the problem, and is logged for study', async () => {
    ctx = setup();
    ctx.api.intercept({ path: `${PREFIX}/broll`, method: 'POST' }).reply(201, { status: 'created' }, JSON_HEADERS);
    const err = await failure(ctx.client.create(KEY, 'broll', brollBody));
    expect(err).toMatchObject({ status: 502 });
    expect((err as Error).message).toContain('response carries no projectId');
    expect(ctx.lines.some((l) => l.includes('unreadable media API response'))).toBe(true);
  });

  it('a voice list that is not a list is a 502', async () => {
    ctx = setup();
    ctx.api.intercept({ path: `${PREFIX}/constants/voices`, method: 'GET' }).reply(200, { data: 'nope' }, JSON_HEADERS);
    await expect(failure(ctx.client.listVoices(KEY))).resolves.toMatchObject({ status: 502 });
  });
});

describe('no answer at all', () => {
  it('a server slower than the deadline is a timeout with status 0', async () => {
    ctx = setup({ connectTimeoutMs: 20, headersTimeoutMs: 30, bodyTimeoutMs: 50, maxGetAttempts: 1 });
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(200, {}, JSON_HEADERS).delay(5_000);
    const err = await failure(ctx.client.getProject(KEY, PROJECT_ID));
    expect(err).toMatchObject({ status: 0, apiMessage: null });
    expect((err as Error).message).toBe('The media API timed out (GET /projects/{id}).');
    expect(ctx.calls.map((c) => c.status)).toEqual([0]);
  });

  it('a refused connection is a network error with status 0', async () => {
    ctx = setup({ maxGetAttempts: 1 });
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).replyWithError(new Error('connect ECONNREFUSED'));
    const err = await failure(ctx.client.getProject(KEY, PROJECT_ID));
    expect(err).toMatchObject({ status: 0 });
    expect((err as Error).message).toBe('The media API could not be reached (GET /projects/{id}).');
  });
});

describe('the API key stays out of the logs', () => {
  it('after successes, retries and failures, no log line holds the key', async () => {
    ctx = setup();
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(500, { error: { message: ERROR_MESSAGES[500] } });
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(200, '{not json');
    ctx.api.intercept({ path: `${PREFIX}/broll`, method: 'POST' }).reply(401, { error: { message: 'bad key' } });
    await failure(ctx.client.getProject(KEY, PROJECT_ID));
    await failure(ctx.client.create(KEY, 'broll', brollBody));
    expect(ctx.lines.length).toBeGreaterThan(2);
    expect(ctx.lines.join('')).not.toContain(KEY);
    expect(ctx.lines.join('')).not.toContain('t0k3n');
  });
});
