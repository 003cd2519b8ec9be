import { describe, expect, it } from 'vitest';
import { createClosers } from '../../src/runtime/closers.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';

const warnings = (logger: ReturnType<typeof createRecordingLogger>) =>
  logger.lines.filter((l) => l.level === 'warn').map((l) => l.msg ?? String(l.obj));

describe('the closers of a running bot', () => {
  it('closes what was opened last first', async () => {
    const closed: string[] = [];
    const closers = createClosers({ logger: createRecordingLogger() });
    for (const name of ['the store', 'the scheduler', 'the adapters'])
      closers.push(name, async () => closed.push(name));
    expect(await closers.closeAll()).toBe(true);
    expect(closed).toEqual(['the adapters', 'the scheduler', 'the store']);
  });

  it('still closes the rest when one fails, and says which one failed', async () => {
    const closed: string[] = [];
    const logger = createRecordingLogger();
    const closers = createClosers({ logger });
    closers.push('the store', async () => closed.push('the store'));
    closers.push('the listener', async () => {
      throw new Error('socket gone');
    });
    expect(await closers.closeAll()).toBe(true);
    expect(closed).toEqual(['the store']);
    expect(warnings(logger)).toEqual(['the listener failed while stopping']);
  });

  it('gives up on one that outlasts the bound, reports the stop as cut short, and closes the rest', async () => {
    const closed: string[] = [];
    const logger = createRecordingLogger();
    const closers = createClosers({ logger, boundMs: 100 });
    closers.push('the store', async () => closed.push('the store'));
    closers.push('the adapters', () => new Promise<never>(() => {}));
    expect(await closers.closeAll()).toBe(false);
    expect(closed).toEqual(['the store']);
    expect(warnings(logger)[0]).toMatch(/the adapters did not finish in time/);
  });

  it('closes once, however often it is asked', async () => {
    let closes = 0;
    const closers = createClosers({ logger: createRecordingLogger() });
    closers.push('the store', async () => closes++);
    await Promise.all([closers.closeAll(), closers.closeAll()]);
    expect(closes).toBe(1);
  });

  it('closes at once what is opened after closing began (a stage still running when the start was aborted)', async () => {
    const closers = createClosers({ logger: createRecordingLogger() });
    await closers.closeAll();
    let closed = false;
    closers.push('the sandbox', async () => {
      closed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });
});
