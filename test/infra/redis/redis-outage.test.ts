import { ErrorCode } from 'bullmq';
// BullMQ's one builder of its scripts' errors, and ioredis's error for a queued command that ran out of
// reconnections: the real classes and words, which neither package exports from its top.
import { finishedErrors } from 'bullmq/dist/esm/classes/finished-errors.js';
import { ReplyError } from 'ioredis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRedisOutageLog, isConnectionError } from '../../../src/infra/redis/redis-outage.ts';
import { isJobGone } from '../../../src/infra/scheduler/bullmq.ts';
import { createRecordingLogger, type RecordingLogger } from '../../support/recording-logger.ts';

// With Redis down, every connection's every retry was a stack in the log (70 to 90 in 8 s): an outage reads as
// one line when it starts, a summary at most every 30 s, one line when it ends.

/** What an operator reads of each line: its level and its message. */
const seenOf = (logger: RecordingLogger) => logger.lines.map(({ level, msg }) => ({ level, msg }));

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6399'), { code: 'ECONNREFUSED' });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the Redis outage log', () => {
  it('says "unreachable" once, summarises every 30 s while failures go on, and says when it is back', () => {
    const logger = createRecordingLogger();
    const log = createRedisOutageLog({
      where: 'redis://127.0.0.1:6399',
      logger,
      who: 'the scheduler',
    });
    for (let i = 0; i < 89; i++) log.failed(refused());
    expect(seenOf(logger)).toEqual([
      {
        level: 'info',
        msg: 'Redis unreachable at redis://127.0.0.1:6399: connect ECONNREFUSED 127.0.0.1:6399; the scheduler keeps retrying',
      },
    ]);

    vi.advanceTimersByTime(30_000);
    expect(seenOf(logger)[1]).toEqual({
      level: 'info',
      msg: 'Redis still unreachable at redis://127.0.0.1:6399: 88 failures in the last 30 s (last: connect ECONNREFUSED 127.0.0.1:6399)',
    });
    // A quiet half-minute (every connection waiting out its back-off) adds nothing.
    vi.advanceTimersByTime(30_000);
    expect(seenOf(logger)).toHaveLength(2);

    log.failed(refused());
    log.reachable();
    log.reachable();
    // Said once a connection has stayed up for a second.
    expect(seenOf(logger)).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(seenOf(logger).slice(2)).toEqual([
      { level: 'info', msg: 'Redis reachable again at redis://127.0.0.1:6399 after 60 s (90 failures)' },
    ]);
    vi.advanceTimersByTime(120_000);
    expect(seenOf(logger)).toHaveLength(3);
  });

  it('starts over for the next outage, and says nothing once closed', () => {
    const logger = createRecordingLogger();
    const log = createRedisOutageLog({ where: 'redis://r:6379', logger, who: 'the scheduler' });
    log.reachable();
    expect(seenOf(logger)).toEqual([]);
    log.failed(refused());
    log.reachable();
    vi.advanceTimersByTime(1_000);
    log.failed(refused());
    expect(seenOf(logger).map((s) => s.msg.split(':')[0])).toEqual([
      'Redis unreachable at redis',
      'Redis reachable again at redis',
      'Redis unreachable at redis',
    ]);
    log.close();
    log.failed(refused());
    log.reachable();
    vi.advanceTimersByTime(60_000);
    expect(seenOf(logger)).toHaveLength(3);
  });

  it('does not end an outage on a connection that is moved again at once (a failover)', () => {
    const logger = createRecordingLogger();
    const log = createRedisOutageLog({ where: 'redis://r:6379', logger, who: 'the scheduler' });
    log.failed(refused());
    log.reachable();
    vi.advanceTimersByTime(200);
    log.failed(new Error('Connection is closed.'));
    vi.advanceTimersByTime(5_000);
    expect(seenOf(logger).map((s) => s.msg.split(':')[0])).toEqual(['Redis unreachable at redis']);
    log.reachable();
    vi.advanceTimersByTime(1_000);
    expect(seenOf(logger).map((s) => s.msg.split(' at ')[0])).toEqual(['Redis unreachable', 'Redis reachable again']);
  });

  it('tells a dropped connection from a failed command', () => {
    expect(isConnectionError(refused())).toBe(true);
    expect(isConnectionError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isConnectionError(new Error('Missing lock for job 42. moveToFinished'))).toBe(false);
  });

  // What ioredis and Redis answer a command around a failover (issue 33), in their own classes and words
  // (ioredis's Redis.js, Command.js and SentinelConnector): each is Redis away or moving, told to the person as
  // "storage is unavailable", never the generic apology.
  it("knows ioredis's and Redis's words for a Redis that is away or moving", () => {
    expect(isConnectionError(new MaxRetriesPerRequestError(1))).toBe(true);
    expect(isConnectionError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isConnectionError(new Error('All sentinels are unreachable. Retrying from scratch after 10ms.'))).toBe(true);
    expect(isConnectionError(new Error('All sentinels are unreachable and retry is disabled.'))).toBe(true);
    expect(isConnectionError(new Error('Command timed out'))).toBe(true);
    expect(isConnectionError(new ReplyError("READONLY You can't write against a read only replica."))).toBe(true);
    expect(isConnectionError(new ReplyError('UNBLOCKED force unblock from blocking operation'))).toBe(true);
    expect(isConnectionError(new ReplyError('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isConnectionError(new ReplyError('MASTERDOWN Link with MASTER is down'))).toBe(true);
    expect(isConnectionError(new ReplyError('NOREPLICAS Not enough good replicas to write.'))).toBe(true);
  });

  it('leaves a command that was wrong, or a job that went, to whoever asked', () => {
    expect(isConnectionError(new ReplyError("ERR wrong number of arguments for 'get' command"))).toBe(false);
    expect(isConnectionError(new ReplyError('NOSCRIPT No matching script. Please use EVAL.'))).toBe(false);
    expect(isConnectionError(new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(
      false,
    );
    const gone = finishedErrors({ code: ErrorCode.JobNotExist, jobId: '42', command: 'updateData' });
    expect(isConnectionError(gone)).toBe(false);
    expect(isJobGone(gone)).toBe(true);
    expect(
      isJobGone(
        finishedErrors({ code: ErrorCode.JobNotInState, jobId: '42', state: 'delayed', command: 'changeDelay' }),
      ),
    ).toBe(true);
    expect(isJobGone(finishedErrors({ code: ErrorCode.JobLockNotExist, jobId: '42', command: 'moveToFinished' }))).toBe(
      false,
    );
    expect(isConnectionError('Connection is closed.')).toBe(false);
  });
});
