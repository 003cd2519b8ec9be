import { describe, expect, it } from 'vitest';
import { WEBHOOK_PATH } from '../../src/core/jobs/webhook.ts';
import { REVIEW_PATH } from '../../src/core/publish/review/route.ts';
import { createLoggablePath } from '../../src/web/loggable-path.ts';

describe('a path as the edge logs it', () => {
  const loggablePath = createLoggablePath([
    { path: REVIEW_PATH, capability: true },
    { path: WEBHOOK_PATH, capability: true },
    { path: '/healthz' },
    { path: '/discord/interactions' },
  ]);

  it('never carries a review link’s token or a webhook’s', () => {
    const token = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
    expect(loggablePath(`/review/${token}`)).toBe('/review/[redacted]');
    expect(loggablePath(`/review/${token}/`)).toBe('/review/[redacted]');
    expect(loggablePath('/webhooks/media/tok_abcdefghijklmnopqrstuvwxyz')).toBe('/webhooks/media/[redacted]');
    expect(loggablePath('/healthz')).toBe('/healthz');
    expect(loggablePath('/discord/interactions')).toBe('/discord/interactions');
  });
});
