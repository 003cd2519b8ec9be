// Where the per-key request budget is counted. One process counts in memory; replicas sharing a key must
// count in one shared place (a Redis sorted set per key behind this same interface), or each would spend
// the whole hourly budget on its own.

export interface BudgetCounter {
  /** Times (ms, ascending) of the requests spent on `id` after `since`. */
  spent(id: string, since: number): Promise<number[]>;
  /**
   * Records one request at `now` when fewer than `limit` were spent on `id` after `since`; false otherwise.
   * Check and record are one step for every user of the counter (a shared counter makes it atomic).
   */
  trySpend(id: string, now: number, since: number, limit: number): Promise<boolean>;
}

export function createMemoryBudgetCounter(): BudgetCounter {
  /** id -> times (ascending) of requests not yet forgotten. */
  const times = new Map<string, number[]>();
  let lastSweep = 0;

  function live(id: string, since: number): number[] {
    const list = times.get(id) ?? [];
    while (list.length > 0 && (list[0] ?? 0) <= since) list.shift();
    return list;
  }

  /** Forgets ids idle for a whole window, so the map does not grow with every key ever seen. */
  function sweep(since: number) {
    if (since - lastSweep < 0) return;
    lastSweep = since;
    for (const [id, list] of times) if ((list.at(-1) ?? 0) <= since) times.delete(id);
  }

  return {
    async spent(id, since) {
      return [...live(id, since)];
    },
    async trySpend(id, now, since, limit) {
      sweep(since);
      const list = live(id, since);
      if (list.length >= limit) return false;
      list.push(now);
      times.set(id, list);
      return true;
    },
  };
}
