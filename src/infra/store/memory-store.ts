// The Store port in this process's memory: for tests and the console only. Nothing here is shared with
// another process, so a configuration with several replicas must use SQLite or Redis.

import { type Clock, type Store, systemClock } from '../../core/ports.ts';
import { type Backend, createBackedStore } from './backend.ts';

export function createMemoryStore(options: { clock?: Clock } = {}): Store {
  const clock = options.clock ?? systemClock;
  return createBackedStore(memoryBackend(clock), { clock });
}

function memoryBackend(clock: Clock): Backend {
  // Values are kept as JSON text, so a caller never shares an object with the store (as with a real one),
  // and the text doubles as the compare-and-set stamp. Expiry is judged by backend.ts's envelope.
  const rows = new Map<string, string>();
  const claims = new Map<string, { token: string; expires: number }>();
  const live = (key: string) => {
    const claim = claims.get(key);
    return claim && claim.expires > clock.now() ? claim : undefined;
  };
  return {
    where: 'memory',
    get: async (key) => {
      const raw = rows.get(key);
      return raw === undefined ? undefined : JSON.parse(raw);
    },
    set: async (key, value) => void rows.set(key, JSON.stringify(value)),
    delete: async (key) => rows.delete(key),
    async *scan(prefix) {
      for (const [key, raw] of [...rows.entries()]) if (key.startsWith(prefix)) yield [key, JSON.parse(raw)];
    },
    async read(key) {
      const raw = rows.get(key);
      return raw === undefined ? undefined : { value: JSON.parse(raw), stamp: raw };
    },
    async writeIf(key, stamp, value) {
      if (rows.get(key) !== stamp) return false;
      rows.set(key, JSON.stringify(value));
      return true;
    },
    async claim(key, token, ttlMs) {
      if (live(key)) return false;
      claims.set(key, { token, expires: clock.now() + ttlMs });
      return true;
    },
    async renew(key, token, ttlMs) {
      if (live(key)?.token !== token) return false;
      claims.set(key, { token, expires: clock.now() + ttlMs });
      return true;
    },
    async release(key, token) {
      if (claims.get(key)?.token === token) claims.delete(key);
    },
    ping: async () => {},
    replicated: async () => {},
    epoch: () => 0,
    close: async () => {
      rows.clear();
      claims.clear();
    },
  };
}
