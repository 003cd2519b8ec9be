// A gateway event can be delivered again (resume replay, several replicas on one token), and a signed
// HTTP interaction can be captured and sent again within its 5 minutes: each interaction id is handled
// once, decided by the shared store through the core's once module. When the store cannot answer, the
// check fails and the interaction is answered with an apology (the user tries again) rather than guessed
// from this process's memory, which another replica does not share.
import { createOnce, type OnceMetrics } from '../core/once.ts';
import type { Logger, Store } from '../core/ports.ts';

export type FirstTime = (interactionId: string) => Promise<boolean>;

/** Bounds the memory of an adapter run without any store (tests of the adapter alone). */
const MEMORY_IDS = 10_000;

export function createInteractionDedupe(
  store: Store | undefined,
  logger: Logger,
  options: { metrics?: OnceMetrics } = {},
): FirstTime {
  if (!store) return memoryDedupe();
  const once = createOnce({ store, logger, ...(options.metrics ? { metrics: options.metrics } : {}) });
  return (id) => once.first({ kind: 'inbound', platform: 'discord', id });
}

function memoryDedupe(): FirstTime {
  const seen = new Set<string>();
  return async (id) => {
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > MEMORY_IDS) seen.delete(seen.values().next().value as string);
    return true;
  };
}
