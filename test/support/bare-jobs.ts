// A job service on a given store and media API, with nothing else wired (no chat, no scheduler): for
// tests that drive the webhook path or the lifecycle directly.

import { createKeyResolver } from '../../src/core/channels/key-resolver.ts';
import { createOnce } from '../../src/core/guarantees/once.ts';
import { createOutbox } from '../../src/core/guarantees/outbox.ts';
import { createJobService, type JobService } from '../../src/core/jobs/service.ts';
import type { Clock, MediaApi, Store } from '../../src/core/ports.ts';
import { createMetrics } from '../../src/infra/prom-metrics.ts';
import { silentLogger } from './harness.ts';

/** `clock` should be the store's own, when a test moves time (the default is the system's). */
export function bareJobService(store: Store, media: MediaApi, clock: Clock = { now: () => Date.now() }): JobService {
  const metrics = createMetrics();
  const once = createOnce({ store, logger: silentLogger, metrics, clock });
  return createJobService({
    store,
    media,
    keys: createKeyResolver({ settings: { get: async () => ({}) }, sandboxKey: 'k' }),
    chat: () => undefined,
    logger: silentLogger,
    clock,
    metrics,
    once,
    outbox: createOutbox({ once, store, logger: silentLogger, clock }),
    webhookBase: () => 'http://127.0.0.1:9',
    timings: { firstPollMs: 60_000, maxPollMs: 60_000, horizonMs: 3600_000 },
  });
}
