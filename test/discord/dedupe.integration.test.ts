import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/core/errors.ts';
import { createOnce } from '../../src/core/guarantees/once.ts';
import { createInteractionDedupe } from '../../src/discord/dedupe.ts';
import { createMetrics } from '../../src/infra/prom-metrics.ts';
import { createRedisStore } from '../../src/infra/store/redis-store.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';
import { createMemoryStore } from './support.ts';

describe('the interaction dedupe', () => {
  it('lets the store decide, across replicas', async () => {
    const store = createMemoryStore();
    const here = createInteractionDedupe(createOnce({ store, logger: createRecordingLogger() }));
    const elsewhere = createInteractionDedupe(createOnce({ store, logger: createRecordingLogger() }));
    expect(await here('1')).toBe(true);
    expect(await elsewhere('1')).toBe(false);
    expect(await here('1')).toBe(false);
  });

  it('fails, counts and logs when the store cannot be reached, instead of guessing from memory', async () => {
    const logger = createRecordingLogger();
    const metrics = createMetrics();
    const down = createRedisStore({ url: 'redis://127.0.0.1:1', timeoutMs: 300 });
    try {
      const firstTime = createInteractionDedupe(createOnce({ store: down, logger, metrics }));
      await expect(firstTime('1')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(firstTime('1')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(metrics.get('reelbot_store_unavailable_total', { use: 'once_inbound' })).toBe(2);
      expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
    } finally {
      await down.close();
    }
  });
});
