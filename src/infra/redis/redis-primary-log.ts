// What the log says when the sentinels promote a new primary: one line when they announce it and one once the
// store is connected to the new primary (or says it still is not), instead of a line per retry of every
// connection while they move. Connected is not taking writes: the promoted node may have no replica in sync yet,
// and the store write log (infra/store/store-write-log.ts) says, as warnings, when writes stop and resume: a
// terminal (which shows warnings only) reads a failover as the promotion and those two lines.
import type { Logger } from '../../core/ports.ts';
import { watchPrimarySwitches } from './redis-connection.ts';

export interface RedisPrimaryLogOptions {
  url: string;
  logger: Logger;
  /** The node the store talks to now (`Store.node`), undefined while it talks to none. */
  node: () => string | undefined;
  /** How long the summary waits for the store to reach the new primary; default 30 s. */
  followWithinMs?: number;
}

const FOLLOW_WITHIN_MS = 30_000;
const LOOK_EVERY_MS = 100;

/** Undefined for a single Redis server (nothing to fail over to). */
export function logPrimarySwitches(options: RedisPrimaryLogOptions): { close(): void } | undefined {
  const { logger, node } = options;
  const followWithinMs = options.followWithinMs ?? FOLLOW_WITHIN_MS;
  let timer: NodeJS.Timeout | undefined;
  const watch = watchPrimarySwitches(options.url, ({ from, to }) => {
    clearInterval(timer);
    const announced = Date.now();
    logger.warn({ from, to }, `Redis failover: the sentinels promoted ${to} (was ${from}); the bot moves to it`);
    timer = setInterval(() => {
      const ms = Date.now() - announced;
      const now = node();
      if (now === to) {
        clearInterval(timer);
        logger.info({ from, to, ms }, `Redis failover: the store is connected to ${to}, ${ms} ms after the promotion`);
      } else if (ms > followWithinMs) {
        clearInterval(timer);
        logger.warn(
          { from, to, ms, at: now ?? null },
          `Redis failover: the store does not reach ${to} ${Math.round(ms / 1000)} s after the promotion (now at ${now ?? 'none'})`,
        );
      }
    }, LOOK_EVERY_MS);
    timer.unref();
  });
  if (!watch) return undefined;
  return {
    close() {
      clearInterval(timer);
      watch.close();
    },
  };
}
