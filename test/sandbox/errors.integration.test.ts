import { describe, expect, it } from 'vitest';
import { PROJECT_KINDS } from '../../src/core/media/enums.ts';
import { createdResponseSchema, ERROR_MESSAGES, errorBodySchema } from '../../src/core/media/schemas.ts';
import { FORBIDDEN_MESSAGE } from '../../src/sandbox/auth.ts';
import { CREATE_EXAMPLES, PUBLISH_EXAMPLE } from './doc-examples.ts';
import { type ApiAnswer, call, sandboxForTest } from './helpers.ts';

function message(res: ApiAnswer): string | null {
  return errorBodySchema.parse(res.body).message;
}

/** Every error body is the docs' envelope {"error":{"message"}} and nothing else. */
function expectEnvelope(res: ApiAnswer, status: number): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: { message: expect.any(String) } });
}

const ENDPOINTS = [
  ...PROJECT_KINDS.map((k) => ({ method: 'POST' as const, path: `/${k}`, body: CREATE_EXAMPLES[k] as unknown })),
  { method: 'POST' as const, path: '/publish-to-socials', body: PUBLISH_EXAMPLE as unknown },
  { method: 'GET' as const, path: '/constants/voices', body: undefined },
  { method: 'GET' as const, path: '/projects/000000000000000000000000', body: undefined },
];

