// `keys:reseal --dry-run` runs the very same re-sealing over this view of the store: reads go to the store,
// writes are computed and dropped, so the report is what a real run would do and nothing on disk changes.
import type { KeyValue, Store } from '../core/ports.ts';

function readOnly(kv: KeyValue): KeyValue {
  return {
    get: (key) => kv.get(key),
    entries: () => kv.entries(),
    set: async () => {},
    delete: async (key) => (await kv.get(key)) !== undefined,
    // The change runs once on the stored value, as the first attempt of a real compare-and-set would.
    update: async (key, change) => change(await kv.get(key)) ?? kv.get(key),
  };
}

/** Claims and leases are writes too; re-sealing takes none, so a dry run refuses them rather than taking one. */
function noClaims(): never {
  throw new Error('a dry run takes no claims in the store');
}

export function dryRunStore(store: Store): Store {
  return {
    namespace: (name) => readOnly(store.namespace(name)),
    claim: noClaims,
    release: noClaims,
    lease: noClaims,
    held: noClaims,
    ping: (timeoutMs) => store.ping(timeoutMs),
    replicated: (since) => store.replicated(since),
    epoch: () => store.epoch(),
    health: () => store.health(),
    close: () => store.close(),
  };
}
