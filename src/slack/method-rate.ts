// How fast one Slack method goes in one workspace, within its budget. Slack does not say how it counts a tier, and a
// server may be stricter than documented, so the rate adjusts: a 429 cuts it (multiplicative decrease: once for the
// calls sent before the cut, which met the old rate, not the new one), and each run of successes raises it back by
// one call a window (slow additive increase), never above the budget nor below a floor. Calls are spread evenly
// over the window at that rate.

/** A 429 cuts the rate to this share of itself (the server is stricter than we thought). */
const CUT = 0.7;
/** The rate never goes below this share of the budget: the server's limit is a tier, not a trickle. */
const FLOOR_SHARE = 0.25;
/** Successes in a row that raise the rate by one call a window. */
const RAISE_AFTER = 5;

export interface MethodRate {
  /** Calls a window the method goes at now. */
  readonly current: number;
  /** The time between two calls at the current rate (at least 1 ms). */
  spacingMs(windowMs: number): number;
  /** A call succeeded: after a run of them, the rate goes up by one, up to the budget. */
  succeeded(): void;
  /** A call sent at `sentAt` was refused (429) at `now`: the rate is cut, once for the calls sent before the cut. */
  refused(sentAt: number, now: number): void;
}

/** `limit`: the method's budget a window (90 % of Slack's tier). */
export function createMethodRate(limit: number): MethodRate {
  let rate = limit;
  let successes = 0;
  let cutAt = 0;
  return {
    get current() {
      return rate;
    },
    spacingMs: (windowMs) => Math.max(1, Math.ceil(windowMs / rate)),
    succeeded() {
      if (rate < limit && ++successes >= RAISE_AFTER) {
        rate++;
        successes = 0;
      }
    },
    refused(sentAt, now) {
      if (sentAt < cutAt) return;
      rate = Math.max(Math.ceil(limit * FLOOR_SHARE), Math.floor(rate * CUT));
      cutAt = now;
      successes = 0;
    },
  };
}
