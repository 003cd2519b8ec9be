// The scheduler for several replicas sharing Redis, on BullMQ (the only file that imports it). One BullMQ
// queue per scheduler queue; the job id is the task id, so a second schedule() finds the job and moves it
// instead of adding another. A replica that dies mid-task loses its lock; another replica's stalled-job
// check puts the job back (after `leaseMs`). At-least-once, like the embedded scheduler.
// Following BullMQ's production guide: workers' connections retry forever (`maxRetriesPerRequest: null`),
// the connection used on the request path fails fast (`enableOfflineQueue: false`), both made from STORE_URL
// by the one connection factory (so through Sentinel too), and the prefix carries a {hash tag}
// (redis-keys.ts's bullmqPrefix) so the keys of every queue hash to one Redis Cluster slot, with the store's.
import { DelayedError, Job, Queue, Worker } from 'bullmq';
import { StoreUnavailableError } from '../../core/errors.ts';
import type { Logger } from '../../core/ports.ts';
import {
  checkTaskId,
  type ScheduleOptions,
  type Scheduler,
  type Task,
  type TaskData,
  type TaskHandler,
} from '../../core/scheduler.ts';
import {
  createQueueClient,
  followPromotions,
  queueConnectionOptions,
  redisAddress,
} from '../redis/redis-connection.ts';
import { bullmqPrefix } from '../redis/redis-keys.ts';
import { createRedisOutageLog, isConnectionError, isWriteRefusal } from '../redis/redis-outage.ts';
import { createReplicaAcks } from '../redis/redis-replica-acks.ts';
import { createReplicaCensus } from '../redis/redis-replica-census.ts';
import { defaultReplicaAcks } from '../redis/redis-url.ts';
import { createRedisWriteHealth } from '../redis/redis-write-health.ts';
import { type BullmqNotice, listenToBullmqNotices } from './bullmq-notices.ts';
import { backoffDelay } from './embedded.ts';

export interface BullmqSchedulerOptions {
  url: string;
  /** Key prefix shared by every replica of one bot; default bullmqPrefix() (redis-keys.ts). */
  prefix?: string;
  logger: Logger;
  /** Lock on a running task; a replica silent for this long is presumed dead. Default 30 s. */
  leaseMs?: number;
  concurrency?: number;
  backoff?: { baseMs: number; maxMs: number };
  /** A task that threw this many times in a row is dropped (and logged); default 25. */
  maxFailures?: number;
  /** How long stop() waits for running handlers; default 10 s. */
  drainMs?: number;
  /** How often a lasting Redis outage is summarised in the log; default 30 s. */
  outageSummaryMs?: number;
  /**
   * Replicas that must hold a scheduled task before schedule() returns, so a failover right after it cannot
   * lose it (a post's time, a job's next look); default defaultReplicaAcks (redis-url.ts): 1 behind Sentinel, else 0.
   */
  replicaAcks?: number;
  /** How long schedule() waits for a replica to hold a task before it fails as unavailable; default 30 s. */
  replicatedWithinMs?: number;
}

/** How long the request path waits for a connection to the scheduler's Redis, and for one operation on it. */
const READY_WITHIN_MS = 2_000;
const OPERATION_WITHIN_MS = 5_000;

/** How long schedule() waits for a replica to hold a task (writing it again where it may be lost). */
const REPLICATED_WITHIN_MS = 30_000;

/** Set on a running job's data by schedule(): after the run, the task goes there instead of ending. */
const MOVED_TO = '__movedTo';
/**
 * When the task is due, kept in its data: BullMQ zeroes a job's `delay` when it promotes it from the delayed
 * set (promoteDelayedJobs.lua), so `timestamp + delay` is when it was added, not when it was due (which
 * would make every scheduled task look seconds late).
 */
const DUE_AT = '__dueAt';
type Stored = TaskData & { [MOVED_TO]?: number; [DUE_AT]?: number };

