import { describe, expect, it } from 'vitest';
import { MediaApiError } from '../../../src/core/errors.ts';
import { catalogueKey, createVoiceCatalogue, describeAge } from '../../../src/core/voices/catalogue.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';
import { fakeClock, fakeMedia, memoryStore } from './fakes.ts';
import { buildCatalogue, voice } from './fixture.ts';

const HOUR = 3_600_000;
const KEY = 'sk-live-secret-key-123';

function setup(ttlMs?: number) {
  const clock = fakeClock();
  const store = memoryStore(clock);
  const media = fakeMedia(buildCatalogue());
  const logger = createRecordingLogger();
  const make = () => createVoiceCatalogue({ store, media: media.api, clock, logger, ...(ttlMs ? { ttlMs } : {}) });
  return { clock, store, media, logger, make, catalogue: make() };
}

describe('the voice catalogue', () => {
  it('fetches once per API key, then answers from memory', async () => {
    const { media, catalogue } = setup();
    const first = await catalogue.get(KEY);
    const second = await catalogue.get(KEY);
    expect(media.state.calls).toBe(1);
    expect(second.index).toBe(first.index);
    expect(first.stale).toBe(false);
    expect(first.index.size).toBe(buildCatalogue().length);
    await catalogue.get('another-key');
    expect(media.state.calls).toBe(2);
  });

  it('shares one fetch between callers asking at the same time', async () => {
    const { media, catalogue } = setup();
    media.hold();
    const asks = [catalogue.get(KEY), catalogue.get(KEY), catalogue.get(KEY)];
    media.release();
    const views = await Promise.all(asks);
    expect(media.state.calls).toBe(1);
    expect(new Set(views.map((v) => v.index)).size).toBe(1);
  });

  it('keeps the list in the store under a hash of the key, never the key itself', async () => {
    const { store, catalogue, logger } = setup();
    await catalogue.get(KEY);
    const keys = [...store.raw.keys()];
    expect(keys).toEqual([`voices:${catalogueKey(KEY)}`]);
    expect(catalogueKey(KEY)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([...store.raw])).not.toContain(KEY);
    expect(JSON.stringify(logger.lines)).not.toContain(KEY);
  });

  it('a restarted bot reads the stored list instead of calling the API', async () => {
    const { media, make, catalogue } = setup();
    await catalogue.get(KEY);
    const restarted = make();
    expect(restarted.peek(KEY)).toBeUndefined();
    const view = await restarted.get(KEY);
    expect(media.state.calls).toBe(1);
    expect(view.index.size).toBeGreaterThan(0);
    expect(restarted.peek(KEY)).toBe(view.index);
  });

  it('refreshes in the background past the TTL, once, serving the old list meanwhile', async () => {
    const { media, clock, catalogue } = setup();
    const old = await catalogue.get(KEY);
    clock.advance(25 * HOUR);
    media.state.voices = [voice({ name: 'Newcomer' }, 999)];
    media.hold();
    const during = await Promise.all([catalogue.get(KEY), catalogue.get(KEY), catalogue.get(KEY)]);
    expect(during.every((v) => v.index === old.index && !v.stale)).toBe(true);
    media.release();
    await catalogue.settled();
    expect(media.state.calls).toBe(2);
    const after = await catalogue.get(KEY);
    expect(after.index.size).toBe(1);
    expect(after.index.resolve('Newcomer').ok).toBe(true);
    expect(after.fetchedAt).toBe(clock.now());
    await catalogue.settled();
    expect(media.state.calls).toBe(2);
  });

  it('keeps serving the old list when a refresh fails, saying how old it is', async () => {
    const { media, clock, catalogue, logger } = setup();
    await catalogue.get(KEY);
    clock.advance(27 * HOUR);
    media.fail();
    await catalogue.get(KEY);
    await catalogue.settled();
    const view = await catalogue.get(KEY);
    expect(view.stale).toBe(true);
    expect(view.staleReason).toBe(
      'voice list from 1 day ago; refreshing failed: media API 500: Internal Server Error: Please try again later or contact support',
    );
    expect(view.index.size).toBeGreaterThan(0);
    expect(logger.lines.some((l) => l.level === 'warn' && l.msg.includes('refresh failed'))).toBe(true);
  });

  it('waits before asking again after a failure, then recovers', async () => {
    const { media, clock, catalogue } = setup();
    await catalogue.get(KEY);
    clock.advance(24 * HOUR + 3 * HOUR);
    media.fail(429, 'Too Many Requests: Please slow down your request rate.');
    await catalogue.get(KEY);
    await catalogue.settled();
    await catalogue.get(KEY);
    await catalogue.settled();
    expect(media.state.calls).toBe(2);
    clock.advance(11 * 60_000);
    media.recover();
    await catalogue.get(KEY);
    await catalogue.settled();
    expect(media.state.calls).toBe(3);
    expect((await catalogue.get(KEY)).stale).toBe(false);
  });

  it('honours a shorter TTL and says the age in hours', async () => {
    const { media, clock, catalogue } = setup(HOUR);
    await catalogue.get(KEY);
    clock.advance(3 * HOUR);
    media.fail(0, 'connect ECONNREFUSED');
    await catalogue.get(KEY);
    await catalogue.settled();
    expect((await catalogue.get(KEY)).staleReason).toBe(
      'voice list from 3 hours ago; refreshing failed: media API network error: connect ECONNREFUSED',
    );
  });

  it('propagates the API error when no copy exists anywhere', async () => {
    const { media, catalogue } = setup();
    media.fail(401, 'Unauthorized: Invalid or missing API key');
    await expect(catalogue.get(KEY)).rejects.toBeInstanceOf(MediaApiError);
    media.recover();
    await expect(catalogue.get(KEY)).resolves.toMatchObject({ stale: false });
  });

  it('warms up in the background without throwing', async () => {
    const { media, catalogue, logger } = setup();
    media.fail();
    catalogue.warm(KEY);
    await catalogue.settled();
    expect(catalogue.peek(KEY)).toBeUndefined();
    expect(logger.lines.some((l) => l.msg.includes('warm-up failed'))).toBe(true);
    media.recover();
    catalogue.warm(KEY);
    catalogue.warm(KEY);
    await catalogue.settled();
    expect(catalogue.peek(KEY)?.size).toBeGreaterThan(0);
    expect(media.state.calls).toBe(2);
    catalogue.warm(KEY);
    expect(media.state.calls).toBe(2);
  });

  it('ignores a stored copy it cannot read', async () => {
    const { store, media, catalogue } = setup();
    await store.namespace('voices').set(catalogueKey(KEY), { something: 'else' });
    const view = await catalogue.get(KEY);
    expect(view.index.size).toBeGreaterThan(0);
    expect(media.state.calls).toBe(1);
  });
});

describe('ages', () => {
  it('reads like a person would say it', () => {
    expect(describeAge(30_000)).toBe('just now');
    expect(describeAge(60_000)).toBe('1 minute ago');
    expect(describeAge(3 * HOUR + 5)).toBe('3 hours ago');
    expect(describeAge(50 * HOUR)).toBe('2 days ago');
  });
});
