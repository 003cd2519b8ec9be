// What the log says while Redis is down. Every connection retries on its own (BullMQ's queues and workers hold
// two each), and each failed attempt is an error event, so a stopped Redis would bury the log in stacks. Here an
// outage is a state change logged once, then a summary at most every 30 s, then one line when it is back, once
// a connection has stayed up for a second (a failover's connections come up and are moved again at once: "back
// after 0 s" then "unreachable" told nothing true). These lines are details at `info`: the store write log
// (infra/store/store-write-log.ts) tells the operator, as warnings, when writes stop and resume.
import type { Logger } from '../../core/ports.ts';

export interface RedisOutageLog {
  /** A connection failed (a refused connect, a dropped socket): the first one starts an outage. */
  failed(error: Error): void;
  /** A connection is ready again: ends the outage, if there is one. */
  reachable(): void;
  /** Stops the summaries and ignores what follows (a stop closes connections, which fail on purpose). */
  close(): void;
}

export interface RedisOutageLogOptions {
  /** The address without credentials (`RedisConnection.where`). */
  where: string;
  logger: Logger;
  /** What keeps retrying, for the first line: e.g. "the scheduler". */
  who: string;
  /** How often a lasting outage is summarised; default 30 s. */
  summaryMs?: number;
  /** How long a connection must stay up before the outage is over; default 1 s. */
  settleMs?: number;
  now?: () => number;
}

const DEFAULT_SUMMARY_MS = 30_000;
const SETTLE_MS = 1_000;

export function createRedisOutageLog(options: RedisOutageLogOptions): RedisOutageLog {
  const { where, logger } = options;
  const summaryMs = options.summaryMs ?? DEFAULT_SUMMARY_MS;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const now = options.now ?? Date.now;
  let since: number | undefined;
  let total = 0;
  let recent = 0;
  let lastReason = '';
  let timer: NodeJS.Timeout | undefined;
  let settling: NodeJS.Timeout | undefined;
  let closed = false;

  const summarise = () => {
    if (recent === 0) return;
    logger.info(
      { where, failures: recent, reason: lastReason },
      `Redis still unreachable at ${where}: ${recent} failures in the last ${Math.round(summaryMs / 1000)} s (last: ${lastReason})`,
    );
    recent = 0;
  };

  return {
    failed(error) {
      if (closed) return;
      clearTimeout(settling);
      total++;
      lastReason = error.message;
      if (since !== undefined) {
        recent++;
        return;
      }
      since = now();
      logger.info(
        { where, reason: lastReason },
        `Redis unreachable at ${where}: ${lastReason}; ${options.who} keeps retrying`,
      );
      timer = setInterval(summarise, summaryMs);
      timer.unref();
    },
    reachable() {
      if (closed || since === undefined) return;
      clearTimeout(settling);
      const upAt = now();
      settling = setTimeout(() => {
        if (closed || since === undefined) return;
        const seconds = Math.round((upAt - since) / 1000);
        logger.info(
          { where, failures: total, seconds },
          `Redis reachable again at ${where} after ${seconds} s (${total} failures)`,
        );
        clearInterval(timer);
        since = undefined;
        total = 0;
        recent = 0;
      }, settleMs);
      settling.unref();
    },
    close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(settling);
    },
  };
}

/** Codes of a connection that failed or dropped, as opposed to an error in a command or a job. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * What ioredis and Redis say when Redis is away or moving (a restart, a failover), whatever the command asked:
 * - `Connection is closed.`, `connect ETIMEDOUT`: the socket dropped or never connected;
 * - `Stream isn't writeable and enableOfflineQueue options is false`: a fail-fast command while reconnecting;
 * - `Reached the max retries per request limit`: a queued command whose reconnections all failed;
 * - `All sentinels are unreachable`: no sentinel named a primary that answers as one (also while a promotion
 *   is under way and the sentinels still name the old primary, now a replica);
 * - `Command timed out`: the connection's bound on one command passed;
 * - READONLY (a write sent to a primary turned replica), UNBLOCKED (a blocking read it ended), LOADING (a
 *   restarted node reading its data), MASTERDOWN (a replica that lost its primary), NOREPLICAS (a primary with
 *   `min-replicas-to-write` and no replica in reach: the write is refused, not done, as after a failover until the
 *   old primary has rejoined as a replica).
 */
const OUTAGE_MESSAGES =
  /^Connection is closed\.?$|^connect ETIMEDOUT|Stream isn't writeable|Reached the max retries per request limit|All sentinels are unreachable|^Command timed out|^(READONLY|UNBLOCKED|LOADING|MASTERDOWN|NOREPLICAS)\b/;

/**
 * Redis's answer to WAIT on a replica: the node that took the writes was made a replica before they were
 * confirmed (a failover under an open connection). Not an outage of its own: the writes are unconfirmed.
 */
export const WAIT_ON_REPLICA = /^ERR WAIT(AOF)? cannot be used with replica instances/;

/** Redis refusing a write on a connection that is up: no replica in reach (NOREPLICAS), or a replica now. */
export function isWriteRefusal(error: unknown): boolean {
  return error instanceof Error && /^(NOREPLICAS|READONLY|MASTERDOWN)\b/.test(error.message);
}

/** Whether an error says Redis is away or moving (ioredis's and Redis's wording), not that a command was wrong. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return OUTAGE_MESSAGES.test(error.message);
}
