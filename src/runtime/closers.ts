// A clean stop within a bound. A container gets 10 s between SIGTERM and SIGKILL (Docker's default); within
// 8 s the bot closes what it opened, last opened first: the adapters finish the work behind commands they
// acknowledged and post what is queued, then the scheduler, the listener, the media client and the store
// close. Whatever is not done by then stays recoverable: a post that never started is not recorded as posted,
// and the next start polls every pending job.
import type { Logger } from '../core/ports.ts';

export const SHUTDOWN_BOUND_MS = 8000;

/** Closes one thing; `leftMs` is what remains of the shutdown bound when its turn comes. */
export type Close = (leftMs: number) => Promise<unknown>;

export interface Closers {
  /** Registers what to close; closeAll closes in reverse order. Pushed while closing, it is closed at once. */
  push(name: string, close: Close): void;
  /** Closes everything pushed, once; resolves false when something was cut short by the bound. */
  closeAll(): Promise<boolean>;
}

export function createClosers(options: { logger: Logger; boundMs?: number }): Closers {
  const { logger } = options;
  const stack: { name: string; close: Close }[] = [];
  let closing: Promise<boolean> | undefined;

  /** False when `close` was still running after `ms`; a failure is logged, and the others are closed all the same. */
  const settle = async (name: string, close: Close, ms: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ms);
    });
    const outcome = await Promise.race([
      Promise.resolve()
        .then(() => close(ms))
        .then(
          () => 'done' as const,
          (err: unknown) => {
            logger.warn({ err }, `${name} failed while stopping`);
            return 'done' as const;
          },
        ),
      late,
    ]);
    clearTimeout(timer);
    if (outcome === 'late')
      logger.warn({ waitedMs: ms }, `${name} did not finish in time; it is picked up after the restart`);
    return outcome !== 'late';
  };

  const run = async (): Promise<boolean> => {
    const deadline = Date.now() + (options.boundMs ?? SHUTDOWN_BOUND_MS);
    let complete = true;
    for (let next = stack.pop(); next; next = stack.pop()) {
      if (!(await settle(next.name, next.close, Math.max(0, deadline - Date.now())))) complete = false;
    }
    return complete;
  };

  return {
    push(name, close) {
      // A stage still running when the start was aborted: what it opens is closed as soon as it is open.
      if (closing) void settle(name, close, options.boundMs ?? SHUTDOWN_BOUND_MS);
      else stack.push({ name, close });
    },
    closeAll() {
      closing ??= run();
      return closing;
    },
  };
}
