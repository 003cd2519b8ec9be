// `npm run keys:reseal` (or `node dist/reseal.js`): after a rotation (ENCRYPTION_KEY new,
// ENCRYPTION_KEY_PREVIOUS old), seals every stored secret again with the new key, so the old one can be
// dropped from ENCRYPTION_KEY_PREVIOUS. Safe while the bot runs; safe to run twice.

import { dirname } from 'node:path';
import type { Config } from './config.ts';
import { createKeyvStore } from './core/store/keyv-store.ts';
import { createSecretBox, loadOrCreateKeyFile, rotationKeys } from './core/store/secret-box.ts';
import { createSettingsRepo, type ResealReport } from './core/store/settings-repo.ts';

export async function resealStore(config: Config): Promise<ResealReport> {
  const store = await createKeyvStore(config.store);
  try {
    await store.ping();
    const dataDir = config.store.kind === 'sqlite' ? dirname(config.store.path) : 'data';
    const key = config.encryptionKey ?? (await loadOrCreateKeyFile(dataDir));
    const box = createSecretBox(rotationKeys(key, config.previousEncryptionKeys));
    return await createSettingsRepo(store, box).resealAll();
  } finally {
    await store.close();
  }
}
