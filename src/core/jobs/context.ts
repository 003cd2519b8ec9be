// What the parts of the job service share: their dependencies, the repository (read) and lifecycle
// (the one writer), posting and card updates, and the API key a job reads its results with.

import type { KeyResolver } from '../channels/key-resolver.ts';
import { WorkspaceGoneError } from '../errors.ts';
import type { Once } from '../guarantees/once.ts';
import type { Outbox } from '../guarantees/outbox.ts';
import { stored } from '../guarantees/stored.ts';
import type { Metrics } from '../metrics.ts';
import { MAX_CARD_REDRAWS } from '../platform/last-edit.ts';
import type { OutMessage } from '../platform/message.ts';
import type { ChatPort, Clock, Logger, MediaApi, Origin, Platform, SecretBox, Store } from '../ports.ts';
import { createEstimator, type Estimator } from './estimate.ts';
import { CARD_PHASE, createLifecycle, type Lifecycle } from './lifecycle.ts';
import { isFinal, type Job } from './model.ts';
import { CARD_RETRY_MS, createOverdueCount, progressLine } from './progress.ts';
import { type CardPhase, renderJobCard } from './render.ts';
import { createJobsRepo, type JobsRepo } from './repo.ts';

/**
 * Another holder had the part (settling or posting it) or its post failed: look again this soon rather
 * than after the backoff, so a claim left by a killed process (10-15 s) delays the result by seconds.
 */
export const BUSY_RETRY_MS = 5_000;

export interface JobTimings {
  /** Delay before the first poll of a new project. */
  firstPollMs: number;
  /** Longest gap between polls. */
  maxPollMs: number;
  /** Stop waiting after this long. */
  horizonMs: number;
  /** Pace of a running job's card refresh (default once a minute, the platforms' edit pace). */
  progressMs?: number;
  /** First retry of a final card state whose edit failed (default CARD_RETRY_MS, 15 s). */
  cardRetryMs?: number;
  /** Delay of a new job's check for a stopped submission (default 12 s, past the submit claim's 10 s). */
  submitCheckMs?: number;
  /** How long a write after a step that cannot be undone is tried again while the store is unavailable (default 30 s). */
  storedBoundMs?: number;
}

export interface JobServiceDeps {
  store: Store;
  media: MediaApi;
  keys: KeyResolver;
  /** Where results are posted with the bot's own credentials, by platform. */
  chat: (platform: Platform) => ChatPort | undefined;
  logger: Logger;
  clock: Clock;
  metrics: Metrics;
  /** The bot's one only-once module: submit, delivery and read-back claims of every job. */
  once: Once;
  /** Posts results, failures and progress notes in a job's thread once. */
  outbox: Outbox;
  /** Base URL the media API reaches our webhook listener at (known once the listener is up). */
  webhookBase: () => string;
  timings: JobTimings;
  /** (Re)schedules the job's poll task in the scheduler; absent, nothing polls (tests that drive polls by hand). */
  schedulePoll?: (jobId: string, dueAt: number) => Promise<void>;
  /** Schedules the check that resumes the job if the process submitting it stops (resume.ts). */
  scheduleCheck?: (jobId: string, dueAt: number) => Promise<void>;
  /** Schedules the retry of a final card state whose edit failed (owed-card.ts); absent, nothing retries it. */
  scheduleCard?: (jobId: string, dueAt: number) => Promise<void>;
  /**
   * Schedules the telling of a job's continuation that it ended (continuations.ts, queue `job-ended`, task id =
   * job id); absent, no continuation is told.
   */
  scheduleEnded?: (jobId: string, dueAt: number) => Promise<void>;
  /** (Re)schedules the job's progress refresh; absent, cards show progress only when they change state. */
  scheduleProgress?: (jobId: string, dueAt: number) => Promise<void>;
  /** Seals the key a job was created with, kept with the job until it ends; without it the channel's key is used. */
  box?: SecretBox;
  /**
   * The language the channel's public messages are written in (`/setup locale=`, else the platform's), read when a
   * job starts and kept with it; absent, its messages are English.
   */
  channelLocale?: (channelKey: string, origin: Origin) => Promise<string | undefined>;
}

