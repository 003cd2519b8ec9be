// The store's part of /healthz, in one place: ok, degraded (its primary answers but cannot confirm writes on a
// replica) or down, since when and why, and with Redis which node answered (through Sentinel, the primary of the
// moment; null while none does). Only `down` is 503: every replica of the bot shares the store, so a load balancer
// taking this one out for `degraded` would cure nothing and leave people with no answer at all, while the bot tells
// each command at once that the storage is unavailable.
import type { HealthPart } from '../core/platform/health-part.ts';
import type { Store } from '../core/ports.ts';

export async function storeHealth(store: Store): Promise<HealthPart> {
  const health = await store.health();
  const up = health.state !== 'down';
  const primary = store.node ? { storePrimary: (up && store.node()) || null } : {};
  return {
    ok: up,
    fields: {
      store: health.state,
      storeSince: new Date(health.since).toISOString(),
      ...(health.reason ? { storeReason: health.reason } : {}),
      ...primary,
    },
  };
}
