// The publishing feature: /publish, its approvals and schedule, its part of /setup and of Home, and the
// queues that keep held posts, expiries, reminders, outside reviewers' change requests waiting to be said and
// the watches of posts being published across a restart.
import { channels } from '../channels/feature.ts';
import { defineFeature } from '../commands/define-feature.ts';
import { jobs } from '../jobs/feature.ts';
import { publishingSetupPart } from './accounts/setup-socials.ts';
import { approvalsCommand, approveFromListAction } from './approvals/approvals-command.ts';
import { publishingHome } from './approvals/home.ts';
import type { PublishDeps } from './deps.ts';
import { createPublishKit } from './kit.ts';
import { PUBLISH_MESSAGES } from './messages-bundle.ts';
import { PUBLISH_METRICS } from './metrics.ts';
import { EXPIRY_QUEUE, PUBLISH_QUEUE } from './requests/advance.ts';
import { STALE_QUEUE } from './requests/outcome-watch.ts';
import { PUBLISH_FORMS, publishCardAction, publishCommand, publishResultAction } from './requests/publish-commands.ts';
import { REMIND_QUEUE } from './requests/reminders.ts';
import { scheduledCommand } from './requests/scheduled.ts';
import { VERSION_FORMS, versionMenuAction } from './requests/version-commands.ts';
import { VERSION_CONTINUATION } from './requests/versions.ts';
import { formSecret } from './review/links.ts';
import { CHANGES_QUEUE } from './review/outside-review.ts';
import { createReviewRoutes } from './review/route.ts';
import { publishWorkspaceEnd } from './workspace-end.ts';

export const publish = defineFeature<PublishDeps>({
  name: 'publish',
  // Its own messages, its rooms' and its review page's (messages-bundle.ts); the review routes read the page's too.
  messages: PUBLISH_MESSAGES,
  commands: [publishCommand, scheduledCommand, approvalsCommand],
  actions: [publishResultAction, publishCardAction, approveFromListAction, versionMenuAction],
  forms: [...PUBLISH_FORMS, ...VERSION_FORMS],
  setupParts: [publishingSetupPart],
  home: [publishingHome],
  metrics: PUBLISH_METRICS,
  workspace: publishWorkspaceEnd,
  mount(services, ctx) {
    const { keys, settings } = ctx.use(channels);
    const { staleMs, storedBoundMs } = services.options.publish;
    const jobService = ctx.use(jobs).jobs;
    const kit = createPublishKit({ ...services, keys, staleMs, storedBoundMs, jobs: jobService });
    // A version's job tells its request when it ends (the jobs feature knows nothing of publishing).
    jobService.whenEnded(VERSION_CONTINUATION, (ended) => kit.service.versions.onJobEnded(ended));
    return { ...services, publish: kit, jobs: jobService, settings };
  },
  queues: ({ publish: kit }) => ({
    [PUBLISH_QUEUE]: (task) => kit.service.onDue(task),
    [EXPIRY_QUEUE]: (task) => kit.service.onExpiry(task),
    [REMIND_QUEUE]: (task) => kit.service.onRemind(task),
    [STALE_QUEUE]: (task) => kit.service.onStale(task),
    [CHANGES_QUEUE]: (task) => kit.service.onChangesDue(task),
  }),
  // The outside reviewers' page and its decision form.
  routes: (deps) =>
    createReviewRoutes({
      outside: deps.publish.service.outside,
      secret: formSecret(deps.encryptionKey),
      logger: deps.logger,
      ...(deps.options.publish.reviewRate ? { rate: deps.options.publish.reviewRate } : {}),
    }),
  // A process that died mid-call left its requests in `publishing`: their outcome is unknown.
  recover: async (deps) => {
    await deps.publish.service.recover(deps.options.publish.staleMs).catch((err: unknown) => {
      deps.logger.warn({ err }, 'could not look for interrupted publish requests');
    });
  },
});
