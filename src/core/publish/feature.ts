// The publishing feature: /publish, its approvals and schedule, its part of /setup and of Home, and the
// queues that keep held posts, expiries, reminders and the watches of posts being published across a restart.
import { channels } from '../channels/feature.ts';
import { defineFeature } from '../commands/define-feature.ts';
import { jobs } from '../jobs/feature.ts';
import { approvalsCommand, approveFromListAction } from './approvals-command.ts';
import type { PublishDeps } from './deps.ts';
import { publishingHome } from './home.ts';
import { createPublishKit } from './kit.ts';
import { PUBLISH_METRICS } from './metrics.ts';
import { PUBLISH_FORMS, publishCardAction, publishCommand, publishResultAction } from './publish-commands.ts';
import { REMIND_QUEUE } from './reminders.ts';
import { EXPIRY_QUEUE, PUBLISH_QUEUE, STALE_QUEUE } from './request-lifecycle.ts';
import { scheduledCommand } from './scheduled.ts';
import { publishingSetupPart } from './setup-socials.ts';
import { publishWorkspaceEnd } from './workspace-end.ts';

export const publish = defineFeature<PublishDeps>({
  name: 'publish',
  commands: [publishCommand, scheduledCommand, approvalsCommand],
  actions: [publishResultAction, publishCardAction, approveFromListAction],
  forms: PUBLISH_FORMS,
  setupParts: [publishingSetupPart],
  home: [publishingHome],
  metrics: PUBLISH_METRICS,
  workspace: publishWorkspaceEnd,
  mount(services, ctx) {
    const { keys } = ctx.use(channels);
    const { staleMs, storedBoundMs } = services.options.publish;
    const kit = createPublishKit({ ...services, keys, staleMs, storedBoundMs });
    return { ...services, publish: kit, jobs: ctx.use(jobs).jobs };
  },
  queues: ({ publish: kit }) => ({
    [PUBLISH_QUEUE]: (task) => kit.service.onDue(task),
    [EXPIRY_QUEUE]: (task) => kit.service.onExpiry(task),
    [REMIND_QUEUE]: (task) => kit.service.onRemind(task),
    [STALE_QUEUE]: (task) => kit.service.onStale(task),
  }),
  // A process that died mid-call left its requests in `publishing`: their outcome is unknown.
  recover: async (deps) => {
    await deps.publish.service.recover(deps.options.publish.staleMs).catch((err: unknown) => {
      deps.logger.warn({ err }, 'could not look for interrupted publish requests');
    });
  },
});
