// Progress you can see: the card of a running job shows how long it has run and how long this
// channel's jobs of its kind usually take, refreshed by one task per job in the scheduler's `progress`
// queue. Platforms limit edits (Discord: no edits of a message older than an hour, error 30046), so a
// card past its port's edit window gets a new reply in the thread instead, at a slower pace.
import type { Metrics } from '../metrics.ts';
import type { Job } from './model.ts';
import { jobWords } from './words.ts';

export const PROGRESS_QUEUE = 'progress';
/** No more than one refresh per card per minute (Discord's and Slack's edit rate limits). */
export const PROGRESS_REFRESH_MS = 60_000;
/** A final card state whose edit failed is retried in this queue (owed-card.ts), first after CARD_RETRY_MS. */
export const CARD_QUEUE = 'card';
export const CARD_RETRY_MS = 15_000;
/** Past the card's edit window each refresh is a new message: keep them rare. */
export const REPLY_REFRESH_MS = 30 * 60_000;

/** 40 s, 4 min, 1 h 5 min: unit symbols every shipped language reads. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
}

/** The card's progress line for a running job, in its channel's language. */
export function progressLine(job: Job, now: number, estimateMs: number | undefined): string {
  const t = jobWords(job.locale);
  const elapsed = t.t('job.elapsed', { elapsed: formatDuration(now - job.createdAt) });
  if (estimateMs === undefined) return t.t('job.no_estimate', { elapsed, kind: job.kind });
  const usual = `~${formatDuration(estimateMs)}`;
  if (now - job.createdAt > 2 * estimateMs) {
    const ids = job.projectIds.filter((p): p is string => Boolean(p));
    const check = ids.length > 0 ? ids.map((p) => `\`/project ${p}\``).join(', ') : '`/project`';
    return t.t('job.overdue', { elapsed, usual, check });
  }
  return t.t('job.usually', { elapsed, usual });
}

/** Jobs remembered as counted; past this many the oldest are forgotten (a job is counted again at worst). */
const OVERDUE_REMEMBERED = 10_000;

/**
 * Counts each running job once when its card first shows it past twice its usual time
 * (reelbot_jobs_overdue_total), so an alert can say that jobs are stuck without anyone reading cards.
 * Counted by the process that refreshed the card; a job whose refresh moves to another replica may be
 * counted once more there.
 */
export function createOverdueCount(metrics: Metrics) {
  const counted = new Set<string>();
  return {
    saw(job: Job, now: number, estimateMs: number | undefined) {
      if (estimateMs === undefined || now - job.createdAt <= 2 * estimateMs || counted.has(job.id)) return;
      counted.add(job.id);
      if (counted.size > OVERDUE_REMEMBERED) counted.delete(counted.values().next().value ?? '');
      metrics.inc('reelbot_jobs_overdue_total', { kind: job.kind });
    },
  };
}
