// Replicas taking turns in Redis: one holder at a time (e.g. the one that keeps Discord's gateway open, since
// two gateway sessions on one token both receive every interaction). The holder renews its turn every ttl/3; a
// holder that dies stops renewing, and another replica takes the turn over within one ttl (default 10 s).
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../core/ports.ts';
import { createRedisConnection } from './redis-connection.ts';
import { RELEASE_IF_HELD, RENEW_IF_HELD } from './redis-held-key.ts';

/** One holder at a time among replicas (the Store port's `Lease` is a claim on one key, a different thing). */
export interface ReplicaTurn {
  /** Resolves once this replica holds the turn (waits while another does). */
  acquire(): Promise<void>;
  readonly held: boolean;
  /** Gives the turn up at once (clean shutdown), so another replica need not wait for it to lapse. */
  release(): Promise<void>;
  /** Stops renewing without releasing, as a crash would (tests). */
  abandon(): void;
}

export function createRedisTurn(options: {
  url: string;
  key: string;
  logger: Logger;
  ttlMs?: number;
  /** Called when a renewal finds the turn taken or Redis unreachable past the ttl: stop the guarded work. */
  onLost?: () => void;
}): ReplicaTurn {
  const ttlMs = options.ttlMs ?? 10_000;
  const token = randomUUID();
  // Background work: commands wait for a dropped connection to come back, and the ttl decides when it is lost.
  const redis = createRedisConnection(options.url, {
    onError: (err) => options.logger.debug({ err }, 'turn: redis connection error'),
  }).client;
  let held = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastRenewed = 0;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  function lose(reason: string) {
    held = false;
    clearInterval(timer);
    options.logger.error({ key: options.key, reason }, 'turn lost');
    options.onLost?.();
  }

  async function renew() {
    try {
      const ok = await redis.eval(RENEW_IF_HELD, 1, options.key, token, String(ttlMs));
      if (ok === 1) lastRenewed = Date.now();
      else lose('taken by another replica');
    } catch (err) {
      // Redis unreachable: still ours until the ttl would have run out, then assume another may hold it.
      if (Date.now() - lastRenewed >= ttlMs) lose(err instanceof Error ? err.message : String(err));
    }
  }

  return {
    get held() {
      return held;
    },
    async acquire() {
      stopped = false;
      while (!stopped) {
        const reply = await redis.set(options.key, token, 'PX', ttlMs, 'NX').catch(() => null);
        if (reply === 'OK') {
          held = true;
          lastRenewed = Date.now();
          timer = setInterval(() => void renew(), Math.max(100, Math.floor(ttlMs / 3)));
          timer.unref();
          return;
        }
        await sleep(Math.max(100, Math.floor(ttlMs / 5)));
      }
    },
    async release() {
      stopped = true;
      clearInterval(timer);
      if (held) await redis.eval(RELEASE_IF_HELD, 1, options.key, token).catch(() => undefined);
      held = false;
      redis.disconnect();
    },
    abandon() {
      stopped = true;
      clearInterval(timer);
      held = false;
      redis.disconnect();
    },
  };
}
