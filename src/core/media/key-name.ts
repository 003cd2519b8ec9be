// How an API key is named wherever a name must outlive a request: /metrics labels, log lines, the budget's
// counters in Redis. A bare hash of a key is a stable fingerprint anyone can test guesses against (and match
// across deployments); an HMAC under a secret only the deployment holds is neither.
import { createHmac, randomBytes } from 'node:crypto';

/** An API key's name: 16 hex digits, the same on every replica of one deployment, meaningless elsewhere. */
export type KeyNamer = (apiKey: string) => string;

/** Keeps the label key apart from every other use of the encryption key (sealing, catalogue keys). */
const PURPOSE = 'reelbot media key label v1';

/**
 * Names keys with an HMAC under a key derived from `secret` (the deployment's encryption key, so every
 * replica names a key alike). Without a secret (a test's lone client) a random one: stable in this process only.
 */
export function createKeyNamer(secret: Uint8Array = randomBytes(32)): KeyNamer {
  const labelKey = createHmac('sha256', secret).update(PURPOSE).digest();
  return (apiKey) => createHmac('sha256', labelKey).update(apiKey).digest('hex').slice(0, 16);
}
