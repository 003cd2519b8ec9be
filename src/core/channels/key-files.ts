// Where a SQLite bot keeps its keys, beside its store: `encryption.key` (the key that seals, unless ENCRYPTION_KEY is
// set) and `encryption.key.old` (keys a rotation retired, one per line). The bot and `keys:reseal` read the same
// ones through `openingKeys`, so a secret the tool opens, the bot opens too; and a key leaves `encryption.key` only
// after it is kept in `encryption.key.old`, because it may be the only copy of what opens a backup from before the
// rotation.

import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeKey, KEY_BYTES, rotationKeys, type SecretBoxKeys } from './secret-box.ts';

export function keyFilePath(dataDir: string): string {
  return join(dataDir, 'encryption.key');
}

export function oldKeysPath(dataDir: string): string {
  return join(dataDir, 'encryption.key.old');
}

/**
 * Reads `<dataDir>/encryption.key`, or on first run creates it (32 random bytes, base64, mode 0600, in a
 * folder created with mode 0700). Two processes starting together agree on one key: the file is written
 * complete under a temporary name and hard-linked into place, so the loser reads the winner's whole file.
 */
export async function loadOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const file = keyFilePath(dataDir);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    // The umask may narrow the mode but never widen it; pin 0600 regardless.
    await chmod(temporary, 0o600);
    await link(temporary, file);
    return key;
  } catch (error) {
    const raced = isErrno(error, 'EEXIST') ? await readKeyFile(file) : undefined;
    if (raced) return raced;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The key in `<dataDir>/encryption.key`, or undefined when there is no such file (none is created). */
export async function readKeyFileIn(dataDir: string): Promise<Buffer | undefined> {
  return readKeyFile(keyFilePath(dataDir));
}

/** The keys kept in `<dataDir>/encryption.key.old`, oldest first; none when there is no such file. */
export async function readOldKeys(dataDir: string): Promise<Buffer[]> {
  const file = oldKeysPath(dataDir);
  const text = await readText(file);
  if (text === undefined) return [];
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line, i) => decodeKey(line, `line ${i + 1} of the key file ${file}`));
}

export interface OpeningKeys {
  keys: SecretBoxKeys;
  /** The key file's key when ENCRYPTION_KEY is another: what `retireKeyFile` moves to encryption.key.old. */
  replacedFileKey?: Buffer;
}

/**
 * The key that seals, and every key that opens: ENCRYPTION_KEY_PREVIOUS, then, in a SQLite store's folder, the key
 * file's key when ENCRYPTION_KEY replaced it and the keys of encryption.key.old. `folder` is undefined with Redis,
 * whose replicas share no folder (ENCRYPTION_KEY_PREVIOUS only).
 */
export async function openingKeys(input: {
  current: Buffer;
  previous: readonly Buffer[];
  folder: string | undefined;
}): Promise<OpeningKeys> {
  const fileKey = input.folder === undefined ? undefined : await readKeyFileIn(input.folder);
  const replacedFileKey = fileKey && !fileKey.equals(input.current) ? fileKey : undefined;
  const retired = input.folder === undefined ? [] : await readOldKeys(input.folder);
  const previous = unique([...input.previous, ...(replacedFileKey ? [replacedFileKey] : []), ...retired]).filter(
    (key) => !key.equals(input.current),
  );
  return { keys: rotationKeys(input.current, previous), ...(replacedFileKey ? { replacedFileKey } : {}) };
}

/**
 * Puts `key` in `<dataDir>/encryption.key` in place of `replaced`, which is first added to encryption.key.old (mode
 * 0600), so the file's old key is never thrown away. Each file is written under a temporary name and renamed over
 * the old one: a start reading meanwhile sees the old content or the new, never part of either.
 */
export async function retireKeyFile(dataDir: string, replaced: Buffer, key: Buffer): Promise<void> {
  const kept = await readOldKeys(dataDir);
  if (!kept.some((k) => k.equals(replaced))) {
    await writeAtomically(oldKeysPath(dataDir), [...kept, replaced].map((k) => `${k.toString('base64')}\n`).join(''));
  }
  await writeAtomically(keyFilePath(dataDir), `${key.toString('base64')}\n`);
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.chmod(0o600);
      // On disk before the rename: a power cut must not leave encryption.key.old named but empty.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

function unique(keys: Buffer[]): Buffer[] {
  return keys.filter((key, i) => keys.findIndex((k) => k.equals(key)) === i);
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  const text = await readText(file);
  return text === undefined ? undefined : decodeKey(text, `the key file ${file}`);
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
