// How long this team's jobs of one kind usually take, learned from its own finished jobs: the API
// reports no progress, so the card can only say what is usual here. Durations live in a namespace of
// their own (not job state), one bounded list per channel and kind, appended by compare-and-set.
import { z } from 'zod';
import type { ProjectKind } from '../media/enums.ts';
import type { Store } from '../ports.ts';
import type { Job } from './model.ts';

/** The last this many finished jobs of a kind count; older ones no longer say much about today. */
export const HISTORY = 50;

const historySchema = z.array(z.object({ ms: z.number().nonnegative(), reels: z.number().int().positive() }));
type History = z.infer<typeof historySchema>;

export interface Estimator {
  /** Notes how long a job that settled took (from its creation to now). */
  record(job: Job, finishedAt: number, reels: number): Promise<void>;
  /** The usual time for a job like `job` in its channel; undefined until one has finished there. */
  estimate(job: Job): Promise<number | undefined>;
}

/** How many reels a clip job asked for (undefined when it left it to the API). */
export function reelsAsked(job: Job): number | undefined {
  const settings = job.requests[0]?.clipSettings;
  const count =
    settings && typeof settings === 'object' ? (settings as { reelsCount?: unknown }).reelsCount : undefined;
  return typeof count === 'number' && count > 0 ? count : undefined;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const keyOf = (channelKey: string, kind: ProjectKind) => `${channelKey}|${kind}`;

export function createEstimator(store: Store): Estimator {
  const kv = store.namespace('durations');
  const read = async (key: string): Promise<History> => {
    const parsed = historySchema.safeParse(await kv.get(key));
    return parsed.success ? parsed.data : [];
  };
  return {
    async record(job, finishedAt, reels) {
      const entry = { ms: Math.max(0, finishedAt - job.createdAt), reels: Math.max(1, reels) };
      await kv.update<History>(keyOf(job.channelKey, job.kind), (raw) => {
        const parsed = historySchema.safeParse(raw ?? []);
        return [...(parsed.success ? parsed.data : []), entry].slice(-HISTORY);
      });
    },
    async estimate(job) {
      const history = await read(keyOf(job.channelKey, job.kind));
      if (history.length === 0) return undefined;
      const reels = job.kind === 'clip' ? reelsAsked(job) : undefined;
      // More reels take longer: scale each past clip job to the reels asked now (only when asked).
      return median(history.map((h) => (reels ? (h.ms * reels) / h.reels : h.ms)));
    },
  };
}
