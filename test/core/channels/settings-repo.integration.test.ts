import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../src/core/channels/secret-box.ts';
import { CorruptRecordError, createSettingsRepo, maskSecret } from '../../../src/core/channels/settings-repo.ts';
import type { Store } from '../../../src/core/ports.ts';
import { createAccountsRepo } from '../../../src/core/publish/accounts/accounts.ts';
import { openStore } from '../../../src/infra/store/open-store.ts';
import {
  createFakeClock,
  createTempDir,
  deleteRedisPrefix,
  REDIS_URL,
  uniquePrefix,
  withRedis,
} from '../../infra/store/helpers.ts';

const box = createSecretBox({ current: { version: 'v1', key: randomBytes(32) } });
const CHANNEL = 'discord:guild-1:channel-2';

describe('the settings repository', () => {
  let store: Store;
  const clock = createFakeClock(1_700_000_000_000);
  beforeEach(async () => {
    store = await openStore({ kind: 'memory' }, { clock });
  });
  afterEach(async () => {
    await store.close();
  });

  it('answers an empty object for a channel that saved nothing', async () => {
    expect(await createSettingsRepo(store, box).get(CHANNEL)).toEqual({});
  });

  it('gives back saved settings, with who changed them and when', async () => {
    const repo = createSettingsRepo(store, box, { clock });
    const saved = await repo.update(CHANNEL, {
      apiKey: 'sk_live_1234567890abcdef',
      language: 'en',
      voiceId: 'voice-7',
      updatedBy: 'user-9',
    });
    const expected = {
      apiKey: 'sk_live_1234567890abcdef',
      language: 'en',
      voiceId: 'voice-7',
      updatedBy: 'user-9',
      updatedAt: 1_700_000_000_000,
    };
    expect(saved).toEqual(expected);
    expect(await repo.get(CHANNEL)).toEqual(expected);
  });

  it('changes only the fields in a patch, and clears a field set to null', async () => {
    const repo = createSettingsRepo(store, box);
    await repo.update(CHANNEL, { apiKey: 'sk_live_1234567890abcdef', language: 'en', template: 'bold' });
    await repo.update(CHANNEL, { language: 'fr' });
    expect(await repo.get(CHANNEL)).toMatchObject({
      apiKey: 'sk_live_1234567890abcdef',
      language: 'fr',
      template: 'bold',
    });
    await repo.update(CHANNEL, { apiKey: null, template: null });
    const after = await repo.get(CHANNEL);
    expect(after.apiKey).toBeUndefined();
    expect(after.template).toBeUndefined();
    expect(after.language).toBe('fr');
  });

  it('keeps channels apart', async () => {
    const repo = createSettingsRepo(store, box);
    await repo.update(CHANNEL, { language: 'en' });
    expect(await repo.get('slack:T1:C1')).toEqual({});
  });

  it('stores the API key sealed, never in clear', async () => {
    const repo = createSettingsRepo(store, box);
    await repo.update(CHANNEL, { apiKey: 'canary-api-key', language: 'en' });
    const raw = JSON.stringify(await store.namespace('settings').get(CHANNEL));
    expect(raw).not.toContain('canary');
    expect(raw).toContain('"language":"en"');
  });

  it('refuses a sealed key copied into another channel', async () => {
    const repo = createSettingsRepo(store, box);
    await repo.update(CHANNEL, { apiKey: 'sk_live_1234567890abcdef' });
    const records = store.namespace('settings');
    await records.set('slack:T1:C1', await records.get(CHANNEL));
    const copied = await repo.get('slack:T1:C1');
    expect(copied.apiKey).toBeUndefined();
    expect(copied.unreadable).toEqual(['apiKey']);
    expect((await repo.get(CHANNEL)).apiKey).toBe('sk_live_1234567890abcdef');
  });

  it('reports a malformed record as an error, which clear() gets rid of', async () => {
    const repo = createSettingsRepo(store, box);
    await store.namespace('settings').set(CHANNEL, { apiKey: 42, language: ['nope'] });
    const error = await repo.get(CHANNEL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptRecordError);
    expect((error as Error).message).toContain(CHANNEL);
    await expect(repo.update(CHANNEL, { language: 'en' })).rejects.toBeInstanceOf(CorruptRecordError);
    await repo.clear(CHANNEL);
    expect(await repo.get(CHANNEL)).toEqual({});
  });

  it('leaves out a key no configured encryption key opens, says so, and keeps it sealed until replaced', async () => {
    await createSettingsRepo(store, box).update(CHANNEL, { apiKey: 'sk_live_1234567890abcdef', language: 'french' });
    const otherBox = createSecretBox({ current: { version: 'v2', key: randomBytes(32) } });
    const locked = createSettingsRepo(store, otherBox);
    expect(await locked.get(CHANNEL)).toMatchObject({ language: 'french', unreadable: ['apiKey'] });
    expect((await locked.get(CHANNEL)).apiKey).toBeUndefined();
    // Changing a default keeps the sealed key: restoring the old key (ENCRYPTION_KEY_PREVIOUS) opens it again.
    await locked.update(CHANNEL, { template: 'beast' });
    const restored = createSecretBox({ current: { version: 'v2', key: randomBytes(32) }, previous: [] });
    expect((await createSettingsRepo(store, restored).get(CHANNEL)).unreadable).toEqual(['apiKey']);
    expect((await createSettingsRepo(store, box).get(CHANNEL)).apiKey).toBe('sk_live_1234567890abcdef');
    // Setting it again replaces the unreadable one.
    expect(await locked.update(CHANNEL, { apiKey: 'sk_new_key_0000000000' })).not.toHaveProperty('unreadable');
    expect((await locked.get(CHANNEL)).apiKey).toBe('sk_new_key_0000000000');
  });

  it('reseals every channel with the current key, so the previous key can be retired', async () => {
    const old = { version: 'k-old', key: randomBytes(32) };
    const current = { version: 'k-new', key: randomBytes(32) };
    await createSettingsRepo(store, createSecretBox({ current: old })).update(CHANNEL, { apiKey: 'sk_live_aaaa1111' });
    await createSettingsRepo(store, createSecretBox({ current: old })).update('slack:T1:C2', { apiKey: 'sk_b' });
    const rotated = createSettingsRepo(store, createSecretBox({ current, previous: [old] }));
    expect(await rotated.resealAll()).toEqual({ resealed: 2, unreadable: [], malformed: [] });
    const retired = createSettingsRepo(store, createSecretBox({ current }));
    expect((await retired.get(CHANNEL)).apiKey).toBe('sk_live_aaaa1111');
    expect((await retired.get('slack:T1:C2')).apiKey).toBe('sk_b');
    const stranger = createSettingsRepo(store, createSecretBox({ current: { version: 'k-x', key: randomBytes(32) } }));
    expect((await stranger.resealAll()).unreadable.sort()).toEqual([CHANNEL, 'slack:T1:C2'].sort());
  });
});

