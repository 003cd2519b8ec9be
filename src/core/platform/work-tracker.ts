import type { Logger } from '../ports.ts';

// Work a request started but did not wait for: settling after a webhook's 200 (the sender wants its answer
// at once), and the work behind a command's acknowledgement (dispatch.ts: the platform's request is
// answered and let go while the work waits its turn). Fire-and-forget would let a rolling deploy stop the
// process halfway through posting a result, stranding it until its 5-minute claim lapses; the tracker
// owns that work so shutdown can wait for it.

export interface WorkTracker {
  /** Starts `work` now and keeps it until it settles; failures are logged, never thrown. */
  run(label: string, work: () => Promise<void>): void;
  /** Work started and not yet settled. */
  readonly inFlight: number;
  /** Resolves once nothing is in flight (work started meanwhile included); no bound, nothing logged. */
  idle(): Promise<void>;
  /** Waits until nothing is in flight (work started meanwhile included), or `boundMs` passed; true when all ended. */
  drain(boundMs: number): Promise<boolean>;
}

/** A container's default stop timeout is 10 s: drain within it. */
export const DRAIN_MS = 10_000;

export function createWorkTracker(logger: Logger): WorkTracker {
  const running = new Set<Promise<void>>();
  return {
    run(label, work) {
      const done: Promise<void> = Promise.resolve()
        .then(work)
        .catch((err: unknown) => logger.error({ err, work: label }, 'background work failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    get inFlight() {
      return running.size;
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async drain(boundMs) {
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          timedOut = true;
          resolve();
        }, boundMs);
      });
      while (running.size > 0 && !timedOut) await Promise.race([Promise.allSettled([...running]), bound]);
      clearTimeout(timer);
      if (running.size > 0) logger.warn({ left: running.size }, 'shutdown: background work still running; leaving it');
      return running.size === 0;
    },
  };
}
