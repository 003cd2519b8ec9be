// What `npm run keys:reseal` does (the command itself is keys-reseal.ts): after a rotation (the new key in
// ENCRYPTION_KEY or in the data folder's encryption.key, the old ones in ENCRYPTION_KEY_PREVIOUS), seals every stored
// secret again with the new key (channel settings and social access keys), so the old one can be dropped from
// ENCRYPTION_KEY_PREVIOUS, and leaves the key file holding the new key. Safe while the bot runs; safe to run twice.

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../config.ts';
import {
  keyFilePath,
  loadOrCreateKeyFile,
  oldKeysPath,
  openingKeys,
  readKeyFileIn,
  retireKeyFile,
} from '../core/channels/key-files.ts';
import { createSecretBox, type SecretBoxKeys } from '../core/channels/secret-box.ts';
import { createSettingsRepo, type ResealReport } from '../core/channels/settings-repo.ts';
import { ConfigError } from '../core/errors.ts';
import type { SecretBox } from '../core/ports.ts';
import { createAccountsRepo, type SocialsResealReport } from '../core/publish/accounts/accounts.ts';
import { openStore } from '../infra/store/open-store.ts';
import { dryRunStore } from './dry-run-store.ts';

export interface ResealOptions {
  /** Compute the report without writing anything: not the store, not a key file. */
  dryRun?: boolean;
}

export interface KeysReport {
  /** Where the key that seals now comes from: ENCRYPTION_KEY, or the key file's path. */
  currentKey: string;
  /** Secrets that only an old key opened: the ones a reseal changes. Zero on a second run. */
  sealedWithOldKey: { channels: number; socials: number };
  /**
   * When the key file held another key than ENCRYPTION_KEY: the file, which now holds (or, in a dry run, would hold)
   * ENCRYPTION_KEY's key, and where its old key is kept.
   */
  keyFileUpdated?: { file: string; oldKeys: string };
}

/** Channel settings (API keys) and, apart, social access keys: both are sealed with the current key. */
export async function resealStore(
  config: Config,
  options: ResealOptions = {},
): Promise<ResealReport & { socials: SocialsResealReport } & KeysReport> {
  // Opening a SQLite path creates the file: run from the wrong folder, a reseal would "seal 0 channels" in a new,
  // empty store and report success, and the operator would then drop the old key the real store still needs.
  if (config.store.kind === 'sqlite' && !existsSync(config.store.path)) {
    throw new ConfigError(
      `STORE_URL names ${resolve(config.store.path)}, which does not exist: run this from the bot's folder, or set ` +
        'STORE_URL to the store the bot uses (e.g. sqlite:///srv/reelbot/data/reelbot.sqlite)',
    );
  }
  // Likewise a Redis store an earlier version wrote under a prefix without a hash tag: its secrets are still under
  // the old names until the bot's next start moves them, so a reseal now would find none of them.
  if (config.store.kind === 'redis' && config.store.legacyPrefix) {
    const { hasLegacyKeys } = await import('../infra/redis/redis-key-layout.ts');
    if (await hasLegacyKeys({ url: config.store.url, from: config.store.legacyPrefix })) {
      throw new ConfigError(
        `The Redis keys are still under "${config.store.legacyPrefix}", where an earlier version kept them; this ` +
          `version moves them to "${config.store.prefix}" when the bot starts. Start the bot once, then run this again.`,
      );
    }
  }
  const opened = await openStore(config.store);
  const store = options.dryRun ? dryRunStore(opened) : opened;
  try {
    await store.ping();
    const dataDir = config.store.kind === 'sqlite' ? dirname(config.store.path) : 'data';
    // Only a SQLite store's bot reads key files (Redis requires ENCRYPTION_KEY on every replica); the bot reads the
    // same ones (key-files.ts), so what this opens, a start opens too.
    const folder = config.store.kind === 'sqlite' ? dataDir : undefined;
    const fileKey = folder ? await readKeyFileIn(folder) : undefined;
    const key = config.encryptionKey ?? fileKey ?? (await keyFile(dataDir, options.dryRun ?? false));
    const ring = await openingKeys({ current: key, previous: config.previousEncryptionKeys, folder });
    const opened = new Set<string>();
    const box = noteOldKeyOpens(ring.keys, opened);
    const settings = await createSettingsRepo(store, box).resealAll();
    const socials = await createAccountsRepo(store, box).resealAll();
    // A key file ENCRYPTION_KEY replaced is given the new key, its old one kept in encryption.key.old: it may be
    // the only copy of the key a backup from before the rotation needs.
    const replaced = folder && ring.replacedFileKey ? { folder, key: ring.replacedFileKey } : undefined;
    if (replaced && !options.dryRun) await retireKeyFile(replaced.folder, replaced.key, key);
    const old = [...opened];
    return {
      ...settings,
      socials,
      currentKey: config.encryptionKey ? 'ENCRYPTION_KEY' : keyFilePath(dataDir),
      sealedWithOldKey: {
        channels: old.filter((aad) => aad.startsWith('settings:')).length,
        socials: old.filter((aad) => aad.startsWith('socials:')).length,
      },
      ...(replaced
        ? { keyFileUpdated: { file: keyFilePath(replaced.folder), oldKeys: oldKeysPath(replaced.folder) } }
        : {}),
    };
  } finally {
    await store.close();
  }
}

/** The box for a reseal, which notes (by associated data) each secret the current key does not open but an old one does. */
function noteOldKeyOpens(keys: SecretBoxKeys, openedWithOldKey: Set<string>): SecretBox {
  const box = createSecretBox(keys);
  const currentOnly = createSecretBox({ current: keys.current });
  return {
    seal: (plaintext, aad) => box.seal(plaintext, aad),
    open(sealed, aad) {
      try {
        return currentOnly.open(sealed, aad);
      } catch {
        const plaintext = box.open(sealed, aad);
        openedWithOldKey.add(aad);
        return plaintext;
      }
    },
  };
}

/** The data folder's key; a real run creates it when missing (as the bot does), a dry run uses a key it forgets. */
async function keyFile(dataDir: string, dryRun: boolean): Promise<Buffer> {
  if (dryRun && !existsSync(keyFilePath(dataDir))) return randomBytes(32);
  return loadOrCreateKeyFile(dataDir);
}
