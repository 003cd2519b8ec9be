// The jobs' section of the person's own page (Slack's app Home): their running jobs, each with a link to its card.
import type { HomePart } from '../commands/define-feature.ts';
import { link, type OutMessage, truncate } from '../platform/message.ts';
import type { ThreadRef } from '../platform/origin.ts';
import type { Origin } from '../ports.ts';
import type { JobsDeps } from './deps.ts';
import { ago } from './info-commands.ts';
import { kindLabel } from './render.ts';
import { jobWords } from './words.ts';

const MAX_LINES = 15;

async function renderRunning(deps: JobsDeps, origin: Origin): Promise<OutMessage> {
  // The person's own page: in their language, as the platform tells it with their visit.
  const t = jobWords(origin.locale);
  const now = deps.clock.now();
  /** A link is a convenience: when the platform cannot give one, the row goes without. */
  const cardLink = async (thread: ThreadRef) => {
    try {
      return await deps.chat(thread.platform)?.cardLink?.(thread);
    } catch (err) {
      deps.logger.warn({ err }, 'could not make a link to a card');
      return undefined;
    }
  };
  const jobs: string[] = [];
  for await (const job of deps.jobs.running(
    (j) =>
      j.origin.userId === origin.userId &&
      j.origin.platform === origin.platform &&
      j.origin.workspaceId === origin.workspaceId,
  )) {
    const url = job.thread && (await cardLink(job.thread));
    const line = t.t('jobs.home_line', {
      kind: kindLabel(job.kind, t),
      id: job.id,
      summary: truncate(job.summary, 120),
      ago: ago(now - job.createdAt, t),
    });
    jobs.push(url ? `${line} · ${link(t.t('jobs.home_card'), url)}` : line);
  }
  return {
    text: '',
    cards: [
      {
        title: t.t('jobs.home_title', { count: String(jobs.length) }),
        body: jobs.length ? jobs.slice(0, MAX_LINES).join('\n') : t.t('jobs.home_none'),
        tone: 'info',
      },
    ],
  };
}

/** After what waits for the person: what they started. */
export const runningJobsHome: HomePart<JobsDeps> = { order: 20, render: renderRunning };
