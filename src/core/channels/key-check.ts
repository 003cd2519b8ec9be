// A start whose keys open none of the stored channel keys (a rotation that left the old key out of
// ENCRYPTION_KEY_PREVIOUS, a key file replaced or lost) would otherwise only show it much later, as each channel's
// "the stored key can no longer be read": it is said once, at start, where the operator looks.

import type { Logger, Store } from '../ports.ts';
import type { SettingsRepo } from './settings-repo.ts';

// Enough to tell a lost key from one odd channel without reading a large store through at every start.
const SEALED_TRIED = 20;
const RECORDS_READ = 200;

export interface StoredKeyCheck {
  store: Store;
  settings: SettingsRepo;
  logger: Logger;
  /** Where the sealing key came from, as the operator sets it: ENCRYPTION_KEY or the key file's path. */
  keySource: string;
}

/**
 * Logs an error naming ENCRYPTION_KEY and ENCRYPTION_KEY_PREVIOUS when stored channel keys exist and none opens. A
 * store that fails to answer is not this check's to report (the store's own errors are), so it never stops a start.
 */
export async function checkStoredKeysOpen({ store, settings, logger, keySource }: StoredKeyCheck): Promise<void> {
  const tried = await unopenedKeysTried(store, settings).catch(() => 0);
  if (tried === 0) return;
  logger.error(
    { tried, keySource },
    `The encryption key (${keySource}) opens none of the ${tried} stored channel API key(s) tried: set ` +
      'ENCRYPTION_KEY to the key that sealed them, or add that key to ENCRYPTION_KEY_PREVIOUS (comma-separated), ' +
      'then restart (docs/operations.md, Rotating the encryption key).',
  );
}

/** How many stored channel keys were tried before one opened (0 then), or all tried when none did. */
async function unopenedKeysTried(store: Store, settings: SettingsRepo): Promise<number> {
  let tried = 0;
  let read = 0;
  for await (const [channelKey] of store.namespace('settings').entries<unknown>()) {
    if (++read > RECORDS_READ || tried >= SEALED_TRIED) break;
    // A malformed record is the settings' own error, reported when its channel is used.
    const opened = await settings.get(channelKey).catch(() => undefined);
    if (opened?.apiKey !== undefined) return 0;
    if (opened?.unreadable?.includes('apiKey')) tried++;
  }
  return tried;
}
