// What a caller hands startBot besides the configuration. Production passes a logger and a signal; tests
// and benchmarks hand in infrastructure of their own (a clock, a store, a faster scheduler, the sandbox's
// speed) and tuning, which change what is built but never whether a production path runs.
import type { ConsoleRunOptions } from '../console/run.ts';
import type { FeatureOptions } from '../core/commands/define-feature.ts';
import type { JobTimings } from '../core/jobs/service.ts';
import type { MediaClientOptions } from '../core/media/client.ts';
import type { HttpTransport } from '../core/media/http-transport.ts';
import type { Bot } from '../core/platform/interaction.ts';
import type { ChatPort, Clock, Logger, Store } from '../core/ports.ts';
import type { Scheduler } from '../core/scheduler.ts';
import type { StoreOptions } from '../infra/store/open-store.ts';
import type { Sandbox, SandboxOptions } from '../sandbox/server.ts';
import type { PaceOptions } from '../slack/pace.ts';

/** Builds the scheduler on the store the bot opened. */
export type SchedulerFactory = (on: { store: Store; clock: Clock; logger: Logger }) => Scheduler | Promise<Scheduler>;

export interface InfraOptions {
  clock?: Clock;
  /**
   * Instead of STORE_URL: where to open one (memory, a temp SQLite file, a Redis prefix), or a ready store,
   * which the bot uses as one process's own and leaves open for its owner to close.
   */
  store?: Store | StoreOptions;
  /** Instead of the one the store implies (BullMQ on Redis, the embedded scheduler otherwise). */
  scheduler?: SchedulerFactory;
  /**
   * The simulator's speed and limits, when MEDIA_API_URL=sandbox; or a ready one, which its owner runs and
   * closes (a test's, served in process through mediaTransport).
   */
  sandbox?: Partial<SandboxOptions> | Sandbox;
  /** How the media client reaches the API (a test counting calls); otherwise undici to its URL. */
  mediaTransport?: HttpTransport;
  /** false: no port is opened; RunningBot.request() answers in this process. */
  listen?: false;
}

export interface Tuning {
  timings?: Partial<JobTimings>;
  /** Slack's per-channel pacing (a suite that is not about pacing lifts it). */
  slackPace?: PaceOptions;
  /** Slack's rate window, 60 s (a suite that compresses time, with its double, shortens it). */
  slackRateWindowMs?: number;
  /** The media client's waits and retries (a suite about timeouts or 429s shortens them). */
  media?: Partial<Pick<MediaClientOptions, 'sleep' | 'maxPostAttempts' | 'headersTimeoutMs' | 'bodyTimeoutMs'>>;
  /**
   * How long a publish's outcome is written again while the store is away (a suite about longer outages shortens it),
   * and review page requests per client address (a suite about the limit lowers it).
   */
  publish?: Pick<FeatureOptions['publish'], 'storedBoundMs' | 'reviewRate'>;
}

export interface BotOptions {
  /** Where the bot's lines go (main.ts makes it from the configuration). */
  logger: Logger;
  /**
   * Aborted when the process is told to stop while it starts (a platform slow to answer): startBot then
   * closes what it built, within the shutdown bound, and rejects with the signal's reason.
   */
  signal?: AbortSignal;
  infra?: InfraOptions;
  tuning?: Tuning;
  /**
   * A chat of the caller's own, given the bot (a test's recording chat, a console it types into). With
   * neither Discord nor Slack configured it takes the terminal console's place.
   */
  chat?: (bot: Bot) => ChatPort;
  /** The terminal console's streams and wait (default stdin, stdout and 5 min). */
  console?: Partial<Pick<ConsoleRunOptions, 'input' | 'output' | 'waitMs'>>;
}