export interface JobsContext {
  deps: JobServiceDeps;
  repo: JobsRepo;
  life: Lifecycle;
  post(job: Job, message: OutMessage, idempotencyKey: string): Promise<void>;
  /**
   * Makes the card show the job's state (and progress while it runs), then notes that it does; false when
   * the edit failed. A final state is then owed: its retry is scheduled (owed-card.ts).
   */
  showCard(job: Job): Promise<boolean>;
  /** The same edit, without scheduling a retry (the retry task's own try). */
  tryShowCard(job: Job): Promise<boolean>;
  /** How long jobs like this one usually take here. */
  estimator: Estimator;
  /** The progress line of a running job, now. */
  progress(job: Job): Promise<string>;
  /**
   * Whether job `jobId` is still where a card edit showing `phase` shows it: asked by the platform right before
   * a change or a refresh is sent (`ChatPort.updateCard`'s `stillDue`).
   */
  stillShows(jobId: string, phase: CardPhase): () => Promise<boolean>;
  /** The key that created the job (while it runs), else the channel's key now. */
  keyFor(job: Job): Promise<string>;
  /**
   * An ended job with a continuation not yet told: its telling is scheduled (a durable task, moved, never added
   * twice). Called before the job stops being watched, so a process that dies in between is repaired into it.
   */
  ended(job: Job): Promise<void>;
  seal(jobId: string, key: string): string | undefined;
  /**
   * A store write after a step that cannot be undone (the card is out, the project exists): tried again
   * while the store is unavailable, within `timings.storedBoundMs` (guarantees/stored.ts).
   */
  keep<T>(what: string, write: () => Promise<T>): Promise<T>;
}

const aad = (jobId: string) => `job:${jobId}`;

/** What a card shows once its job ended. */
const FINAL_PHASES: ReadonlySet<string> = new Set(
  (Object.keys(CARD_PHASE) as Array<keyof typeof CARD_PHASE>).filter(isFinal).map((state) => CARD_PHASE[state]),
);

