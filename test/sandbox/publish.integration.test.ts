import { describe, expect, it } from 'vitest';
import { publishResponseSchema } from '../../src/core/media/schemas.ts';
import { PUBLISH_EXAMPLE } from './doc-examples.ts';
import { call, sandboxForTest } from './helpers.ts';

describe('publishing to socials', () => {
  it('logs each post without the access keys, readable at GET /sandbox/posts and from posts()', async () => {
    const sandbox = await sandboxForTest();
    const keys = ['secret-youtube-key', 'secret-tiktok-key'];
    const res = await call(sandbox, 'POST', '/publish-to-socials', {
      body: { ...PUBLISH_EXAMPLE, apiAccessKeys: keys },
    });
    const { posts: ids } = publishResponseSchema.parse(res.body);
    expect(ids).toHaveLength(2);

    const log = await fetch(`${sandbox.origin}/sandbox/posts`);
    const text = await log.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual({
      posts: [
        {
          ids,
          videoUrl: PUBLISH_EXAMPLE.videoUrl,
          apiAccessKeyCount: 2,
          title: PUBLISH_EXAMPLE.title,
          description: PUBLISH_EXAMPLE.description,
          privacy: 'unlisted',
          scheduleTime: PUBLISH_EXAMPLE.scheduleTime,
          createdAt: expect.any(String),
        },
      ],
    });
    expect(sandbox.posts()).toEqual(JSON.parse(text).posts);
  });

  it('defaults to public and posting now when privacy and scheduleTime are omitted', async () => {
    const sandbox = await sandboxForTest();
    await call(sandbox, 'POST', '/publish-to-socials', {
      body: { videoUrl: PUBLISH_EXAMPLE.videoUrl, apiAccessKeys: ['k'] },
    });
    expect(sandbox.posts()).toEqual([
      expect.objectContaining({ privacy: 'public', scheduleTime: null, title: null, description: null }),
    ]);
  });

  it('accepts scheduleTime with an offset', async () => {
    const sandbox = await sandboxForTest();
    const body = { ...PUBLISH_EXAMPLE, scheduleTime: '2030-05-01T11:30:00+02:00' };
    expect((await call(sandbox, 'POST', '/publish-to-socials', { body })).status).toBe(201);
  });

  it('logs nothing for a refused request', async () => {
    const sandbox = await sandboxForTest();
    await call(sandbox, 'POST', '/publish-to-socials', { body: { ...PUBLISH_EXAMPLE, privacy: 'secret' } });
    await call(sandbox, 'POST', '/publish-to-socials', { key: 'invalid', body: PUBLISH_EXAMPLE });
    expect(sandbox.posts()).toEqual([]);
  });
});
