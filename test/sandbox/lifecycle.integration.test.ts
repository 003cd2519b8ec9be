import { afterEach, describe, expect, it } from 'vitest';
import { createdResponseSchema, projectSchema } from '../../src/core/media/schemas.ts';
import { createSandboxApp, type SandboxApp } from '../../src/sandbox/app.ts';
import { DEFAULT_SANDBOX_OPTIONS } from '../../src/sandbox/options.ts';
import { CREATE_EXAMPLES, VIDEO } from './doc-examples.ts';
import { call, NOWHERE, sandboxForTest, waitFor } from './helpers.ts';

/** The socket-less sandbox on a clock the test moves by hand; real timers are set far away (1 h). */
function appOnFakeClock() {
  let now = Date.UTC(2030, 0, 1);
  const app = createSandboxApp({
    ...DEFAULT_SANDBOX_OPTIONS,
    jobMs: 3_600_000,
    webhookRetryMs: 3_600_000,
    origin: 'http://127.0.0.1:4010',
    now: () => now,
  });
  apps.push(app);
  const headers = { 'x-api-key': 'k' };
  return {
    advance: (ms: number) => {
      now += ms;
    },
    create(kind: 'clip' | 'tts', body: unknown): string {
      const res = app.handle({ method: 'POST', path: `/api/v2/${kind}`, headers, body: JSON.stringify(body) });
      return createdResponseSchema.parse(JSON.parse(res.body.toString())).projectId;
    },
    status(projectId: string): string {
      const res = app.handle({ method: 'GET', path: `/api/v2/projects/${projectId}`, headers });
      return (JSON.parse(res.body.toString()) as { status: string }).status;
    },
  };
}
const apps: SandboxApp[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.close();
});

describe('a project’s life', () => {
  it('is processing at first, with no outputs, completedAt or error', async () => {
    const sandbox = await sandboxForTest({ jobMs: 60_000 });
    const { projectId } = createdResponseSchema.parse(
      (await call(sandbox, 'POST', '/tts', { body: CREATE_EXAMPLES.tts })).body,
    );
    const res = await call(sandbox, 'GET', `/projects/${projectId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      projectId,
      status: 'processing',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      completedAt: null,
      error: null,
      outputs: [],
    });
    expect(projectSchema.parse(res.body).state).toBe('in_progress');
  });

  it('completes after the job time, with completedAt set and error null', async () => {
    const sandbox = await sandboxForTest({ jobMs: 40 });
    const { projectId } = createdResponseSchema.parse(
      (await call(sandbox, 'POST', '/ttv', { body: CREATE_EXAMPLES.ttv })).body,
    );
    const project = await waitFor(async () => {
      const p = projectSchema.parse((await call(sandbox, 'GET', `/projects/${projectId}`)).body);
      return p.status === 'completed' ? p : undefined;
    });
    expect(project.error).toBeNull();
    expect(Date.parse(project.completedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(project.createdAt ?? ''));
  });

  it.each([
    ['clip', { ...CREATE_EXAMPLES.clip, videoUrl: `${VIDEO}?mode=fail` }, 'could not be downloaded'],
    ['subtitles', { ...CREATE_EXAMPLES.subtitles, videoUrl: 'https://example.com/FAIL.mp4' }, 'could not be'],
    ['tts', { ...CREATE_EXAMPLES.tts, prompt: 'please fail' }, 'script could not be processed'],
    ['ttv', { ...CREATE_EXAMPLES.ttv, script: 'this will fail' }, 'script could not be processed'],
  ])('a %s input containing "fail" ends as failed with an error and no outputs', async (kind, body, text) => {
    const sandbox = await sandboxForTest({ jobMs: 20 });
    const { projectId } = createdResponseSchema.parse((await call(sandbox, 'POST', `/${kind}`, { body })).body);
    const body2 = await waitFor(async () => {
      const res = await call(sandbox, 'GET', `/projects/${projectId}`);
      return (res.body as { status: string }).status === 'processing' ? undefined : res.body;
    });
    expect(body2).toMatchObject({ status: 'failed', outputs: [], error: expect.stringContaining(text) });
    expect(projectSchema.parse(body2).state).toBe('failed');
  });

  it('an input containing "slow" takes ten times longer', () => {
    const app = appOnFakeClock();
    const quick = app.create('clip', CREATE_EXAMPLES.clip);
    const slow = app.create('clip', { ...CREATE_EXAMPLES.clip, videoUrl: 'https://example.com/slow-upload.mp4' });
    app.advance(3_600_000);
    expect(app.status(quick)).toBe('completed');
    expect(app.status(slow)).toBe('processing');
    app.advance(8 * 3_600_000);
    expect(app.status(slow)).toBe('processing');
    app.advance(3_600_000);
    expect(app.status(slow)).toBe('completed');
  });

  it('"slow" and "fail" together fail late', () => {
    const app = appOnFakeClock();
    const id = app.create('tts', { ...CREATE_EXAMPLES.tts, prompt: 'slow then fail' });
    app.advance(3_600_000);
    expect(app.status(id)).toBe('processing');
    app.advance(9 * 3_600_000);
    expect(app.status(id)).toBe('failed');
  });

  it('clip outputs carry a title and a caption with emoji and hashtags, a whole virality score and platforms', async () => {
    const sandbox = await sandboxForTest({ jobMs: 20 });
    const body = { ...CREATE_EXAMPLES.clip, webhookUrl: NOWHERE };
    const { projectId } = createdResponseSchema.parse((await call(sandbox, 'POST', '/clip', { body })).body);
    const project = await waitFor(async () => {
      const p = projectSchema.parse((await call(sandbox, 'GET', `/projects/${projectId}`)).body);
      return p.state === 'completed' ? p : undefined;
    });
    for (const output of project.outputs) {
      const info = output.info;
      expect(info?.caption).toMatch(/\p{Extended_Pictographic}/u);
      expect(info?.caption).toMatch(/#\w+/);
      expect(Number.isInteger(info?.viralityScore)).toBe(true);
      expect(info?.viralityScore).toBeGreaterThanOrEqual(0);
      expect(info?.viralityScore).toBeLessThanOrEqual(100);
      expect(info?.tags).toEqual(expect.arrayContaining(['ai', 'startup']));
      expect(
        info?.suitablePlatforms.every((p) =>
          ['x', 'youtube', 'tiktok', 'instagram', 'linkedin', 'facebook'].includes(p),
        ),
      ).toBe(true);
    }
  });
});
