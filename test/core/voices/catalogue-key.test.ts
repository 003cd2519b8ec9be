import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVoiceCatalogue } from '../../../src/core/voices/catalogue.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';
import { fakeClock, fakeMedia, memoryStore } from './fakes.ts';
import { buildCatalogue } from './fixture.ts';

describe('the voice catalogue in the store', () => {
  it('is kept under an HMAC of the API key with the encryption key, not a hash anyone can recompute', async () => {
    const clock = fakeClock();
    const store = memoryStore(clock);
    const secret = randomBytes(32);
    const apiKey = 'sk-live-secret-key-123';
    const catalogue = createVoiceCatalogue({
      store,
      media: fakeMedia(buildCatalogue()).api,
      clock,
      logger: createRecordingLogger(),
      keySecret: secret,
    });
    await catalogue.get(apiKey);
    const unsalted = createHash('sha256').update(apiKey).digest('hex');
    const keyed = createHmac('sha256', secret).update(apiKey).digest('hex');
    expect([...store.raw.keys()]).toEqual([`voices:${keyed}`]);
    expect(JSON.stringify([...store.raw.keys()])).not.toContain(unsalted);
  });
});
