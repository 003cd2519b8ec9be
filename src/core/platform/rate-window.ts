// A platform's rate limits counted where every replica sees them: Slack's tiers are per workspace and per
// app, so three replicas each counting alone would spend three budgets and draw 429s. One process counts in
// memory; replicas count in Redis (src/infra/redis/redis-rate-window.ts) behind this same port.

export interface RateWindowTake {
  /** Whether one call was counted (the caller may send it now). */
  taken: boolean;
  /** When not taken: how long until the oldest counted call leaves the window (ms). */
  waitMs: number;
}

export interface RateWindow {
  /**
   * Counts one call under `key` when fewer than `limit - reserve` were counted in the last `windowMs`;
   * check and count are one step for every process sharing the window. `reserve` keeps room for calls
   * that matter more (a card's final state over a progress refresh).
   */
  take(key: string, limit: number, windowMs: number, reserve?: number): Promise<RateWindowTake>;
}

export function createMemoryRateWindow(now: () => number = Date.now): RateWindow {
  /** key -> times (ascending) of calls still inside their window. */
  const times = new Map<string, number[]>();
  return {
    async take(key, limit, windowMs, reserve = 0) {
      const t = now();
      const list = (times.get(key) ?? []).filter((at) => at > t - windowMs);
      if (list.length >= Math.max(1, limit - reserve)) {
        times.set(key, list);
        // The window frees a slot for the reserve-bound caller only once enough calls left it.
        const index = list.length - Math.max(1, limit - reserve);
        return { taken: false, waitMs: Math.max(1, (list[index] ?? t) + windowMs - t) };
      }
      list.push(t);
      times.set(key, list);
      return { taken: true, waitMs: 0 };
    },
  };
}
