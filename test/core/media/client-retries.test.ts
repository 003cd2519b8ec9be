import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../src/core/media/schemas.ts';
import { created, failure, JSON_HEADERS, KEY, PREFIX, PROJECT_ID, setup } from './helpers.ts';

let ctx: ReturnType<typeof setup>;
afterEach(async () => {
  await ctx.close();
});

const PROJECT = `${PREFIX}/projects/${PROJECT_ID}`;
const project = { projectId: PROJECT_ID, status: 'processing', error: null, outputs: [] };
const ttsBody = { webhookUrl: 'https://bot.example.com/webhooks/media/abc', voiceId: 'v', script: 'Hi' };
const tooMany = { error: { message: ERROR_MESSAGES[429] } };
const broken = { error: { message: ERROR_MESSAGES[500] } };

describe('GETs are retried when that is safe', () => {
  it('a 500 then a success: the caller sees the success after one jittered backoff', async () => {
    ctx = setup();
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(500, broken, JSON_HEADERS);
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(200, project, JSON_HEADERS);
    await expect(ctx.client.getProject(KEY, PROJECT_ID)).resolves.toMatchObject({ state: 'in_progress' });
    expect(ctx.calls.map((c) => c.status)).toEqual([500, 200]);
    // random() = 0.5 of the first backoff ceiling (500 ms).
    expect(ctx.waits).toEqual([250]);
  });

  it('a 429 with Retry-After waits exactly as long as asked', async () => {
    ctx = setup();
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(429, tooMany, { headers: { 'retry-after': '7' } });
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(200, project, JSON_HEADERS);
    await ctx.client.getProject(KEY, PROJECT_ID);
    expect(ctx.waits).toEqual([7_000]);
    expect(ctx.calls[1]?.at).toBeGreaterThanOrEqual((ctx.calls[0]?.at ?? 0) + 7_000);
  });

  it('a dropped connection then a success is retried', async () => {
    ctx = setup();
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).replyWithError(new Error('socket hang up'));
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(200, project, JSON_HEADERS);
    await expect(ctx.client.getProject(KEY, PROJECT_ID)).resolves.toMatchObject({ projectId: PROJECT_ID });
    expect(ctx.calls.map((c) => c.status)).toEqual([0, 200]);
  });

  it('gives up after maxGetAttempts, with growing backoffs, and reports the last error', async () => {
    ctx = setup({ maxGetAttempts: 4 });
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(503, broken, JSON_HEADERS).times(4);
    await expect(failure(ctx.client.getProject(KEY, PROJECT_ID))).resolves.toMatchObject({ status: 503 });
    expect(ctx.calls).toHaveLength(4);
    expect(ctx.waits).toEqual([250, 500, 1_000]);
  });

  it('a Retry-After longer than a minute is handed back to the caller instead of waited out', async () => {
    ctx = setup();
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(429, tooMany, { headers: { 'retry-after': '3600' } });
    const err = await failure(ctx.client.getProject(KEY, PROJECT_ID));
    expect(err).toMatchObject({ status: 429, retryAfterMs: 3_600_000 });
    expect(ctx.waits).toEqual([]);
  });

  it('a 404 is final: asking again would not find the project', async () => {
    ctx = setup();
    ctx.api.intercept({ path: PROJECT, method: 'GET' }).reply(404, { error: { message: ERROR_MESSAGES[404] } });
    await expect(failure(ctx.client.getProject(KEY, PROJECT_ID))).resolves.toMatchObject({ status: 404 });
    expect(ctx.calls).toHaveLength(1);
  });
});

describe('creation and publish POSTs are never repeated blindly', () => {
  it('a 500 on creation is not retried: the job may have started', async () => {
    ctx = setup();
    ctx.api.intercept({ path: `${PREFIX}/tts`, method: 'POST' }).reply(500, broken, JSON_HEADERS);
    await expect(failure(ctx.client.create(KEY, 'tts', ttsBody))).resolves.toMatchObject({ status: 500 });
    expect(ctx.calls).toHaveLength(1);
    expect(ctx.waits).toEqual([]);
  });

  it('a timeout on publish is not retried: the post may exist', async () => {
    ctx = setup({ connectTimeoutMs: 20, headersTimeoutMs: 30, bodyTimeoutMs: 50 });
    ctx.api
      .intercept({ path: `${PREFIX}/publish-to-socials`, method: 'POST' })
      .reply(201, {}, JSON_HEADERS)
      .delay(5_000);
    const err = await failure(
      ctx.client.publish(KEY, { videoUrl: 'https://cdn.example.com/a.mp4', apiAccessKeys: ['social-1'] }),
    );
    expect(err).toMatchObject({ status: 0 });
    expect(ctx.calls).toHaveLength(1);
  });

  it('a 429 on creation is retried after Retry-After, because the API did nothing', async () => {
    ctx = setup();
    ctx.api
      .intercept({ path: `${PREFIX}/tts`, method: 'POST' })
      .reply(429, tooMany, { headers: { 'retry-after': '3' } });
    ctx.api.intercept({ path: `${PREFIX}/tts`, method: 'POST' }).reply(201, created(), JSON_HEADERS);
    await expect(ctx.client.create(KEY, 'tts', ttsBody)).resolves.toEqual({ projectId: PROJECT_ID });
    expect(ctx.calls.map((c) => c.status)).toEqual([429, 201]);
    expect(ctx.waits).toEqual([3_000]);
  });

  it('repeated 429s on publish stop after maxPostAttempts', async () => {
    ctx = setup({ maxPostAttempts: 3 });
    ctx.api
      .intercept({ path: `${PREFIX}/publish-to-socials`, method: 'POST' })
      .reply(429, tooMany, { headers: { 'retry-after': '2' } })
      .times(3);
    const err = await failure(
      ctx.client.publish(KEY, { videoUrl: 'https://cdn.example.com/a.mp4', apiAccessKeys: ['social-1'] }),
    );
    expect(err).toMatchObject({ status: 429, retryAfterMs: 2_000 });
    expect(ctx.calls).toHaveLength(3);
    expect(ctx.waits).toEqual([2_000, 2_000]);
  });
});