describe('masking a secret', () => {
  it('shows at most its last 4 characters', () => {
    expect(maskSecret('sk_live_1234567890ab3f9a')).toBe('••••••3f9a');
  });

  it('shows nothing of a short secret', () => {
    expect(maskSecret('abcd')).toBe('••••••');
    expect(maskSecret('')).toBe('••••••');
  });
});

describe('secrets at rest', () => {
  const canary = `canary-${randomBytes(8).toString('hex')}`;
  const socialCanary = `social-${randomBytes(8).toString('hex')}`;
  const visible = `template-${randomBytes(8).toString('hex')}`;

  it('never reach the SQLite file or its write-ahead log in clear', async () => {
    const dir = await createTempDir();
    const path = join(dir.path, 'reelbot.sqlite');
    try {
      const store = await openStore({ kind: 'sqlite', path });
      const repo = createSettingsRepo(store, box);
      await repo.update(CHANNEL, {
        apiKey: canary,
        template: visible,
      });
      await createAccountsRepo(store, box).put(CHANNEL, { name: 'brand', platform: 'x' }, socialCanary, 'user-9');
      expect((await repo.get(CHANNEL)).apiKey).toBe(canary);
      // Read the bytes while the write-ahead log still holds them, and again after close() checkpoints.
      const whileOpen = await readAll([path, `${path}-wal`]);
      await store.close();
      const afterClose = await readAll([path, `${path}-wal`]);
      for (const bytes of [whileOpen, afterClose]) {
        expect(bytes.includes(visible)).toBe(true);
        expect(bytes.includes(canary)).toBe(false);
        expect(bytes.includes(socialCanary)).toBe(false);
      }
    } finally {
      await dir.remove();
    }
  });

  it('never reach Redis in clear', async () => {
    const prefix = uniquePrefix();
    const store = await openStore({ kind: 'redis', url: REDIS_URL, prefix });
    try {
      const repo = createSettingsRepo(store, box);
      await repo.update(CHANNEL, {
        apiKey: canary,
        template: visible,
      });
      await createAccountsRepo(store, box).put(CHANNEL, { name: 'brand', platform: 'x' }, socialCanary, 'user-9');
      expect((await repo.get(CHANNEL)).apiKey).toBe(canary);
      const raw = await withRedis((client) => client.get(`${prefix}settings:${CHANNEL}`));
      expect(raw).toContain(visible);
      expect(raw).not.toContain(canary);
      expect(raw).not.toContain(socialCanary);
    } finally {
      await store.close();
      await deleteRedisPrefix(prefix);
    }
  });
});

async function readAll(paths: string[]): Promise<Buffer> {
  const present = paths.filter((path) => existsSync(path));
  return Buffer.concat(await Promise.all(present.map((path) => readFile(path))));
}
