// Who may read a project with /project. Project ids are guessable (a creation time and a counter), and a key
// shared between workspaces (MEDIA_API_KEY, the sandbox's) reads every project made with it, so the API's own
// scoping by key is no boundary between the workspaces that share one. The rule:
// - a project a job of this bot made is shown in its own workspace, to someone who can see the job's channel,
//   read with the job's key;
// - any other id is read with the channel's own key (`/setup key`), if it has one: the API answers only for
//   projects of that key, which whoever set it can read at the API anyway;
// - otherwise the id is unknown here, whether it is another workspace's, a hidden channel's or nobody's.
import type { KeyOrigin } from '../channels/key-resolver.ts';
import type { Translator } from '../i18n/catalogue.ts';
import type { Origin } from '../ports.ts';
import type { JobsDeps } from './deps.ts';
import type { Job } from './model.ts';

export type ProjectAccess =
  /** Made by a job the asker may see: read with the job's key, drawn as the job's kind. */
  | { kind: 'made_here'; job: Job; key: string }
  /** Not ours to show, but the channel's own key may ask the API, which answers for that key's projects only. */
  | { kind: 'own_key'; key: string }
  | { kind: 'unknown' };

export interface Asker {
  origin: Origin;
  channelKey: string;
  /** The channel's key and where it comes from (channel, team or sandbox). */
  key(): Promise<{ key: string; origin: KeyOrigin }>;
}

export async function projectAccess(deps: JobsDeps, asker: Asker, projectId: string): Promise<ProjectAccess> {
  const made = await deps.jobs.maker(projectId);
  if (made && (await maySee(deps, asker, made.job))) {
    return { kind: 'made_here', job: made.job, key: await deps.jobs.keyFor(made.job) };
  }
  const { key, origin } = await asker.key();
  return origin === 'channel' ? { kind: 'own_key', key } : { kind: 'unknown' };
}

/** The job's own workspace, and its channel or one the asker can see there (the platform says; in doubt, no). */
async function maySee(deps: JobsDeps, asker: Asker, job: Job): Promise<boolean> {
  const { origin } = asker;
  if (job.origin.platform !== origin.platform || job.origin.workspaceId !== origin.workspaceId) return false;
  if (job.channelKey === asker.channelKey) return true;
  const port = deps.chat(origin.platform);
  if (!port?.visibleTo) return false;
  try {
    const seen = await port.visibleTo(origin.workspaceId, origin.userId, [job.origin.channelId]);
    return seen.has(job.origin.channelId);
  } catch (err) {
    deps.logger.warn({ err, jobId: job.id }, 'could not tell whether the asker can see the job’s channel');
    return false;
  }
}

/** The answer for an id this channel may not read: the same for another workspace's project and for nobody's. */
export const unknownProject = (id: string, t: Translator): string => t.t('project.unknown', { id });
