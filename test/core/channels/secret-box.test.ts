import { randomBytes } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile } from '../../../src/core/channels/key-files.ts';
import { createSecretBox, parseEncryptionKey, SealedSecretError } from '../../../src/core/channels/secret-box.ts';
import { ConfigError } from '../../../src/core/errors.ts';
import { createTempDir } from '../../infra/store/helpers.ts';

const v1 = { version: 'v1', key: randomBytes(32) };
const v2 = { version: 'v2', key: randomBytes(32) };
const AAD = 'settings:discord:1:2:apiKey';

/** Replaces one character of the `part`-th dot-separated field of a sealed value. */
function tamper(sealed: string, part: number): string {
  const parts = sealed.split('.');
  const field = parts[part] ?? '';
  parts[part] = `${field.startsWith('A') ? 'B' : 'A'}${field.slice(1)}`;
  return parts.join('.');
}

describe('the secret box', () => {
  it('opens what it sealed, and the sealed text names its key version and hides the secret', () => {
    const box = createSecretBox({ current: v1 });
    const sealed = box.seal('sk_live_canary', AAD);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('canary');
    expect(box.open(sealed, AAD)).toBe('sk_live_canary');
  });

  it('uses a fresh IV every time, so the same secret never seals the same way twice', () => {
    const box = createSecretBox({ current: v1 });
    expect(box.seal('same', AAD)).not.toBe(box.seal('same', AAD));
  });

  it('refuses to open a secret moved to another place (wrong associated data)', () => {
    const box = createSecretBox({ current: v1 });
    const sealed = box.seal('secret', AAD);
    expect(() => box.open(sealed, 'settings:discord:1:3:apiKey')).toThrow(SealedSecretError);
    expect(() => box.open(sealed, 'settings:discord:1:3:apiKey')).toThrow(/tampered|another/);
  });

  it('refuses tampered IVs, tags and ciphertexts', () => {
    const box = createSecretBox({ current: v1 });
    const sealed = box.seal('secret value', AAD);
    for (const part of [1, 2, 3]) expect(() => box.open(tamper(sealed, part), AAD)).toThrow(SealedSecretError);
  });

  it('refuses text that is not a sealed value', () => {
    const box = createSecretBox({ current: v1 });
    for (const text of ['', 'plain', 'v1.a.b', 'v1.a.b.c.d'])
      expect(() => box.open(text, AAD)).toThrow(SealedSecretError);
  });

  it('opens values sealed with a previous key after rotation, and seals new ones with the current key', () => {
    const sealedBefore = createSecretBox({ current: v1 }).seal('old secret', AAD);
    const rotated = createSecretBox({ current: v2, previous: [v1] });
    expect(rotated.open(sealedBefore, AAD)).toBe('old secret');
    expect(rotated.seal('new secret', AAD)).toMatch(/^v2\./);
  });

  it('names the missing key version when a value was sealed with a key no longer configured', () => {
    const sealed = createSecretBox({ current: v1 }).seal('secret', AAD);
    expect(() => createSecretBox({ current: v2 }).open(sealed, AAD)).toThrow(/key version "v1"/);
  });

  it('refuses keys that are not 32 bytes and versions that would break the format', () => {
    expect(() => createSecretBox({ current: { version: 'v1', key: randomBytes(16) } })).toThrow(ConfigError);
    expect(() => createSecretBox({ current: { version: 'v.1', key: randomBytes(32) } })).toThrow(ConfigError);
  });
});

describe('ENCRYPTION_KEY', () => {
  it('decodes 32 bytes of base64 or base64url', () => {
    const key = randomBytes(32);
    expect(parseEncryptionKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseEncryptionKey(`${key.toString('base64url')}\n`).equals(key)).toBe(true);
  });

  it('is refused with a message naming ENCRYPTION_KEY but not its value when it is the wrong size or not base64', () => {
    const short = randomBytes(16).toString('base64');
    for (const value of [short, 'not base64 at all!', '']) {
      const error = (() => {
        try {
          parseEncryptionKey(value);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('ENCRYPTION_KEY');
      if (value) expect((error as Error).message).not.toContain(value);
    }
  });
});

describe('the key file', () => {
  it('is created on first run with mode 0600 in a 0700 folder, and reused afterwards', async () => {
    const dir = await createTempDir();
    try {
      const dataDir = join(dir.path, 'data');
      const key = await loadOrCreateKeyFile(dataDir);
      expect(key).toHaveLength(32);
      expect((await stat(join(dataDir, 'encryption.key'))).mode & 0o777).toBe(0o600);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await loadOrCreateKeyFile(dataDir)).equals(key)).toBe(true);
    } finally {
      await dir.remove();
    }
  });

  it('gives the same key to processes starting at the same time', async () => {
    const dir = await createTempDir();
    try {
      const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateKeyFile(dir.path)));
      for (const key of keys) expect(key.equals(keys[0] as Buffer)).toBe(true);
    } finally {
      await dir.remove();
    }
  });

  it('is refused, naming the file, when it holds something else than a key', async () => {
    const dir = await createTempDir();
    try {
      await writeFile(join(dir.path, 'encryption.key'), 'short');
      await expect(loadOrCreateKeyFile(dir.path)).rejects.toThrow(/encryption\.key/);
    } finally {
      await dir.remove();
    }
  });
});
