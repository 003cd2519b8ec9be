// Store writes that follow a step the bot cannot take back (a job card the person sees, a project the
// media API created): refusing then ("storage is unavailable, try again") while the job goes on would
// make a second job when the person does try again. So such a write is tried again while the store is
// unavailable — a Redis restart or a Sentinel failover takes a few seconds to tens of seconds — within a
// bound, after which the caller reports what is true instead.

import { StoreUnavailableError } from '../errors.ts';
import type { Logger } from '../ports.ts';

/** Long enough for a primary to be replaced (Sentinel's down-after plus the promotion), short enough to report. */
export const STORED_BOUND_MS = 30_000;
const FIRST_PAUSE_MS = 100;
const MAX_PAUSE_MS = 2_000;

export interface StoredOptions {
  logger: Logger;
  /** What the write is, for the log line. */
  what: string;
  /** Give up once this long has passed since the first try; default STORED_BOUND_MS. */
  boundMs?: number;
}

/**
 * Runs `write`, trying again after 0.1 s, 0.2 s, … (at most 2 s apart) while it fails with
 * StoreUnavailableError, until `boundMs` has passed; then rethrows the last such error. Any other error
 * is rethrown at once. `write` must be safe to run again after a try whose answer was lost (a
 * compare-and-set that recognises its own earlier write, a set of the same value).
 */
export async function stored<T>(write: () => Promise<T>, options: StoredOptions): Promise<T> {
  const bound = options.boundMs ?? STORED_BOUND_MS;
  const started = Date.now();
  let pause = FIRST_PAUSE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof StoreUnavailableError) || Date.now() - started + pause > bound) throw err;
      if (attempt === 1) options.logger.warn({ err, what: options.what }, 'store unavailable: trying the write again');
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}
