import { afterEach, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../../src/core/errors.ts';
import type { ClipRequest, PublishRequest } from '../../../src/core/media/schemas.ts';
import { KEY, setup } from './helpers.ts';

// The API's own request schemas gate every body: one that does not parse is a bug in the bot, and
// sending it would only earn a 400 (or worse, a half-understood request). No interceptor is set up, and
// real network is disabled: a request that left would fail the test differently.

let ctx: ReturnType<typeof setup>;
afterEach(async () => {
  ctx.agent.assertNoPendingInterceptors();
  await ctx.close();
});

const HOOK = 'https://reelbot.example.com/webhooks/media/9f8e7d6c5b4a';

describe('a request body the API schema refuses', () => {
  it('is never sent, and the error names the field', async () => {
    ctx = setup();
    const body = { videoUrl: 'https://example.com/v.mp4', webhookUrl: HOOK, language: 'klingon' };
    const sent = ctx.client.create(KEY, 'clip', body as unknown as ClipRequest);
    await expect(sent).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(sent).rejects.toThrow(/POST \/clip request does not match[\s\S]*language/);
    expect(ctx.calls).toEqual([]);
  });

  it('names fields but never their values, which may be access keys', async () => {
    ctx = setup();
    const body: PublishRequest = { videoUrl: 'not a link', apiAccessKeys: ['sk_secret_123'] };
    const error = await ctx.client.publish(KEY, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(String((error as Error).message)).toContain('videoUrl');
    expect(String((error as Error).message)).not.toContain('sk_secret_123');
    expect(ctx.calls).toEqual([]);
  });
});