export function createJobsContext(deps: JobServiceDeps): JobsContext {
  const repo = createJobsRepo(deps.store, deps.logger);
  const life = createLifecycle(repo, deps.logger, () => deps.clock.now());
  const { logger } = deps;
  const estimator = createEstimator(deps.store);
  const overdue = createOverdueCount(deps.metrics);
  const progress = async (job: Job) => {
    const now = deps.clock.now();
    const estimateMs = await estimator.estimate(job);
    overdue.saw(job, now, estimateMs);
    return progressLine(job, now, estimateMs);
  };
  /**
   * After an edit showing `phase` landed: notes it, then reads the job back and draws it again if it moved
   * on meanwhile, since an edit computed from an earlier state (another replica's, or one read before a
   * failover) that lands after a newer one would otherwise be the card's last word.
   */
  async function landed(jobId: string, phase: CardPhase, redraws: number): Promise<boolean> {
    await life.cardShown(jobId, phase);
    const now = await repo.get(jobId);
    if (!now || CARD_PHASE[now.state] === phase) return true;
    if (redraws >= MAX_CARD_REDRAWS) {
      logger.warn(
        { jobId, phase, state: now.state },
        'the job card kept falling behind its job; left to its next change',
      );
      return false;
    }
    return draw(now, redraws + 1);
  }
  const keepLooking = (look: () => Promise<boolean>) =>
    stored(look, {
      logger,
      what: 'look at the job after its card was edited',
      ...(deps.timings.storedBoundMs !== undefined ? { boundMs: deps.timings.storedBoundMs } : {}),
    });
  const stillShows = (jobId: string, phase: CardPhase) => async () => {
    const current = await repo.get(jobId);
    return !current || CARD_PHASE[current.state] === phase;
  };
  async function draw(job: Job, redraws: number): Promise<boolean> {
    const port = deps.chat(job.origin.platform);
    if (!port || !job.thread) return true;
    const phase = CARD_PHASE[job.state];
    const line = job.state === 'running' ? await progress(job) : undefined;
    // A final state is owed like a result; "now working" may give way to the final state when the budget is short,
    // and is not sent at all if, by its turn, the job moved on (another replica may have shown its end already).
    // An edit taking back an end the card showed (Failed, for a project whose creation answer never came, then
    // adopted from its webhook) is owed too: the platform's adapter sends no change after a card's final state.
    const owed = isFinal(job.state) || (job.cardShows !== undefined && FINAL_PHASES.has(job.cardShows));
    const card = renderJobCard(job, phase, line);
    const edit = owed
      ? port.updateCard(job.thread, card, 'final')
      : port.updateCard(job.thread, card, 'change', stillShows(job.id, phase));
    if (owed) return (await edit) && landed(job.id, phase, redraws);
    // A change waits for the platform's budget (Slack's Tier 3) and may be merged with a newer edit or skipped:
    // the work that asked for it (the next commands' cards, in a burst) does not wait with it.
    // The look after it is tried again while the store is away (a failover): given up, an edit drawn before the
    // job ended that landed after its final one would stay the card's last word ("Working on it" over "Done").
    void edit
      .then((shown) => shown && keepLooking(() => landed(job.id, phase, redraws)))
      .catch((err: unknown) => {
        if (!(err instanceof WorkspaceGoneError)) logger.warn({ err, jobId: job.id }, 'could not update the job card');
      });
    return true;
  }
  async function tryShowCard(job: Job): Promise<boolean> {
    try {
      return await draw(job, 0);
    } catch (err) {
      // The workspace removed the bot: no edit will ever land, and none is owed (the job is being stopped).
      if (err instanceof WorkspaceGoneError) return true;
      // A card that cannot be edited now must not stop results from being posted.
      logger.warn({ err, jobId: job.id }, 'could not update the job card');
      return false;
    }
  }
  return {
    deps,
    repo,
    life,
    estimator,
    progress,
    stillShows,
    async post(job, message, idempotencyKey) {
      const port = deps.chat(job.origin.platform);
      if (!port || !job.thread) throw new Error(`no way to post to ${job.origin.platform} for job ${job.id}`);
      await deps.outbox.post(port, job.thread, message, idempotencyKey);
    },
    tryShowCard,
    async showCard(job) {
      if (await tryShowCard(job)) return true;
      if (isFinal(job.state)) {
        await deps
          .scheduleCard?.(job.id, deps.clock.now() + (deps.timings.cardRetryMs ?? CARD_RETRY_MS))
          .catch((err: unknown) =>
            logger.error({ err, jobId: job.id }, 'could not schedule the retry of the job card'),
          );
      }
      return false;
    },
    async keyFor(job) {
      if (job.sealedKey && deps.box) {
        try {
          return deps.box.open(job.sealedKey, aad(job.id));
        } catch (err) {
          // The encryption key changed and the old one is gone: the channel's key is the best left.
          logger.warn({ err, jobId: job.id }, 'cannot open the key the job was created with; using the channel key');
        }
      }
      return (await deps.keys.resolve(job.channelKey)).key;
    },
    async ended(job) {
      if (!job.continuation || job.told || !isFinal(job.state)) return;
      await deps.scheduleEnded?.(job.id, deps.clock.now());
    },
    seal: (jobId, key) => deps.box?.seal(key, aad(jobId)),
    keep: (what, write) =>
      stored(write, {
        logger,
        what,
        ...(deps.timings.storedBoundMs !== undefined ? { boundMs: deps.timings.storedBoundMs } : {}),
      }),
  };
}
