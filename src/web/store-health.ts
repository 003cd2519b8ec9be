// The store's part of /healthz, in one place: whether it answers, and with Redis which node did (through
// Sentinel, the primary of the moment; null while none does). Without a store nothing can be served: 503.
import type { HealthPart } from '../core/platform/health-part.ts';
import type { Store } from '../core/ports.ts';

export async function storeHealth(store: Store): Promise<HealthPart> {
  const ok = await store.ping().then(
    () => true,
    () => false,
  );
  const primary = store.node ? { storePrimary: (ok && store.node()) || null } : {};
  return { ok, fields: { store: ok ? 'ok' : 'unreachable', ...primary } };
}
