// How an entry ends, for the dispatch: the replay check, the one error boundary (logged once, told to the
// person in one voice), the answer's conclusion and the one outcome line with its metrics, and the work behind an
// acknowledgement, run detached from the platform's request and tracked until it ends.

import { MediaApiError, StoreUnavailableError, UserError } from '../errors.ts';
import { describeError } from '../media/describe-error.ts';
import type { Clock, Logger, Reply } from '../ports.ts';
import type { Handled, Trace } from './dispatch-trace.ts';
import type { WorkQueue } from './work-queue.ts';
import type { WorkTracker } from './work-tracker.ts';

/** The one apology, on every platform and the console, for a failure the person cannot fix. */
export const APOLOGY = 'Sorry, something went wrong on our side. It has been logged; please try again in a moment.';

export interface OutcomeDeps {
  logger: Logger;
  clock: Clock;
  work: WorkQueue;
  tracker: WorkTracker;
  metrics?: {
    inc(name: string, labels?: Record<string, string>): void;
    observe?(name: string, labels: Record<string, string>, seconds: number): void;
  };
  observe?: (handled: Handled) => void;
}

export function createOutcomes(deps: OutcomeDeps) {
  const { logger } = deps;
  const logOf = (trace: Trace): Logger => (trace.bindings ? logger.child(trace.bindings) : logger);

  /** The replay check; a replay is logged at debug and gets nothing more. */
  async function firstTime(trace: Trace, check: () => Promise<boolean>): Promise<boolean> {
    trace.replayed = !(await check());
    if (trace.replayed) logOf(trace).debug({ ...trace.where, ...trace.what }, 'already handled: replay ignored');
    return !trace.replayed;
  }

  /** Logs a failure once and tells the person through `refuse` (told as it is, or the apology). */
  async function fail(trace: Trace, err: unknown, refuse?: (text: string) => Promise<unknown>): Promise<void> {
    // Told as they are: the person's mistake, the API's answer, or storage that is down for a moment.
    const expected = err instanceof UserError || err instanceof MediaApiError || err instanceof StoreUnavailableError;
    const log = logOf(trace);
    trace.outcome = expected ? 'refused' : 'error';
    if (expected) log.info({ ...trace.where, ...trace.what, err: { message: (err as Error).message } }, 'refused');
    else log.error({ ...trace.where, ...trace.what, err }, `${trace.kind} failed`);
    await refuse?.(expected ? `⚠️ ${describeError(err)}` : APOLOGY).catch((e: unknown) => {
      log.warn({ ...trace.where, err: e }, 'could not tell the person about an error');
    });
  }

  /** After everything (success or not): the answer's conclude, then the one log line and the metrics. */
  async function finish(trace: Trace, conclude: (() => Promise<void>) | undefined): Promise<void> {
    // A replay found after its acknowledgement shares the original's reply: leave it alone.
    if (trace.replayed) return;
    await conclude?.().catch((e: unknown) =>
      logOf(trace).warn({ ...trace.where, err: e }, 'could not conclude the answer'),
    );
    const { kind, label, outcome, ackMs } = trace;
    const ms = deps.clock.now() - trace.started;
    // The entry's own fields in the line rather than a child logger made for it: the same line, without
    // serialising the bindings once more for every command (~4% of acknowledging a burst on Discord).
    logger.info(
      { ...trace.bindings, ...trace.where, ...trace.what, outcome, ms, ...(ackMs !== undefined ? { ackMs } : {}) },
      kind,
    );
    if (label) deps.metrics?.inc('reelbot_commands_total', { command: label, outcome });
    // From the entry reaching the bot to the platform's acknowledgement (Discord and Slack allow 3 s).
    if (label && ackMs !== undefined)
      deps.metrics?.observe?.('reelbot_command_ack_seconds', { command: label }, ackMs / 1000);
    deps.observe?.({ kind, label, outcome, ackMs, ms });
  }

  /**
   * The work behind an acknowledgement, detached from the entry: the platform's request is answered and
   * `handle` returns, so what waits in the work queue holds only the prepared command, its Reply and
   * the trace (a burst of 2,000 Slack /clip kept every Bolt request, response and middleware chain alive
   * while their work waited: about 23 KB of heap each). The tracker keeps it for a clean stop (`drain`).
   */
  function detach(
    trace: Trace,
    run: (reply: Reply) => Promise<void>,
    reply: Reply,
    check: (() => Promise<boolean>) | undefined,
    conclude: (() => Promise<void>) | undefined,
  ): void {
    deps.tracker.run(trace.label ?? trace.kind, async () => {
      try {
        // The replay check left until after the acknowledgement runs with the work, before it.
        await deps.work.run(async () => {
          if (!check || (await firstTime(trace, check))) await run(reply);
        });
      } catch (err) {
        await fail(trace, err, trace.replayed ? undefined : (text) => reply.ephemeral({ text }));
      }
      await finish(trace, conclude);
    });
  }

  return { firstTime, fail, finish, detach };
}
