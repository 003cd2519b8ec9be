// A platform's rate limits counted where every replica sees them: Slack's tiers are per method, per workspace
// and per app, so three replicas each counting alone would spend three budgets and draw 429s. One process
// counts in memory; replicas count in Redis (src/infra/redis/redis-rate-window.ts, rate-limiter-flexible)
// behind this same port.

export interface RateWindowTake {
  /** Whether one call was counted (the caller may send it now). */
  taken: boolean;
  /** When not taken: how long until the window that refused it closes (ms). */
  waitMs: number;
}

export interface RateWindow {
  /**
   * Counts one call under `key` when fewer than `limit` were counted in its window, check and count in one
   * step for every process sharing it. A window opens with the first call counted and lasts `windowMs`; a
   * refused call is not counted. With `limit` 1 it spaces calls `windowMs` apart.
   */
  take(key: string, limit: number, windowMs: number): Promise<RateWindowTake>;
  /** Uncounts one call taken under `key` (the platform refused it, or it was never sent). */
  giveBack(key: string, limit: number, windowMs: number): Promise<void>;
  /**
   * Refuses every take under `key` for the next `forMs`, for every process sharing it: the platform answered
   * one of them 429 with a Retry-After, and the others would each draw their own. A duration, not an instant,
   * since replicas' clocks may differ; a block never shortens one already recorded. What was counted stays.
   */
  block(key: string, forMs: number): Promise<void>;
}

export function createMemoryRateWindow(now: () => number = Date.now): RateWindow {
  /** key -> calls counted in the window that closes at `endsAt`. */
  const windows = new Map<string, { count: number; endsAt: number }>();
  /** key -> when its block ends. */
  const blocks = new Map<string, number>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt > now()) return w;
    windows.delete(key);
    return undefined;
  };
  return {
    async take(key, limit, windowMs) {
      if (windows.size > 10_000) for (const k of [...windows.keys()]) current(k);
      const blocked = (blocks.get(key) ?? 0) - now();
      if (blocked > 0) return { taken: false, waitMs: Math.ceil(blocked) };
      blocks.delete(key);
      const w = current(key) ?? { count: 0, endsAt: now() + windowMs };
      if (w.count >= limit) return { taken: false, waitMs: Math.max(1, w.endsAt - now()) };
      w.count++;
      windows.set(key, w);
      return { taken: true, waitMs: 0 };
    },
    async giveBack(key) {
      const w = current(key);
      if (w && w.count > 0) w.count--;
    },
    async block(key, forMs) {
      if (blocks.size > 10_000) for (const [k, until] of [...blocks]) if (until <= now()) blocks.delete(k);
      blocks.set(key, Math.max(blocks.get(key) ?? 0, now() + forMs));
    },
  };
}
