// A clean stop within a bound. A container gets 10 s between SIGTERM and SIGKILL (Docker's default);
// within 8 s the bot finishes the poll in hand, the work behind commands it already acknowledged (each
// adapter's dispatch drains it), posts what is queued for the platforms, and closes the store. Whatever is not done by then stays recoverable: a post that never started is not recorded as
// posted, and the next start polls every pending job.
import type { Logger } from '../core/ports.ts';

export const SHUTDOWN_BOUND_MS = 8000;

export interface Drainable {
  /** Stops taking requests, then finishes acknowledged work and queued posts for up to `drainMs`. */
  stop(drainMs?: number): Promise<void>;
}

export interface Closable {
  poller: { stop(): Promise<void> };
  close(): Promise<void>;
}

export interface ShutdownOptions {
  app: Closable;
  adapters: Drainable[];
  logger: Logger;
  boundMs?: number;
}

/** Resolves true when everything stopped within the bound, false when something was cut short. */
export async function shutdown(options: ShutdownOptions): Promise<boolean> {
  const { app, adapters, logger } = options;
  const deadline = Date.now() + (options.boundMs ?? SHUTDOWN_BOUND_MS);
  const left = () => Math.max(0, deadline - Date.now());
  let complete = true;
  const within = async (what: string, ms: number, work: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ms);
    });
    const outcome = await Promise.race([
      work.then(
        () => 'done' as const,
        (err: unknown) => {
          logger.warn({ err }, `${what} failed while stopping`);
          return 'done' as const;
        },
      ),
      late,
    ]);
    clearTimeout(timer);
    if (outcome === 'late') {
      complete = false;
      logger.warn({ waitedMs: ms }, `${what} did not finish in time; it is picked up after the restart`);
    }
  };
  // No new polls; the one in hand may be posting a result.
  await within('the poller', left() / 2, app.poller.stop());
  // Posts queued behind platform pacing go out now; most of the bound is theirs.
  const drainMs = Math.max(0, left() - 1000);
  await within('the platform adapters', left(), Promise.all(adapters.map((a) => a.stop(drainMs))));
  await within('closing the store and listener', left(), app.close());
  return complete;
}
