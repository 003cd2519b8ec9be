import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLE_VOICE, type ProjectKind } from '../../../src/core/media/enums.ts';
import type { CreateRequests } from '../../../src/core/media/schemas.ts';
import { created, JSON_HEADERS, KEY, PREFIX, PROJECT_ID, setup } from './helpers.ts';

let ctx: ReturnType<typeof setup>;
afterEach(async () => {
  ctx.agent.assertNoPendingInterceptors();
  await ctx.close();
});

const HOOK = 'https://reelbot.example.com/webhooks/media/9f8e7d6c5b4a';
const bodies: { [K in ProjectKind]: CreateRequests[K] } = {
  clip: {
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    webhookUrl: HOOK,
    language: 'english',
    clipSettings: { reelsCount: 3, reelDuration: '10-30' },
    additionalFeatures: { addBgm: true, addHook: false },
  },
  ttv: { webhookUrl: HOOK, voiceId: '386a7b80-1001-4017-bb51-49b3428ab8f4', prompt: 'A fox in the snow' },
  subtitles: { videoUrl: 'https://cdn.example.com/v.mp4', webhookUrl: HOOK, language: 'french' },
  broll: { videoUrl: 'https://cdn.example.com/v.mp4', webhookUrl: HOOK },
  tts: { webhookUrl: HOOK, voiceId: EXAMPLE_VOICE.voiceId, script: 'Hello there.' },
};

describe('creating projects', () => {
  it.each(Object.keys(bodies) as ProjectKind[])(
    'POST /%s sends the key and the JSON body, and returns the new projectId',
    async (kind) => {
      ctx = setup();
      ctx.api
        .intercept({
          path: `${PREFIX}/${kind}`,
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: (text) => JSON.stringify(JSON.parse(text)) === JSON.stringify(bodies[kind]),
        })
        .reply(201, created(), JSON_HEADERS);

      await expect(ctx.client.create(KEY, kind, bodies[kind])).resolves.toEqual({ projectId: PROJECT_ID });
      expect(ctx.calls.map((c) => [c.route, c.status])).toEqual([[`POST /${kind}`, 201]]);
    },
  );

  it('reads the projectId from the older {data} envelope too', async () => {
    ctx = setup();
    ctx.api.intercept({ path: `${PREFIX}/broll`, method: 'POST' }).reply(
      201,
      {
        statusCode: 201,
        status: 'success',
        message: 'project created successfully',
        data: { projectId: PROJECT_ID },
      },
      JSON_HEADERS,
    );
    await expect(ctx.client.create(KEY, 'broll', bodies.broll)).resolves.toEqual({ projectId: PROJECT_ID });
  });
});

const clipProject = {
  projectId: PROJECT_ID,
  status: 'completed',
  createdAt: '2025-01-01T12:00:00.000Z',
  completedAt: '2025-01-01T14:31:07.412Z',
  error: null,
  outputs: [
    {
      id: '65a1b2c3d4e5f60718293a4c',
      videoUrl: 'https://cdn.example.com/reel-1.mp4',
      thumbnailUrl: 'https://cdn.example.com/reel-1.jpg',
      info: {
        title: 'The one trick 🎯',
        caption: 'Watch till the end #growth',
        viralityScore: 87,
        viralityScoreReason: 'Strong hook',
        tags: ['growth'],
        suitablePlatforms: ['youtube', 'x'],
      },
    },
  ],
};

describe('reading a project', () => {
  it('GET /projects/{id} returns a finished clip project with its reels', async () => {
    ctx = setup();
    ctx.api
      .intercept({ path: `${PREFIX}/projects/${PROJECT_ID}`, method: 'GET', headers: { 'x-api-key': KEY } })
      .reply(200, clipProject, JSON_HEADERS);

    const project = await ctx.client.getProject(KEY, PROJECT_ID);
    expect(project.state).toBe('completed');
    expect(project.outputs[0]?.info?.title).toBe('The one trick 🎯');
    expect(project.outputs[0]?.info?.viralityScore).toBe(87);
    expect(ctx.calls[0]?.route).toBe('GET /projects/{id}');
  });

  it('reads a project inside the older {data} envelope (a speech result)', async () => {
    ctx = setup();
    const tts = {
      projectId: PROJECT_ID,
      status: 'completed',
      createdAt: '2025-01-01T12:00:00.000Z',
      completedAt: '2025-01-01T12:01:00.000Z',
      error: null,
      outputs: [{ id: '65a1b2c3d4e5f60718293a4d', audioUrl: 'https://cdn.example.com/speech.mp3' }],
    };
    ctx.api
      .intercept({ path: `${PREFIX}/projects/${PROJECT_ID}`, method: 'GET' })
      .reply(200, { statusCode: 200, status: 'success', message: 'ok', data: tts }, JSON_HEADERS);

    const project = await ctx.client.getProject(KEY, PROJECT_ID);
    expect(project.state).toBe('completed');
    expect(project.outputs[0]?.audioUrl).toBe('https://cdn.example.com/speech.mp3');
  });

  it('treats a project still processing as in progress', async () => {
    ctx = setup();
    ctx.api
      .intercept({ path: `${PREFIX}/projects/${PROJECT_ID}`, method: 'GET' })
      .reply(200, { projectId: PROJECT_ID, status: 'processing', error: null, outputs: [] }, JSON_HEADERS);
    await expect(ctx.client.getProject(KEY, PROJECT_ID)).resolves.toMatchObject({ state: 'in_progress' });
  });

  it('escapes the id so it cannot reach another path', async () => {
    ctx = setup();
    ctx.api
      .intercept({ path: `${PREFIX}/projects/..%2Fconstants%2Fvoices`, method: 'GET' })
      .reply(200, { projectId: '../constants/voices', status: 'processing' }, JSON_HEADERS);
    await expect(ctx.client.getProject(KEY, '../constants/voices')).resolves.toMatchObject({ state: 'in_progress' });
  });
});

describe('voices and publishing', () => {
  it('GET /constants/voices returns the catalogue the docs show', async () => {
    ctx = setup();
    ctx.api
      .intercept({ path: `${PREFIX}/constants/voices`, method: 'GET', headers: { 'x-api-key': KEY } })
      .reply(200, { total: 1, message: 'Voices fetched successfully!', data: [EXAMPLE_VOICE] }, JSON_HEADERS);
    await expect(ctx.client.listVoices(KEY)).resolves.toEqual([EXAMPLE_VOICE]);
  });

  it('POST /publish-to-socials sends the access keys and returns the post ids', async () => {
    ctx = setup();
    const body = {
      videoUrl: 'https://cdn.example.com/reel-1.mp4',
      apiAccessKeys: ['social-key-1', 'social-key-2'],
      title: 'Launch day',
      privacy: 'unlisted' as const,
    };
    ctx.api
      .intercept({
        path: `${PREFIX}/publish-to-socials`,
        method: 'POST',
        headers: { 'x-api-key': KEY },
        body: (text) => JSON.parse(text).apiAccessKeys.length === 2,
      })
      .reply(
        201,
        {
          statusCode: 200,
          success: true,
          message: 'Successfully created your post',
          data: { posts: ['65a1b2c3d4e5f60718293a50'] },
        },
        JSON_HEADERS,
      );
    await expect(ctx.client.publish(KEY, body)).resolves.toEqual({
      posts: ['65a1b2c3d4e5f60718293a50'],
      message: 'Successfully created your post',
    });
  });
});
