import { afterAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../../src/core/app/app.ts';
import { COMMANDS } from '../../../src/core/app/commands.ts';
import { FEATURES } from '../../../src/core/app/features.ts';
import { createSecretBox, rotationKeys } from '../../../src/core/channels/secret-box.ts';
import { controlId, EXPIRED_BUTTON, splitControlId } from '../../../src/core/commands/actions.ts';
import type { OptionSpec } from '../../../src/core/commands/spec.ts';
import { DEFAULT_SOURCES, fixedSet, validateOptions } from '../../../src/core/commands/validate.ts';
import { createOnce } from '../../../src/core/guarantees/once.ts';
import { createOutbox } from '../../../src/core/guarantees/outbox.ts';
import { createMediaClient } from '../../../src/core/media/client.ts';
import type { Logger } from '../../../src/core/ports.ts';
import { createMetrics } from '../../../src/infra/prom-metrics.ts';
import { createEmbeddedScheduler } from '../../../src/infra/scheduler/embedded.ts';
import { openStore } from '../../../src/infra/store/open-store.ts';
import { type Harness, origin, silentLogger, startHarness } from '../../support/harness.ts';

const BUG = /could not read its options/;

/** A value the table accepts for an option, of its type. */
function sample(o: OptionSpec): string | number | boolean {
  if (o.type === 'url') return 'https://example.com/talk.mp4';
  if (o.type === 'boolean') return true;
  if (o.type === 'integer' || o.type === 'number') return o.min ?? 1;
  if (o.choices) return o.choices[0] ?? 'x';
  const fixed = o.source ? fixedSet(DEFAULT_SOURCES, o.source) : undefined;
  if (fixed) return fixed[0] ?? 'x';
  return o.name === 'id' ? '6650f1c2a1b2c3d4e5f60718' : o.name === 'duration' ? '15-45' : 'Jenny';
}

/** The app mounted on a memory store, as the composition root mounts it; nothing here starts or calls out. */
async function mountApp(logger: Logger): Promise<App> {
  const store = await openStore({ kind: 'memory' });
  const clock = { now: () => Date.now() };
  const metrics = createMetrics();
  const once = createOnce({ store, logger, metrics, clock });
  const media = createMediaClient({ baseUrl: 'http://127.0.0.1:9', logger, clock, rateLimitPerHour: 100 });
  return createApp({
    store,
    clock,
    logger,
    metrics,
    media,
    scheduler: createEmbeddedScheduler({ store, logger, clock }),
    once,
    outbox: createOutbox({ once, store, logger, clock }),
    chat: () => undefined,
    box: createSecretBox(rotationKeys(Buffer.alloc(32, 7))),
    encryptionKey: Buffer.alloc(32, 7),
    facts: { sandbox: true, webhooks: true, teamKey: false },
    sandboxKey: 'sandbox-key',
    webhookBase: () => 'http://127.0.0.1:9',
    options: {
      jobs: { timings: { firstPollMs: 10_000, maxPollMs: 60_000, horizonMs: 3600_000 }, catchUpOnStart: false },
      publish: { staleMs: 5 * 60_000, reviewBase: () => ({ url: 'http://127.0.0.1:9', localOnly: true }) },
    },
  });
}

describe('the app', () => {
  it('answers every command of the table, each found in exactly one feature', async () => {
    const names = [...FEATURES.flatMap((f) => f.commands.map((c) => c.name)), 'help'];
    expect(new Set(names).size).toBe(names.length);
    expect(COMMANDS.map((c) => c.name)).toEqual(names);
    const app = await mountApp(silentLogger);
    expect(app.bot.commands).toBe(COMMANDS);
    for (const spec of COMMANDS) {
      const prepared = app.bot.prepare({ command: spec.name, text: '', origin, canConfigure: true });
      if (prepared.kind === 'error') expect(prepared.message).not.toMatch(/There is no/);
    }
  });

  it('gives every handler every option the table declares, typed as the table checked it', async () => {
    const errors: string[] = [];
    // prepare does no I/O: the only dependency it may touch is the logger, to report a schema gap.
    const logger: Logger = { ...silentLogger, error: (o: unknown) => errors.push(JSON.stringify(o)) };
    const app = await mountApp(logger);
    for (const spec of COMMANDS) {
      // Each option alone, so a command's own "either this or that" rule does not hide a schema gap.
      for (const option of spec.options) {
        const raw = Object.fromEntries(
          spec.options.filter((o) => o.required || o === option).map((o) => [o.name, sample(o)]),
        );
        const checked = validateOptions(spec, raw, DEFAULT_SOURCES);
        if (!checked.ok) throw new Error(`/${spec.name} ${option.name}: ${checked.error}`);
        const prepared = app.bot.prepare({ command: spec.name, options: checked.values, origin, canConfigure: true });
        const said = prepared.kind === 'error' ? prepared.message : '';
        expect(said, `/${spec.name} ${option.name}`).not.toMatch(BUG);
      }
    }
    expect(errors).toEqual([]);
  });

  it('registers every feature’s scheduler queues, the jobs’ and publishing’s alike', async () => {
    const app = await mountApp(silentLogger);
    expect([...app.queues.keys()].sort()).toEqual(
      [
        'card',
        'job-ended',
        'poll',
        'progress',
        'publish',
        'publish-changes',
        'publish-expiry',
        'publish-remind',
        'publish-stale',
        'submit',
      ].sort(),
    );
  });
});

describe('control ids', () => {
  it('carry a verb and an argument within Discord’s 100 characters', () => {
    expect(controlId('retry', 'k3j9x2')).toBe('retry:k3j9x2');
    expect(splitControlId('retry:k3j9x2')).toEqual({ verb: 'retry', arg: 'k3j9x2' });
    expect(() => controlId('retry', 'x'.repeat(100))).toThrow(/100 characters/);
  });
});

describe('a click with an id no button of the bot carries', () => {
  let h: Harness | undefined;
  afterAll(() => h?.close());
  it.each([
    ['an unknown verb', 'delete_everything:all'],
    ['a known verb with a forged argument', 'retry:../../other-channel'],
    ['an id far over the platform limit', `retry:${'a'.repeat(300)}`],
  ])('is answered as an expired button (%s)', async (_what, actionId) => {
    h ??= await startHarness();
    const prepared = h.bot.prepareAction({ actionId, origin, canConfigure: true });
    expect(prepared).toEqual({ kind: 'error', message: EXPIRED_BUTTON });
  });
});
