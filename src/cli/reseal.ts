// `npm run keys:reseal` (or `node dist/cli/reseal.js`): after a rotation (ENCRYPTION_KEY new,
// ENCRYPTION_KEY_PREVIOUS old), seals every stored secret again with the new key (channel settings and social access keys), so the old one can be
// dropped from ENCRYPTION_KEY_PREVIOUS. Safe while the bot runs; safe to run twice.

import { dirname } from 'node:path';
import type { Config } from '../config.ts';
import { createSecretBox, loadOrCreateKeyFile, rotationKeys } from '../core/channels/secret-box.ts';
import { createSettingsRepo, type ResealReport } from '../core/channels/settings-repo.ts';
import { createAccountsRepo, type SocialsResealReport } from '../core/publish/accounts.ts';
import { openStore } from '../infra/store/open-store.ts';

/** Channel settings (API keys) and, apart, social access keys: both are sealed with ENCRYPTION_KEY. */
export async function resealStore(config: Config): Promise<ResealReport & { socials: SocialsResealReport }> {
  const store = await openStore(config.store);
  try {
    await store.ping();
    const dataDir = config.store.kind === 'sqlite' ? dirname(config.store.path) : 'data';
    const key = config.encryptionKey ?? (await loadOrCreateKeyFile(dataDir));
    const box = createSecretBox(rotationKeys(key, config.previousEncryptionKeys));
    const settings = await createSettingsRepo(store, box).resealAll();
    const socials = await createAccountsRepo(store, box).resealAll();
    return { ...settings, socials };
  } finally {
    await store.close();
  }
}