export function createBullmqScheduler(options: BullmqSchedulerOptions): Scheduler & {
  stop(o?: { drainMs?: number }): Promise<void>;
} {
  const { logger } = options;
  const prefix = options.prefix ?? bullmqPrefix();
  const leaseMs = options.leaseMs ?? 30_000;
  const replicatedWithinMs = options.replicatedWithinMs ?? REPLICATED_WITHIN_MS;
  const backoff = options.backoff ?? { baseMs: 1_000, maxMs: 5 * 60_000 };
  const maxFailures = options.maxFailures ?? 25;
  const queues = new Map<string, Queue>();
  const handlers = new Map<string, TaskHandler>();
  const workers: Worker[] = [];
  const running = new Set<Promise<unknown>>();
  let stopping = false;
  // One connection for every queue's requests (adding, moving, cancelling tasks), ours, so that what it wrote
  // can be acknowledged by a replica (schedule); BullMQ uses it and leaves closing it to stop().
  const requestClient = createQueueClient(options.url, () => stopping);
  // Made with the connection, so it counts every (re)connection from the first.
  const replicas = options.replicaAcks ?? defaultReplicaAcks(options.url);
  // Behind Sentinel, a task must be on every replica that could be promoted (redis-replica-census.ts).
  const census = replicas > 0 ? createReplicaCensus(options.url) : undefined;
  // While no replica can confirm writes, a task's confirmation is refused at once instead of a WAIT per try:
  // a command's check task is told within its few seconds (ScheduleOptions.keptWithinMs).
  const writeHealth =
    replicas > 0 ? createRedisWriteHealth(options.url, { replicas, ...(census ? { census } : {}) }) : undefined;
  const acks = createReplicaAcks(requestClient, {
    replicas,
    ...(census ? { census } : {}),
    ...(writeHealth ? { health: writeHealth } : {}),
  });
  const name = (queue: string) => `{${queue}}`;
  const where = redisAddress(options.url);
  // Every queue and worker connection retries on its own; the log tells of the outage once, not per attempt.
  const outage = createRedisOutageLog({
    where,
    logger,
    who: 'the scheduler',
    ...(options.outageSummaryMs ? { summaryMs: options.outageSummaryMs } : {}),
  });
  const onError = (what: string, queue: string) => (err: Error) => {
    // A write refused by a primary with no replica in reach, or one made a replica, is no lost connection: the
    // connection stays up (no 'ready' would end an outage), and the store write log says writes stopped.
    if (isWriteRefusal(err)) logger.debug({ err, queue }, what);
    else if (isConnectionError(err)) outage.failed(err);
    else logger.warn({ err, queue }, what);
  };
  // The queues' shared connection is ours: its errors and reconnections are told like the queues' own.
  requestClient.on('error', onError('scheduler queue error', 'all queues'));
  requestClient.on('ready', () => outage.reachable());
  const told = new Set<BullmqNotice['kind']>();
  const stopListening = listenToBullmqNotices((notice) => {
    if (told.has(notice.kind)) return;
    told.add(notice.kind);
    if (notice.kind === 'eviction') {
      logger.warn(
        { where, maxmemoryPolicy: notice.policy },
        `Redis at ${where} may evict keys (maxmemory-policy ${notice.policy}): under memory pressure it would drop ` +
          'scheduled tasks, their locks and stored jobs. Set `maxmemory-policy noeviction` on this Redis ' +
          '(docs/reliability.md, "Running several replicas").',
      );
    } else {
      logger.warn(
        { where, redisVersion: notice.current },
        `Redis at ${where} is version ${notice.current}; BullMQ recommends ${notice.recommended} or newer.`,
      );
    }
  });

  function queueOf(queue: string): Queue {
    let q = queues.get(queue);
    if (!q) {
      q = new Queue(name(queue), { connection: requestClient, prefix });
      q.on('error', onError('scheduler queue error', queue));
      queues.set(queue, q);
    }
    return q;
  }

  /**
   * Writes the task, then, behind Sentinel, has a replica acknowledge it: a task the primary took a moment
   * before it died may be missing on the replica promoted in its place, so once the connection was made again it
   * is written again (one task per id). While the same primary answers, the write is only waited for: written
   * twice there, a task due at once could run in between and then again. After 30 s unconfirmed, schedule()
   * fails as it does while Redis is away.
   */
  async function schedule(queue: string, id: string, dueAt: number, data: TaskData, within?: ScheduleOptions) {
    checkTaskId(id);
    const withinMs = within?.keptWithinMs ?? replicatedWithinMs;
    const written = await unavailableWhenAway(() =>
      acks.writeConfirmed(() => writeAgainIfGone(queue, id, dueAt, data), withinMs),
    );
    if (written) return;
    throw new StoreUnavailableError(
      `no replica of the Redis at ${where} acknowledged a scheduled task within ${withinMs / 1000} s`,
    );
  }

  /**
   * Redis away or moving (a restart, a failover) is told as the store is: StoreUnavailableError, which the
   * person hears as "storage is unavailable, send it again", never as a fault of the bot.
   */
  async function unavailableWhenAway<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      if (!isConnectionError(error) && !isJobGone(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`cannot reach the scheduler's Redis at ${where}: ${reason}`, { cause: error });
    }
  }

  /**
   * A task found a moment ago may be gone when it is changed: it ended meanwhile (a finished task is removed),
   * or a failover promoted a replica that never got it. Either way it is written afresh, once.
   */
  async function writeAgainIfGone(queue: string, id: string, dueAt: number, data: TaskData) {
    try {
      await connected(() => write(queue, id, dueAt, data));
    } catch (error) {
      if (!isJobGone(error)) throw error;
      await connected(() => write(queue, id, dueAt, data));
    }
  }

  /**
   * BullMQ waits for its connection before each command, however long Redis is away, so a command would hang
   * until it came back: the request path waits for a connection at most READY_WITHIN_MS (a failover's
   * reconnection takes a fraction of that), and each operation at most OPERATION_WITHIN_MS.
   */
  async function connected<R>(operation: () => Promise<R>): Promise<R> {
    if (requestClient.status !== 'ready') {
      let timer: NodeJS.Timeout | undefined;
      let onReady: (() => void) | undefined;
      const ready = await new Promise<boolean>((resolve) => {
        onReady = () => resolve(true);
        requestClient.once('ready', onReady);
        timer = setTimeout(() => resolve(false), READY_WITHIN_MS);
      });
      clearTimeout(timer);
      if (onReady) requestClient.off('ready', onReady);
      if (!ready) throw new StoreUnavailableError(`not connected to the scheduler's Redis at ${where}`);
    }
    let timer: NodeJS.Timeout | undefined;
    const done = operation();
    done.catch(() => undefined);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new StoreUnavailableError(`the scheduler's Redis at ${where} did not answer in time`)),
        OPERATION_WITHIN_MS,
      );
    });
    try {
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function write(queue: string, id: string, dueAt: number, data: TaskData) {
    const q = queueOf(queue);
    const delay = Math.max(0, dueAt - Date.now());
    const existing = await q.getJob(id);
    const state = existing ? await existing.getState() : undefined;
    if (existing && state === 'active') {
      // Running now: it cannot be moved, so the run moves it when it ends.
      await existing.updateData({ ...data, [MOVED_TO]: dueAt });
      return;
    }
    if (existing && state === 'delayed') {
      await existing.updateData({ ...data, [DUE_AT]: dueAt });
      await existing.changeDelay(delay);
      return;
    }
    // Waiting (due already), or finished and kept: start afresh.
    if (existing) await existing.remove().catch(() => undefined);
    await q.add(
      id,
      { ...data, [DUE_AT]: dueAt },
      {
        jobId: id,
        delay,
        attempts: maxFailures,
        // 'custom': the worker's backoffStrategy, the same curve as the embedded scheduler's.
        backoff: { type: 'custom' },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  async function run(queue: string, handler: TaskHandler, job: Job<Stored>, worker: Worker, token?: string) {
    const { [MOVED_TO]: _moved, [DUE_AT]: dueAt, ...data } = job.data;
    const task: Task = {
      queue,
      id: job.id ?? '',
      data,
      // Jobs stored before DUE_AT existed: the best guess left.
      dueAt: dueAt ?? job.timestamp + (job.delay ?? 0),
      attempts: Math.max(0, job.attemptsStarted - 1),
    };
    const outcome = await handler(task);
    // schedule() during the run wins over what the handler asked for. Read on the worker's connection, which
    // waits out a Redis restart or failover as the run's own writes do (the request path would fail at once,
    // and the task would then wait for its backoff or the stalled-job check).
    const fresh = await Job.fromId<Stored>(worker, task.id);
    const movedTo = fresh?.data[MOVED_TO];
    const next = movedTo ?? outcome?.again;
    if (next === undefined) return;
    await job.updateData({ ...data, [DUE_AT]: next });
    await job.moveToDelayed(Math.max(next, Date.now()), token);
    throw new DelayedError();
  }

  return {
    schedule,
    cancel: (queue, id) =>
      unavailableWhenAway(() =>
        connected(async () => {
          const job = await queueOf(queue).getJob(id);
          if (!job || (await job.getState()) === 'active') return false;
          await job.remove();
          return true;
        }),
      ),
    handle(queue, handler) {
      if (handlers.has(queue)) throw new Error(`scheduler queue "${queue}" already has a handler`);
      handlers.set(queue, handler);
    },
    async start() {
      for (const [queue, handler] of handlers) {
        const processJob = (job: Job<Stored>, token?: string) => {
          const done = run(queue, handler, job, worker, token);
          const tracked = done.catch(() => undefined).finally(() => running.delete(tracked));
          running.add(tracked);
          return done;
        };
        const worker = new Worker<Stored>(name(queue), processJob, {
          // Workers block waiting for jobs; they must wait out a Redis restart or failover rather than give up.
          connection: queueConnectionOptions(options.url, 'worker', () => stopping),
          prefix,
          concurrency: options.concurrency ?? 4,
          lockDuration: leaseMs,
          stalledInterval: leaseMs,
          // A job whose worker died is taken over; one that kills every worker that runs it stops after 3.
          maxStalledCount: 3,
          settings: { backoffStrategy: (attempts: number) => backoffDelay(attempts - 1, backoff) },
        });
        worker.on('error', onError('scheduler worker error', queue));
        // Each of its connections says 'ready' again after a reconnection.
        worker.getBackend().on('ready', () => outage.reachable());
        worker.on('failed', (job, err) => {
          if (err instanceof DelayedError) return;
          logger.warn({ err, queue, id: job?.id, attempts: job?.attemptsMade }, 'scheduler: task failed');
        });
        workers.push(worker);
      }
      await Promise.all(workers.map((w) => w.waitUntilReady()));
      // BullMQ makes the workers' connections itself: they follow the sentinels' announcements like ours.
      for (const w of workers) {
        const backend = w.getBackend();
        const clients = [await backend.connection.client];
        if (backend.blockingConnection) clients.push(await backend.blockingConnection.client);
        for (const client of clients) followPromotions(options.url, client);
      }
    },
    async stop(stopOptions?: { drainMs?: number }) {
      const drainMs = stopOptions?.drainMs ?? options.drainMs ?? 10_000;
      // Closing connections fail on purpose; that is no outage.
      outage.close();
      stopping = true;
      const closing = workers.splice(0);
      // No new tasks; then wait (bounded) for the running ones. A worker closed without force waits for its
      // jobs forever, so past the bound it is forced: the locks lapse and another replica runs those tasks.
      await Promise.all(closing.map((w) => w.pause(true)));
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), drainMs);
      });
      const outcome = await Promise.race([Promise.allSettled([...running]), bound]);
      clearTimeout(timer);
      await Promise.all(closing.map((w) => closeWithin(w, () => w.close(outcome === 'late'))));

      await Promise.all([...queues.values()].map((q) => closeWithin(q, () => q.close())));
      queues.clear();
      // The queues' shared connection is ours to close: QUIT after what is due, or dropped without Redis.
      if (requestClient.status === 'ready') await requestClient.quit().catch(() => requestClient.disconnect());
      else requestClient.disconnect();
      census?.close();
      await writeHealth?.close();
      stopListening();
    },
  };
}

