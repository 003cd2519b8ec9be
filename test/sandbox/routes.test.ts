import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../src/sandbox/app.ts';
import { DEFAULT_SANDBOX_OPTIONS } from '../../src/sandbox/options.ts';
import { CREATE_EXAMPLES } from './doc-examples.ts';

// The handler is a function of (method, path, headers, body): these tests call it with no socket.

const apps: SandboxApp[] = [];
function app(): SandboxApp {
  const a = createSandboxApp({ ...DEFAULT_SANDBOX_OPTIONS, jobMs: 3_600_000, origin: 'http://sandbox.test' });
  apps.push(a);
  return a;
}
afterEach(() => {
  for (const a of apps.splice(0)) a.close();
});

function bodyOf(res: { body: string | Buffer }): unknown {
  return JSON.parse(res.body.toString());
}

describe('the request handler', () => {
  it('creates and reads a project without any socket', () => {
    const a = app();
    const created = a.handle({
      method: 'post',
      path: '/api/v2/broll/',
      headers: { 'X-Api-Key': 'k' },
      body: JSON.stringify(CREATE_EXAMPLES.broll),
    });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toContain('application/json');
    const { projectId } = bodyOf(created) as { projectId: string };
    const read = a.handle({
      method: 'GET',
      path: `/api/v2/projects/${projectId}?fresh=1`,
      headers: { 'x-api-key': 'k' },
    });
    expect(bodyOf(read)).toMatchObject({ projectId, status: 'processing' });
  });

  it('serves voice sample URLs on the configured origin', () => {
    const res = app().handle({ method: 'GET', path: '/api/v2/constants/voices', headers: { 'x-api-key': 'k' } });
    const { data } = bodyOf(res) as { data: { sampleVoiceUrl: string }[] };
    expect(data.filter((v) => v.sampleVoiceUrl.startsWith('http://sandbox.test/voices/'))).toHaveLength(802);
  });

  it('serves files as bytes with their content type', () => {
    const res = app().handle({ method: 'GET', path: '/assets/0123.mp4', headers: {} });
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(Buffer.isBuffer(res.body)).toBe(true);
  });

  it('answers unknown paths with the error envelope', () => {
    const res = app().handle({ method: 'DELETE', path: '/api/v2/projects/x', headers: { 'x-api-key': 'k' } });
    expect(res.status).toBe(404);
    expect(bodyOf(res)).toEqual({ error: { message: 'Not Found: DELETE /api/v2/projects/x' } });
  });
});