describe('400: missing fields and invalid values', () => {
  it.each([
    ['clip', { videoUrl: 'https://example.com/v.mp4', language: 'english' }],
    ['clip', { webhookUrl: 'https://example.com/h', language: 'english' }],
    ['clip', { videoUrl: 'https://example.com/v.mp4', webhookUrl: 'https://example.com/h' }],
    ['ttv', { webhookUrl: 'https://example.com/h', voiceId: 'v' }],
    ['ttv', { voiceId: 'v', script: 'hello' }],
    ['subtitles', { videoUrl: 'https://example.com/v.mp4', webhookUrl: 'https://example.com/h' }],
    ['broll', { webhookUrl: 'https://example.com/h' }],
    ['tts', { webhookUrl: 'https://example.com/h', script: 'hello' }],
    ['tts', { webhookUrl: 'https://example.com/h', voiceId: 'v' }],
    ['publish-to-socials', { apiAccessKeys: ['k'] }],
    ['publish-to-socials', { videoUrl: 'https://example.com/v.mp4' }],
    ['clip', {}],
  ])('POST /%s without a required field says the docs’ "Missing required fields"', async (path, body) => {
    const res = await call(await sandboxForTest(), 'POST', `/${path}`, { body });
    expectEnvelope(res, 400);
    expect(message(res)).toBe(ERROR_MESSAGES[400]);
  });

  it.each([
    ['clip', { ...CREATE_EXAMPLES.clip, videoUrl: 'ftp://example.com/v.mp4' }, 'Must be a valid URL'],
    ['clip', { ...CREATE_EXAMPLES.clip, videoUrl: 'not a url' }, 'Must be a valid URL'],
    ['broll', { ...CREATE_EXAMPLES.broll, webhookUrl: 'javascript:alert(1)' }, 'Must be a valid URL'],
    ['clip', { ...CREATE_EXAMPLES.clip, language: 'klingon' }, 'language'],
    ['subtitles', { ...CREATE_EXAMPLES.subtitles, language: 'hinglish' }, 'language'],
    ['clip', { ...CREATE_EXAMPLES.clip, subtitleStyles: { template: 'comic-sans' } }, 'subtitleStyles.template'],
    ['clip', { ...CREATE_EXAMPLES.clip, brollSettings: { type: 'gifs' } }, 'brollSettings.type'],
    ['clip', { ...CREATE_EXAMPLES.clip, clipSettings: { reelDuration: 'short' } }, 'reelDuration'],
    ['clip', { ...CREATE_EXAMPLES.clip, bgmSettings: { volume: 2 } }, 'bgmSettings.volume'],
    ['ttv', { ...CREATE_EXAMPLES.ttv, visualStyle: 'vaporwave' }, 'visualStyle'],
    ['ttv', { ...CREATE_EXAMPLES.ttv, prompt: 'and a prompt too' }, 'exactly one of script or prompt'],
    ['publish-to-socials', { ...PUBLISH_EXAMPLE, apiAccessKeys: [] }, 'apiAccessKeys'],
    ['publish-to-socials', { ...PUBLISH_EXAMPLE, apiAccessKeys: [''] }, 'apiAccessKeys'],
    ['publish-to-socials', { ...PUBLISH_EXAMPLE, privacy: 'friends' }, 'privacy'],
    ['publish-to-socials', { ...PUBLISH_EXAMPLE, scheduleTime: 'next tuesday' }, 'scheduleTime'],
  ])('POST /%s with an invalid value is refused and names the problem', async (path, body, hint) => {
    const res = await call(await sandboxForTest(), 'POST', `/${path}`, { body });
    expectEnvelope(res, 400);
    expect(message(res)).toMatch(/^Bad Request: /);
    expect(message(res)).toContain(hint);
  });

  it('a body that is not JSON, or not an object, is a 400', async () => {
    const sandbox = await sandboxForTest();
    const notJson = await fetch(`${sandbox.baseUrl}/clip`, {
      method: 'POST',
      headers: { 'x-api-key': 'k' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: { message: 'Bad Request: the body is not valid JSON' } });
    expectEnvelope(await call(sandbox, 'POST', '/broll', { body: ['a'] }), 400);
  });
});

describe('401: missing or wrong key', () => {
  it.each(ENDPOINTS)('$method $path without a key answers 401 with the docs’ message', async (e) => {
    const sandbox = await sandboxForTest();
    for (const key of [null, '', '   ', 'invalid-key-123']) {
      const res = await call(sandbox, e.method, e.path, { key, body: e.body });
      expectEnvelope(res, 401);
      const voices = e.path === '/constants/voices';
      expect(message(res)).toBe(voices ? ERROR_MESSAGES[401.1] : ERROR_MESSAGES[401]);
    }
  });
});

describe('403 and 500: produced by key switches, since no input causes them', () => {
  it.each(ENDPOINTS)('$method $path with a "forbidden…" key answers 403', async (e) => {
    const res = await call(await sandboxForTest(), e.method, e.path, { key: 'forbidden-team', body: e.body });
    expectEnvelope(res, 403);
    expect(message(res)).toBe(FORBIDDEN_MESSAGE);
  });

  it.each(ENDPOINTS)('$method $path with an "error500…" key answers 500 with the docs’ message', async (e) => {
    const res = await call(await sandboxForTest(), e.method, e.path, { key: 'error500-now', body: e.body });
    expectEnvelope(res, 500);
    expect(message(res)).toBe(ERROR_MESSAGES[500]);
  });
});

describe('404: unknown projects and routes', () => {
  it('an unknown project id answers "Project not found."', async () => {
    const res = await call(await sandboxForTest(), 'GET', '/projects/64b7f0c2a1b2c3d4e5f60718');
    expectEnvelope(res, 404);
    expect(message(res)).toBe(ERROR_MESSAGES[404]);
  });

  it('a project is not visible with another key', async () => {
    const sandbox = await sandboxForTest();
    const created = await call(sandbox, 'POST', '/broll', { key: 'team-a', body: CREATE_EXAMPLES.broll });
    const { projectId } = createdResponseSchema.parse(created.body);
    expect((await call(sandbox, 'GET', `/projects/${projectId}`, { key: 'team-a' })).status).toBe(200);
    const other = await call(sandbox, 'GET', `/projects/${projectId}`, { key: 'team-b' });
    expect(other.status).toBe(404);
    expect(message(other)).toBe(ERROR_MESSAGES[404]);
  });

  it.each([
    ['GET', '/api/v2/nope'],
    ['GET', '/api/v2/clip'],
    ['POST', '/api/v2/constants/voices'],
    ['GET', '/elsewhere'],
    ['POST', '/sandbox/posts'],
  ])('%s %s answers 404 in the error envelope', async (method, path) => {
    const sandbox = await sandboxForTest();
    const res = await fetch(`${sandbox.origin}${path}`, { method, headers: { 'x-api-key': 'k' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: `Not Found: ${method} ${path}` } });
  });
});

describe('429: over the per-key rate', () => {
  it('answers 429 with Retry-After in seconds once a key spends its requests, other keys unaffected', async () => {
    const sandbox = await sandboxForTest({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++)
      expect((await call(sandbox, 'GET', '/constants/voices', { key: 'busy' })).status).toBe(200);
    const limited = await call(sandbox, 'GET', '/constants/voices', { key: 'busy' });
    expectEnvelope(limited, 429);
    expect(message(limited)).toBe(ERROR_MESSAGES[429]);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect((await call(sandbox, 'GET', '/constants/voices', { key: 'calm' })).status).toBe(200);
  });
});

describe('413: oversized bodies', () => {
  it('refuses a body over 1 MB', async () => {
    const sandbox = await sandboxForTest();
    const huge = JSON.stringify({ ...CREATE_EXAMPLES.clip, clipSettings: { prompt: 'x'.repeat(1_100_000) } });
    const res = await fetch(`${sandbox.baseUrl}/clip`, { method: 'POST', headers: { 'x-api-key': 'k' }, body: huge });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { message: expect.stringContaining('Payload Too Large') } });
  });
});