/**
 * BullMQ's words (finished-errors.js) for a task that is not where it was a moment ago: its keys are gone
 * (`Missing key for job 42. updateData`) or it moved on (`Job 42 is not in the delayed state. changeDelay`).
 */
export function isJobGone(error: unknown): boolean {
  return error instanceof Error && /^Missing key for job |^Job .+ is not in the \S+ state\./.test(error.message);
}

/** How long closing a queue or worker may wait for Redis before its connections are dropped. */
const CLOSE_MS = 3_000;

/**
 * Closes a queue or worker politely (QUIT, after what is due). Without Redis, its connections stop retrying
 * (`stopping`) and the close ends with them; should it not, within CLOSE_MS, they are dropped unwaited.
 */
async function closeWithin(target: Queue | Worker, close: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_MS);
  });
  const closed = close().then(
    () => 'closed' as const,
    () => 'failed' as const,
  );
  const outcome = await Promise.race([closed, late]);
  clearTimeout(timer);
  // disconnect() first waits for a connection that may never come: not awaited.
  if (outcome !== 'closed') target.disconnect().catch(() => undefined);
}

/**
 * Moves every task of one queue from BullMQ's keys under `from` to the same queue under `to` (a new key
 * prefix), through BullMQ's own API: each waiting, delayed or interrupted task is added again with its id,
 * data and due time, then the old queue is removed. A task that was running when its process stopped runs
 * again, as the stalled-job check would have had it. Answers how many tasks moved.
 */
