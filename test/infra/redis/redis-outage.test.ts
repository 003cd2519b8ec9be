import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRedisOutageLog, isConnectionError } from '../../../src/infra/redis/redis-outage.ts';
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
        level: 'warn',
        msg: 'Redis unreachable at redis://127.0.0.1:6399: connect ECONNREFUSED 127.0.0.1:6399; the scheduler keeps retrying',
      },
    ]);

    vi.advanceTimersByTime(30_000);
    expect(seenOf(logger)[1]).toEqual({
      level: 'warn',
      msg: 'Redis still unreachable at redis://127.0.0.1:6399: 88 failures in the last 30 s (last: connect ECONNREFUSED 127.0.0.1:6399)',
    });
    // A quiet half-minute (every connection waiting out its back-off) adds nothing.
    vi.advanceTimersByTime(30_000);
    expect(seenOf(logger)).toHaveLength(2);

    log.failed(refused());
    log.reachable();
    log.reachable();
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

  it('tells a dropped connection from a failed command', () => {
    expect(isConnectionError(refused())).toBe(true);
    expect(isConnectionError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isConnectionError(new Error('Missing lock for job 42. moveToFinished'))).toBe(false);
  });
});
