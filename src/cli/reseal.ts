// What `npm run keys:reseal` does (the command itself is keys-reseal.ts): after a rotation (ENCRYPTION_KEY new,
// ENCRYPTION_KEY_PREVIOUS old), seals every stored secret again with the new key (channel settings and social
// access keys), so the old one can be dropped from ENCRYPTION_KEY_PREVIOUS. Safe while the bot runs; safe to run twice.

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { createSecretBox, loadOrCreateKeyFile, rotationKeys } from '../core/channels/secret-box.ts';
import { createSettingsRepo, type ResealReport } from '../core/channels/settings-repo.ts';
import { ConfigError } from '../core/errors.ts';
import { createAccountsRepo, type SocialsResealReport } from '../core/publish/accounts.ts';
import { openStore } from '../infra/store/open-store.ts';
import { dryRunStore } from './dry-run-store.ts';

export interface ResealOptions {
  /** Compute the report without writing anything: not the store, not a key file. */
  dryRun?: boolean;
}

/** Channel settings (API keys) and, apart, social access keys: both are sealed with ENCRYPTION_KEY. */
export async function resealStore(
  config: Config,
  options: ResealOptions = {},
): Promise<ResealReport & { socials: SocialsResealReport }> {
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
    const key = config.encryptionKey ?? (await keyFile(dataDir, options.dryRun ?? false));
    const box = createSecretBox(rotationKeys(key, config.previousEncryptionKeys));
    const settings = await createSettingsRepo(store, box).resealAll();
    const socials = await createAccountsRepo(store, box).resealAll();
    return { ...settings, socials };
  } finally {
    await store.close();
  }
}

/** The data folder's key; a real run creates it when missing (as the bot does), a dry run uses a key it forgets. */
async function keyFile(dataDir: string, dryRun: boolean): Promise<Buffer> {
  if (dryRun && !existsSync(join(dataDir, 'encryption.key'))) return randomBytes(32);
  return loadOrCreateKeyFile(dataDir);
}
