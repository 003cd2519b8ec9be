// The composition root: the whole bot from its configuration, in four stages, each in src/start/: open the
// infrastructure, build the core on it, attach the adapters, serve. main.ts calls it with the configuration
// it read; tests and benchmarks call it the same way, handing in infrastructure and tuning of their own.
// Each stage pushes a closer for what it opens onto one stack, so stop() (or a failed or aborted start)
// closes everything built so far, last opened first.
import type { Config } from './config.ts';
import type { SettingsRepo } from './core/channels/settings-repo.ts';
import type { JobService } from './core/jobs/service.ts';
import type { MediaClient } from './core/media/client.ts';
import type { Metrics } from './core/metrics.ts';
import type { ConnectionHealth } from './core/platform/chat-adapter.ts';
import type { Store } from './core/ports.ts';
import type { PublishKit } from './core/publish/kit.ts';
import type { Scheduler } from './core/scheduler.ts';
import { createClosers } from './runtime/closers.ts';
import { attachAdapters } from './start/adapters.ts';
import { buildCore } from './start/core.ts';
import { openInfrastructure } from './start/infrastructure.ts';
import type { BotOptions } from './start/options.ts';
import { serve } from './start/serve.ts';
import type { WebAnswer } from './web/edge.ts';

export { embeddedScheduler, SANDBOX_KEY } from './start/infrastructure.ts';
export type { BotOptions, InfraOptions, Tuning } from './start/options.ts';

/** What a caller uses of a running bot from outside: its addresses, its end, and stop. */
export interface RunningBot {
  /** The HTTP listener's port (webhooks, /healthz, /metrics, Slack and Discord HTTP routes); 0 with `listen: false`. */
  port: number;
  /** The port of /metrics' own listener when METRICS_PORT is set. */
  metricsPort?: number;
  /** The URL the media API is told to send webhooks to. */
  webhookBase(): string;
  /** Settles with an exit code when an adapter's session ends (the console); servers never finish. */
  finished?: Promise<number>;
  /** Answers a request as the web edge would (webhooks, /healthz, /metrics, pages), in this process, without a socket. */
  request(method: string, path: string, body?: string | Buffer, headers?: Record<string, string>): Promise<WebAnswer>;
  /**
   * Stops within the shutdown bound, last opened first: the adapters' acknowledged work and queued posts,
   * then the scheduler, the listener, the media client and the store. Resolves false when something was cut short.
   */
  stop(): Promise<boolean>;
  /** The test seam (BotInsides): production never reads it (test/layers.test.ts). */
  inside: BotInsides;
}

/**
 * The one test seam: handles on what the bot built, for tests and benchmarks that seed or inspect what no user or
 * operator reaches from outside (a job's record, a sealed key, a request moved on by hand, a scheduler task planted
 * where a crash would leave it, a platform connection that goes down). main.ts and the rest of src/ never use it; a
 * test that can observe the same through the chat it handed in, HTTP (/healthz, /metrics) or the sandbox does that.
 */
export interface BotInsides {
  jobs: JobService;
  /** Durable delayed work: job polls, progress, scheduled posts. */
  scheduler: Scheduler;
  /** Publish requests, approval policy and social accounts. */
  publish: PublishKit;
  store: Store;
  settings: SettingsRepo;
  media: MediaClient;
  /** What the harness's dispatch counts commands into, as an adapter's does; tests read counters from /metrics. */
  metrics: Metrics;
  /** A connection /healthz reports (and answers 503 while it is down). */
  watchConnection(name: string, health: () => ConnectionHealth): void;
}

/** Builds the bot the configuration describes, binds its listener once it is built, and starts its adapters. */
export async function startBot(config: Config, options: BotOptions): Promise<RunningBot> {
  const { signal } = options;
  const closers = createClosers({ logger: options.logger });
  const stage = <T>(work: () => Promise<T>) => {
    signal?.throwIfAborted();
    return untilAborted(work(), signal);
  };
  try {
    const infra = await stage(() => openInfrastructure(config, options, closers));
    const core = await stage(() => buildCore(config, options, infra));
    const attached = await stage(() => attachAdapters(config, options, infra, core, closers));
    const serving = await stage(() => serve(config, options, infra, core, attached, closers));
    const { adapters, connections } = attached;
    const finishing = adapters.flatMap((a) => (a.finished ? [a.finished] : []));
    return {
      ...serving,
      webhookBase: core.webhookBase,
      ...(finishing.length > 0 ? { finished: Promise.race(finishing) } : {}),
      request: (method, path, body, headers) => infra.web.request(method, path, body, headers),
      stop: () => closers.closeAll(),
      inside: {
        jobs: core.jobs,
        scheduler: infra.scheduler,
        publish: core.publish,
        store: infra.store,
        settings: core.settings,
        media: infra.media,
        metrics: infra.metrics,
        watchConnection: (name, h) => connections.set(name, h),
      },
    };
  } catch (err) {
    // A stage still running after an abort closes what it opens as it opens it (closers.ts).
    await closers.closeAll();
    throw err;
  }
}

/** Settles as `work` does, or rejects with the signal's reason once it is aborted. */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
