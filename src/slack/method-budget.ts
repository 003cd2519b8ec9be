// What one Slack method spends in one workspace, counted in the RateWindow the replicas share: a turn per call (one
// call per spacing, so a Retry-After recorded on the turn holds every call of the method, on every replica), and,
// for progress refreshes, a share of the window that leaves a reserve for final states and answers people wait for.
// While the shared count is out of reach (Redis down) this process counts alone, so its own calls keep their
// spacing; the replicas together may then draw 429s, which lower each one's rate.
import type { RateWindow, RateWindowTake } from '../core/platform/rate-window.ts';
import type { Logger } from '../core/ports.ts';

/** What a refresh may not spend: room kept in each window for final states and answers people wait for. */
const RESERVE_SHARE = 0.4;

export interface MethodBudget {
  /** One call's turn, `spacingMs` after the one before it (and not while a Retry-After holds the method). */
  takeTurn(spacingMs: number): Promise<RateWindowTake>;
  /** A turn taken and not used (the edit was no longer wanted). */
  giveBackTurn(spacingMs: number): void;
  /** A refresh's place in the refreshes' share of the window. */
  takeRefresh(): Promise<RateWindowTake>;
  /** A refresh counted and never sent. */
  giveBackRefresh(): void;
  /** Slack answered 429: every replica waits `waitMs` before the method's next turn. */
  block(waitMs: number): void;
}

export function createMethodBudget(deps: {
  /** Where the count is shared, and this process's own for when it is out of reach. */
  window: RateWindow;
  local: RateWindow;
  /** The workspace's method: `<workspace>:<method>`. */
  key: string;
  /** The bot's budget for the method a window (90 % of Slack's tier). */
  limit: number;
  windowMs: number;
  logger?: Logger;
}): MethodBudget {
  const { window, local, windowMs } = deps;
  const turn = `${deps.key}:spacing`;
  const refresh = `${deps.key}:refresh`;
  const refreshLimit = deps.limit - Math.floor(deps.limit * RESERVE_SHARE);
  const take = (key: string, limit: number, ms: number) =>
    window.take(key, limit, ms).catch(() => local.take(key, limit, ms));
  const giveBack = (key: string, limit: number, ms: number) =>
    void window.giveBack(key, limit, ms).catch(() => undefined);
  return {
    takeTurn: (spacingMs) => take(turn, 1, spacingMs),
    giveBackTurn: (spacingMs) => giveBack(turn, 1, spacingMs),
    takeRefresh: () => take(refresh, refreshLimit, windowMs),
    giveBackRefresh: () => giveBack(refresh, refreshLimit, windowMs),
    block(waitMs) {
      // Out of reach (Redis down), the other replicas draw their own 429s; this one waits it out anyway.
      void window
        .block(turn, waitMs)
        .catch((err: unknown) =>
          deps.logger?.debug({ err, key: deps.key }, 'slack: Retry-After not shared with the replicas'),
        );
    },
  };
}