export async function moveBullmqQueue(options: { url: string; from: string; to: string; queue: string }) {
  const connection = queueConnectionOptions(options.url, 'request');
  const old = new Queue<Stored>(options.queue, { connection, prefix: options.from });
  const next = new Queue<Stored>(options.queue, { connection, prefix: options.to });
  try {
    const jobs = await old.getJobs(['active', 'wait', 'prioritized', 'delayed']);
    const now = Date.now();
    for (const job of jobs) {
      if (!job.id) continue;
      const { [MOVED_TO]: movedTo, ...data } = job.data as Stored;
      const dueAt = movedTo ?? data[DUE_AT] ?? job.timestamp + (job.delay ?? 0);
      // Adding an id the new queue already holds is a no-op, so a move cut short can run again.
      await next.add(
        job.name,
        { ...data, [DUE_AT]: dueAt },
        {
          jobId: job.id,
          delay: Math.max(0, dueAt - now),
          attempts: job.opts.attempts ?? 25,
          backoff: { type: 'custom' },
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    }
    await old.obliterate({ force: true });
    return jobs.length;
  } finally {
    await Promise.all([old.close(), next.close()]);
  }
}

/**
 * How many BullMQ workers are connected to one queue under `prefix` (from the names BullMQ gives its
 * connections, in CLIENT LIST); undefined when the server does not allow CLIENT LIST.
 */
export async function connectedWorkers(options: { url: string; prefix: string; queue: string }) {
  const queue = new Queue(options.queue, {
    connection: queueConnectionOptions(options.url, 'request'),
    prefix: options.prefix,
  });
  try {
    return await queue.getWorkersCount();
  } catch {
    return undefined;
  } finally {
    await queue.close();
  }
}
