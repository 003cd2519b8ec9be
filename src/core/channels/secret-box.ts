// Secrets at rest (API keys, social access keys) are sealed with AES-256-GCM. The output names the key
// version that sealed it, so ENCRYPTION_KEY can rotate: new values use the current key while values
// sealed with a previous key still open.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ConfigError } from '../errors.ts';
import type { SecretBox } from '../ports.ts';

export interface EncryptionKey {
  /** Short label written in front of every sealed value, e.g. `v1`. */
  version: string;
  /** 32 bytes (AES-256). */
  key: Buffer;
}

export interface SecretBoxKeys {
  current: EncryptionKey;
  previous?: EncryptionKey[];
}

/** A sealed value could not be opened: wrong key, wrong place (aad), tampered or malformed. */
export class SealedSecretError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SealedSecretError';
  }
}

export const KEY_BYTES = 32;
// GCM's recommended nonce size; random 96-bit IVs stay collision-safe well past 2^32 seals per key.
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

export function createSecretBox(keys: SecretBoxKeys): SecretBox {
  const byVersion = new Map<string, Buffer>();
  for (const entry of [keys.current, ...(keys.previous ?? [])]) {
    if (!VERSION_PATTERN.test(entry.version)) {
      throw new ConfigError(`encryption key version "${entry.version}" must be 1-16 letters, digits, - or _`);
    }
    if (entry.key.length !== KEY_BYTES) {
      throw new ConfigError(`encryption key ${entry.version} must be ${KEY_BYTES} bytes, got ${entry.key.length}`);
    }
    if (!byVersion.has(entry.version)) byVersion.set(entry.version, entry.key);
  }
  const current = keys.current;

  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [current.version, ...parts].join('.');
    },
    open(sealed, aad) {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version === undefined || iv === undefined || tag === undefined || body === undefined || rest.length > 0) {
        throw new SealedSecretError('cannot open the secret: it is not a sealed value');
      }
      const key = byVersion.get(version);
      const open = (k: Buffer) => decrypt(k, Buffer.from(iv, 'base64url'), Buffer.from(tag, 'base64url'), body, aad);
      if (key) return open(key);
      // Values sealed before versions named their key (all labelled "v1") may be under any configured key:
      // GCM's tag tells the right one apart, so trying each is safe.
      for (const candidate of byVersion.values()) {
        try {
          return open(candidate);
        } catch {}
      }
      throw new SealedSecretError(
        `cannot open the secret: it was sealed with key version "${version}", which is not configured`,
      );
    },
  };
}

function decrypt(key: Buffer, iv: Buffer, tag: Buffer, body: string, aad: string): string {
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SealedSecretError('cannot open the secret: its IV or tag has the wrong length');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new SealedSecretError(
      'cannot open the secret: it was tampered with, stored under another name, or sealed with another key',
      { cause: error },
    );
  }
}

/** A version label derived from the key itself, so a rotated key never reuses the label of the one it replaced. */
export function keyVersion(key: Buffer): string {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}

/** ENCRYPTION_KEY seals; ENCRYPTION_KEY_PREVIOUS keys only open what they sealed before a rotation. */
export function rotationKeys(current: Buffer, previous: readonly Buffer[] = []): SecretBoxKeys {
  return {
    current: { version: keyVersion(current), key: current },
    previous: previous.map((key) => ({ version: keyVersion(key), key })),
  };
}

/** Decodes ENCRYPTION_KEY (base64 or base64url of exactly 32 bytes). The value itself is never echoed. */
export function parseEncryptionKey(base64: string): Buffer {
  return decodeKey(base64, 'ENCRYPTION_KEY');
}

/** A key given as text (a variable, a key file's line): base64 of exactly 32 bytes, refused naming `source`. */
export function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  // Buffer.from silently skips characters outside the alphabet, so check the alphabet first.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    throw new ConfigError(`${source} must be base64 (32 random bytes); generate one with: openssl rand -base64 32`);
  }
  const key = Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new ConfigError(
      `${source} must decode to ${KEY_BYTES} bytes, got ${key.length}; generate one with: openssl rand -base64 32`,
    );
  }
  return key;
}
