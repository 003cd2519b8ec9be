import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../src/core/ports.ts';
import { createInteractionDedupe } from '../../src/discord/dedupe.ts';
import { createMemoryStore, createRecordingLogger } from './support.ts';

/** A store that takes `claim` from the given function and is otherwise the in-memory one. */
const storeClaiming = (claim: Store['claim']): Store => ({ ...createMemoryStore(), claim });
const never = () => new Promise<boolean>(() => {});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the interaction dedupe', () => {
  it('lets the store decide when it answers in time, across replicas', async () => {
    const store = createMemoryStore();
    const here = createInteractionDedupe(store, createRecordingLogger());
    const elsewhere = createInteractionDedupe(store, createRecordingLogger());
    expect(await here('1')).toBe(true);
    expect(await elsewhere('1')).toBe(false);
    expect(await here('1')).toBe(false);
  });

  it('does not wait for a store that never answers: memory decides after ~300 ms', async () => {
    const logger = createRecordingLogger();
    const firstTime = createInteractionDedupe(storeClaiming(never), logger);
    const first = firstTime('1');
    await vi.advanceTimersByTimeAsync(300);
    expect(await first).toBe(true);
    const replay = firstTime('1');
    await vi.advanceTimersByTimeAsync(300);
    expect(await replay).toBe(false);
  });

  it('falls back to memory when the claim fails, and warns once per outage', async () => {
    const logger = createRecordingLogger();
    const failing = vi.fn(async () => {
      throw new Error('connection refused');
    });
    const firstTime = createInteractionDedupe(storeClaiming(failing), logger);
    expect(await firstTime('1')).toBe(true);
    expect(await firstTime('2')).toBe(true);
    expect(await firstTime('1')).toBe(false);
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });

  it('warns again after the store came back and failed anew', async () => {
    const logger = createRecordingLogger();
    let up = false;
    const flaky = async () => {
      if (!up) throw new Error('down');
      return true;
    };
    const firstTime = createInteractionDedupe(storeClaiming(flaky), logger);
    await firstTime('1');
    up = true;
    await firstTime('2');
    up = false;
    await firstTime('3');
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('leaves no timer behind once the store has answered', async () => {
    const firstTime = createInteractionDedupe(createMemoryStore(), createRecordingLogger());
    await firstTime('1');
    expect(vi.getTimerCount()).toBe(0);
  });
});
