// What the log says when the store stops taking writes and when it takes them again: one line each, from a look
// every second (Store.health), however many commands and retries meet the gap meanwhile. The line that says it
// is over is a warning too: a terminal shows warnings only, and an operator who saw the first line must see the
// second.
import type { Logger, Store, StoreHealth } from '../../core/ports.ts';

export interface StoreWriteLogOptions {
  store: Store;
  logger: Logger;
  /** The store's address without credentials, for the lines. */
  where: string;
  /** How often the store is looked at; default 1 s. */
  everyMs?: number;
  now?: () => number;
}

const EVERY_MS = 1_000;

/** Why the store takes no writes, as the first line says it. */
function why(health: StoreHealth): string {
  if (health.state === 'down') return `no primary answers (${health.reason ?? 'no answer'})`;
  return health.reason ?? 'writes cannot be confirmed';
}

export function logStoreWrites(options: StoreWriteLogOptions): { close(): void } {
  const { store, logger, where } = options;
  const now = options.now ?? Date.now;
  let last: StoreHealth | undefined;
  /** When the store stopped taking writes, while it takes none. */
  let stoppedAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const look = async () => {
    const health = await store.health();
    if (closed) return;
    const before = last;
    last = health;
    if (health.state === 'ok') {
      if (stoppedAt === undefined) return;
      const gapMs = now() - stoppedAt;
      stoppedAt = undefined;
      logger.warn(
        { where, state: health.state, gapMs, was: before?.state },
        `Store at ${where} takes writes again, after ${(gapMs / 1000).toFixed(1)} s without`,
      );
      return;
    }
    if (stoppedAt === undefined) {
      stoppedAt = now();
      logger.warn(
        { where, state: health.state, reason: health.reason },
        `Store at ${where} stopped taking writes: ${why(health)}`,
      );
    } else if (before && before.state !== health.state) {
      logger.warn(
        { where, state: health.state, reason: health.reason },
        `Store at ${where} still takes no writes: ${why(health)}`,
      );
    }
  };

  const next = () => {
    if (closed) return;
    timer = setTimeout(() => {
      look().then(next, next);
    }, options.everyMs ?? EVERY_MS);
    timer.unref();
  };
  next();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
