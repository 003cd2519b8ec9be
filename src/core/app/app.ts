// The app: every feature mounted on the core's services, and what the composition root needs from them —
// the Bot the adapters call, the queues to register before the scheduler starts, the recovery to run, and the
// routes and health parts the web edge serves (collected from the features' slots; the app names none of them).
import type { ChannelsDeps } from '../channels/deps.ts';
import { channels } from '../channels/feature.ts';
import type {
  CoreServices,
  Feature,
  MountContext,
  MountedFeature,
  MountedSetupPart,
} from '../commands/define-feature.ts';
import { createCatalogue } from '../i18n/catalogue.ts';
import type { JobsDeps } from '../jobs/deps.ts';
import { jobs } from '../jobs/feature.ts';
import type { HealthPart } from '../platform/health-part.ts';
import type { Bot } from '../platform/interaction.ts';
import type { Route } from '../platform/route.ts';
import type { WorkspaceEnd } from '../platform/workspace-end.ts';
import type { PublishDeps } from '../publish/deps.ts';
import { publish } from '../publish/feature.ts';
import type { TaskHandler } from '../scheduler.ts';
import { createBot } from './bot.ts';
import { COMMANDS, LOOKUP_HELP, MESSAGES } from './commands.ts';
import { FEATURES } from './features.ts';
import { createHelpFeature } from './help-command.ts';
import { createWorkspaceEnd } from './workspace-end.ts';

export type AppServices = CoreServices;

export interface App {
  bot: Bot;
  /** Every feature's scheduler queues with their handlers: register them all before the scheduler starts. */
  queues: ReadonlyMap<string, TaskHandler>;
  /** Every feature's routes (its pages and endpoints), for the web edge; the app names none of them. */
  routes: readonly Route[];
  /** Every feature's part of /healthz, in feature order. */
  health: readonly (() => Promise<HealthPart>)[];
  /** Each feature's recovery at start (after the scheduler started), in feature order. */
  recover(): Promise<void>;
  /** A workspace removed the bot: what every feature stops at once, and forgets after the grace period. */
  workspaceEnd: WorkspaceEnd;
  /** The features' services the composition root hands on (tests reach the core through them). */
  jobs: JobsDeps;
  publish: PublishDeps;
  channels: ChannelsDeps;
}

export function createApp(services: AppServices): App {
  const mounted = new Map<Feature, MountedFeature>();
  const mounting = new Set<Feature>();
  const mountCtx: MountContext = {
    use<D>(feature: Feature<D>): D {
      return mount(feature).deps as D;
    },
    setupParts: (): readonly MountedSetupPart[] => [...mounted.values()].flatMap((m) => m.setupParts),
  };
  function mount(feature: Feature): MountedFeature {
    const done = mounted.get(feature);
    if (done) return done;
    if (mounting.has(feature)) throw new Error(`features use each other in a loop through '${feature.name}'`);
    mounting.add(feature);
    const m = feature.mount(services, mountCtx);
    mounted.set(feature, m);
    return m;
  }
  const all = [...FEATURES, createHelpFeature(COMMANDS, LOOKUP_HELP)].map(mount);

  const queues = new Map<string, TaskHandler>();
  for (const m of all) {
    for (const [queue, handler] of Object.entries(m.queues)) {
      if (queues.has(queue)) throw new Error(`two features handle the queue '${queue}'`);
      queues.set(queue, handler);
    }
  }
  const channelDeps = mountCtx.use(channels);
  // A translation that cannot be formatted is a bug: logged once, and its reader gets the English.
  const catalogue = createCatalogue(MESSAGES, {
    onError: ({ locale, key, err }) => services.logger.error({ err, locale, key }, 'a message could not be formatted'),
  });
  const bot = createBot({ features: all, keys: channelDeps.keys, logger: services.logger, catalogue });
  const jobsDeps = mountCtx.use(jobs);
  return {
    bot,
    queues,
    routes: all.flatMap((m) => m.routes),
    health: all.flatMap((m) => (m.health ? [m.health] : [])),
    async recover() {
      for (const m of all) await m.recover?.();
    },
    workspaceEnd: createWorkspaceEnd(all, services.logger),
    jobs: jobsDeps,
    publish: mountCtx.use(publish),
    channels: channelDeps,
  };
}
