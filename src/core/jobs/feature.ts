// The jobs feature: the commands that make something, their buttons, and the queues that bring each
// result to its thread (polls, progress, owed cards, resumed submissions).
import { channelLocaleOf } from '../channels/channel-locale.ts';
import { channels } from '../channels/feature.ts';
import { defineFeature } from '../commands/define-feature.ts';
import { workspaceOf } from '../platform/origin.ts';
import type { TaskOutcome } from '../scheduler.ts';
import { voices } from '../voices/feature.ts';
import { ENDED_QUEUE } from './continuations.ts';
import type { JobsDeps } from './deps.ts';
import { FOLLOW_UP_ACTIONS } from './follow-up-commands.ts';
import { runningJobsHome } from './home.ts';
import { jobs as jobsCommand, project } from './info-commands.ts';
import { JOBS_MESSAGES } from './messages-bundle.ts';
import { JOBS_METRICS } from './metrics.ts';
import type { Job } from './model.ts';
import { CARD_QUEUE } from './owed-card.ts';
import { createPoller, POLL_QUEUE } from './poller.ts';
import { PROGRESS_QUEUE } from './progress.ts';
import { SUBMIT_QUEUE } from './resume.ts';
import { retryAction } from './retry-command.ts';
import { createJobService } from './service.ts';
import { tts, ttv } from './speech-commands.ts';
import { broll, clip, subtitles } from './video-commands.ts';
import { createWebhookRoute } from './webhook.ts';
import { jobsWorkspaceEnd } from './workspace-end.ts';

/**
 * How long a command's check task may wait to be kept where a failover cannot lose it: the command is refused
 * ("storage is unavailable") rather than left waiting, while no replica can confirm writes (issue 43: 16-20 s).
 */
const COMMAND_KEPT_WITHIN_MS = 2_500;

/** A task that runs again at the time its step says, or ends. */
const again = (next: number | undefined): TaskOutcome => (next === undefined ? undefined : { again: next });

export const jobs = defineFeature<JobsDeps>({
  name: 'jobs',
  messages: JOBS_MESSAGES,
  commands: [clip, ttv, subtitles, broll, tts, project, jobsCommand],
  actions: [retryAction, ...FOLLOW_UP_ACTIONS],
  home: [runningJobsHome],
  metrics: JOBS_METRICS,
  workspace: jobsWorkspaceEnd,
  mount(services, ctx) {
    const { settings, keys } = ctx.use(channels);
    const { scheduler } = services;
    const { timings, catchUpOnStart } = services.options.jobs;
    const service = createJobService({
      ...services,
      keys,
      timings,
      schedulePoll: (jobId, dueAt) => scheduler.schedule(POLL_QUEUE, jobId, dueAt, {}),
      scheduleProgress: (jobId, dueAt) => scheduler.schedule(PROGRESS_QUEUE, jobId, dueAt, {}),
      // A command's first write: the person hears within 5 s, also while no replica can keep it.
      scheduleCheck: (jobId, dueAt) =>
        scheduler.schedule(SUBMIT_QUEUE, jobId, dueAt, {}, { keptWithinMs: COMMAND_KEPT_WITHIN_MS }),
      scheduleCard: (jobId, dueAt) => scheduler.schedule(CARD_QUEUE, jobId, dueAt, {}),
      scheduleEnded: (jobId, dueAt) => scheduler.schedule(ENDED_QUEUE, jobId, dueAt, {}),
      channelLocale: async (channelKey, origin) => channelLocaleOf(await settings.get(channelKey), origin),
    });
    const { readsLeft } = services;
    const poller = createPoller({
      ...services,
      jobs: service,
      timings,
      catchUpOnStart,
      // Reads of results may spend the part of each key's budget that new commands cannot (rate-limiter.ts),
      // and of a shared key, the part of the job's own workspace's share.
      ...(readsLeft
        ? {
            // The channel's key now: a key removed with /setup stops the polls (poll.ts says so in the thread).
            hasBudget: async (job: Job) => {
              const { key } = await keys.resolve(job.channelKey);
              return (await readsLeft({ apiKey: key, workspace: workspaceOf(job.origin) })) > 0;
            },
          }
        : {}),
    });
    return { ...services, jobs: service, poller, voices: ctx.use(voices).voices, settings, keys };
  },
  queues: (deps) => ({
    [POLL_QUEUE]: (task) => deps.poller.pollJob(task.id),
    // One task per running job, moved on after each refresh, dropped once the job ends.
    [PROGRESS_QUEUE]: async (task) => again(await deps.jobs.refreshProgress(task.id)),
    // A final card state whose edit failed, tried again until the card shows it.
    [CARD_QUEUE]: async (task) => again(await deps.jobs.showOwedCard(task.id)),
    // One check per new job, done once it left "submitting": resumes a job whose submitting process stopped.
    [SUBMIT_QUEUE]: async (task) => again(await deps.jobs.resumeSubmitting(task.id)),
    // An ended job whose starter asked to be told (a continuation it registered): told once.
    [ENDED_QUEUE]: async (task) => again(await deps.jobs.tellEnded(task.id)),
  }),
  // The media API's deliveries: each tells when to read a project back.
  routes: (deps) => [createWebhookRoute(deps)],
  // Webhooks sent while no process was up are lost: every pending job is polled once at start.
  recover: (deps) => deps.poller.start(),
});
