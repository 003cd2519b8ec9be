import { describe, expect, it } from 'vitest';
import { loggablePath } from '../../../src/infra/http/server.ts';

describe('a path as the listener logs it', () => {
  it('never carries a review link’s token or a webhook’s', () => {
    const token = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
    expect(loggablePath(`/review/${token}`)).toBe('/review/[redacted]');
    expect(loggablePath(`/review/${token}/`)).toBe('/review/[redacted]');
    expect(loggablePath('/webhooks/media/tok_abcdefghijklmnopqrstuvwxyz')).toBe('/webhooks/media/[redacted]');
    expect(loggablePath('/healthz')).toBe('/healthz');
  });
});
