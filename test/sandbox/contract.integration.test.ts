import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROJECT_KINDS } from '../../src/core/media/enums.ts';
import {
  CREATED_MESSAGE,
  createdResponseSchema,
  objectIdSchema,
  PUBLISH_MESSAGE,
  projectSchema,
  publishResponseSchema,
  VOICES_MESSAGE,
  voiceListSchema,
} from '../../src/core/media/schemas.ts';
import { idTimestampSeconds } from '../../src/sandbox/ids.ts';
import { CREATE_EXAMPLES, PUBLISH_EXAMPLE } from './doc-examples.ts';
import { call, sandboxForTest, waitFor } from './helpers.ts';

// Strict per-kind output shapes from the docs' table, stricter than the client's lenient schema.
const url = z.url({ protocol: /^https?$/ });
const clipOutput = z.strictObject({
  id: objectIdSchema,
  videoUrl: url,
  thumbnailUrl: url,
  info: z.strictObject({
    title: z.string().min(1),
    caption: z.string().min(1),
    viralityScore: z.number().int(),
    viralityScoreReason: z.string().min(1),
    tags: z.array(z.string()),
    suitablePlatforms: z.array(z.string()).min(1),
  }),
});
const OUTPUT_SHAPES = {
  clip: clipOutput,
  subtitles: z.strictObject({ id: objectIdSchema, videoUrl: url, thumbnailUrl: url }),
  broll: z.strictObject({ id: objectIdSchema, videoUrl: url, thumbnailUrl: url }),
  tts: z.strictObject({ id: objectIdSchema, audioUrl: url }),
  ttv: z.strictObject({ id: objectIdSchema, videoUrl: url }),
};
const isoMillis = z.iso.datetime({ precision: 3 });
const completedProject = z.strictObject({
  projectId: objectIdSchema,
  status: z.literal('completed'),
  createdAt: isoMillis,
  completedAt: isoMillis,
  error: z.null(),
  outputs: z.array(z.unknown()).min(1),
});

describe('the sandbox answers the docs’ example requests with the docs’ shapes', () => {
  it.each(PROJECT_KINDS)('POST /%s returns 201 with the documented creation body', async (kind) => {
    const sandbox = await sandboxForTest();
    const before = Math.floor(Date.now() / 1000);
    const res = await call(sandbox, 'POST', `/${kind}`, { body: CREATE_EXAMPLES[kind] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'created', message: CREATED_MESSAGE, projectId: expect.any(String) });
    const { projectId } = createdResponseSchema.parse(res.body);
    expect(objectIdSchema.safeParse(projectId).success).toBe(true);
    const seconds = idTimestampSeconds(projectId);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it.each(PROJECT_KINDS)('a completed %s project has the documented output items', async (kind) => {
    const sandbox = await sandboxForTest({ jobMs: 30 });
    const created = await call(sandbox, 'POST', `/${kind}`, { body: CREATE_EXAMPLES[kind] });
    const { projectId } = createdResponseSchema.parse(created.body);
    const body = await waitFor(async () => {
      const res = await call(sandbox, 'GET', `/projects/${projectId}`);
      return (res.body as { status?: string }).status === 'completed' ? res.body : undefined;
    });
    const project = completedProject.parse(body);
    for (const output of project.outputs) OUTPUT_SHAPES[kind].parse(output);
    expect(projectSchema.parse(body).state).toBe('completed');
    expect(project.outputs).toHaveLength(kind === 'clip' ? 3 : 1);
  });

  it('GET /constants/voices returns the documented list with over 800 voices', async () => {
    const sandbox = await sandboxForTest();
    const res = await call(sandbox, 'GET', '/constants/voices');
    expect(res.status).toBe(200);
    const body = res.body as { total: number; message: string; data: unknown[] };
    expect(body.message).toBe(VOICES_MESSAGE);
    expect(body.total).toBe(803);
    expect(body.data).toHaveLength(803);
    expect(voiceListSchema.parse(body)).toHaveLength(803);
  });

  it('POST /publish-to-socials returns 201 with the documented body and a post id', async () => {
    const sandbox = await sandboxForTest();
    const res = await call(sandbox, 'POST', '/publish-to-socials', { body: PUBLISH_EXAMPLE });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      statusCode: 200,
      success: true,
      message: PUBLISH_MESSAGE,
      data: { posts: [expect.stringMatching(/^[0-9a-f]{24}$/)] },
    });
    expect(publishResponseSchema.parse(res.body).posts).toHaveLength(1);
  });

  it('a clip project delivers as many reels as clipSettings.reelsCount asks for', async () => {
    const sandbox = await sandboxForTest({ jobMs: 30 });
    const body = { ...CREATE_EXAMPLES.clip, clipSettings: { reelsCount: 5 } };
    const { projectId } = createdResponseSchema.parse((await call(sandbox, 'POST', '/clip', { body })).body);
    const project = await waitFor(async () => {
      const p = projectSchema.parse((await call(sandbox, 'GET', `/projects/${projectId}`)).body);
      return p.state === 'completed' ? p : undefined;
    });
    expect(project.outputs).toHaveLength(5);
  });
});
