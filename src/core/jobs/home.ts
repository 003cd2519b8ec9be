// The jobs' section of the person's own page (Slack's app Home): their running jobs, each with a link to its card.
import type { HomePart } from '../commands/define-feature.ts';
import { link, type OutMessage, truncate } from '../platform/message.ts';
import type { ThreadRef } from '../platform/origin.ts';
import type { Origin } from '../ports.ts';
import type { JobsDeps } from './deps.ts';
import { ago } from './info-commands.ts';
import { kindLabel } from './render.ts';

const MAX_LINES = 15;

async function renderRunning(deps: JobsDeps, origin: Origin): Promise<OutMessage> {
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
    jobs.push(
      `• ${kindLabel(job.kind)} \`${job.id}\` — ${truncate(job.summary, 120)} · started ${ago(now - job.createdAt)}${url ? ` · ${link('card', url)}` : ''}`,
    );
  }
  return {
    text: '',
    cards: [
      {
        title: `Your running jobs (${jobs.length})`,
        body: jobs.length ? jobs.slice(0, MAX_LINES).join('\n') : 'No job of yours is running.',
        tone: 'info',
      },
    ],
  };
}

/** After what waits for the person: what they started. */
export const runningJobsHome: HomePart<JobsDeps> = { order: 20, render: renderRunning };
