import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { resealStore } from '../../../src/cli/reseal.ts';
import { loadConfig } from '../../../src/config.ts';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import type { Store } from '../../../src/core/ports.ts';
import { moveLegacyKeys } from '../../../src/infra/redis/redis-key-layout.ts';
import { createBullmqScheduler } from '../../../src/infra/scheduler/bullmq.ts';
import { type Harness, origin, runPrepared, silentLogger, startHarness } from '../../support/harness.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix, waitFor, withRedis } from '../store/helpers.ts';
import { CLAIM_OF_0BC1B50, expectRecordsOf0bc1b50, HOUR, ROWS_OF_0BC1B50 } from '../store/keyv-format.ts';

// Versions before the Redis Cluster hash tag kept their keys under `reelbot:` (or REDIS_KEY_PREFIX as given)
// and BullMQ's under `reelbot:bull`; a bot upgraded over such a database moves them under `{reelbot}:` at
// start and finds its settings, jobs, claims and scheduled tasks there.

const KEY = 'sk-live-good-0123456789abcd';
const CHANNEL = channelKeyOf(origin);
let legacy = '';
const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
  if (legacy) await deleteRedisPrefix(legacy);
  legacy = '';
});

/** A prefix of this test's own, as earlier versions took it: no hash tag. */
const untagged = () => uniquePrefix().replace(/[{}]/g, '');

async function entries(store: Store, namespace: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const [key] of store.namespace(namespace).entries()) keys.push(key);
  return keys.sort();
}

async function keysUnder(prefix: string): Promise<string[]> {
  return withRedis(async (client) => {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) keys.push(...batch);
    return keys;
  });
}

describe('a bot upgraded over keys written without a hash tag', () => {
  it('moves them under the tagged prefix once and finds its settings, jobs and scheduled tasks', async () => {
    legacy = untagged();
    const env = { STORE_URL: REDIS_URL, ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const config = loadConfig({ ...env, REDIS_KEY_PREFIX: legacy });
    expect(config.store).toEqual({
      kind: 'redis',
      url: REDIS_URL,
      prefix: `{${legacy.slice(0, -1)}}:`,
      legacyPrefix: legacy,
    });
    const tagged = `{${legacy.slice(0, -1)}}:`;

    // The previous version: the same store and scheduler, keys under the prefix as given.
    const before = await startHarness(env, { infra: { store: { kind: 'redis', url: REDIS_URL, prefix: legacy } } });
    const form = await before.command('/setup key');
    if (form.kind !== 'modal') throw new Error(`expected a form, got ${form.kind}`);
    await runPrepared(
      before.bot.prepareModal({
        modalId: form.modal.id,
        values: { api_key: KEY },
        origin,
        canConfigure: true,
      }),
      before.chat.reply(origin),
    );
    await before.command('/clip https://example.com/talk.mp4');
    const jobs = await entries(before.app.inside.store, 'jobs');
    expect(jobs).toHaveLength(1);
    await before.close();
    // A scheduled task due in a moment (BullMQ's delayed set), and one due much later.
    const oldScheduler = createBullmqScheduler({ url: REDIS_URL, prefix: `${legacy}bull`, logger: silentLogger });
    const dueAt = Date.now() + 1_500;
    await oldScheduler.schedule('probe', 'p1', dueAt, { note: 'from before' });
    await oldScheduler.schedule('probe', 'p2', Date.now() + HOUR, { note: 'much later' });
    await oldScheduler.stop();
    expect(await keysUnder(tagged)).toEqual([]);

    // The upgraded bot, configured as before.
    const warned: unknown[] = [];
    const logger = { ...silentLogger, warn: (...args: unknown[]) => warned.push(args) };
    const after: Harness = await startHarness({ ...env, REDIS_KEY_PREFIX: legacy }, { logger });
    open.push(after);
    // The previous bot's own tasks (the job's poll) move with the two above.
    const told = warned.map((w) => JSON.stringify(w)).join('\n');
    expect(told).toMatch(/Redis keys moved from the prefix/);
    expect(Number(/"tasks":(\d+)/.exec(told)?.[1])).toBeGreaterThanOrEqual(3);
    expect(await keysUnder(legacy)).toEqual([]);
    expect((await after.app.inside.settings.get(CHANNEL)).apiKey).toBe(KEY);
    expect(await entries(after.app.inside.store, 'jobs')).toEqual(jobs);

    // The delayed task runs once, under the new prefix, when it was due; the later one waits.
    const runs: Array<{ id: string; at: number; data: unknown }> = [];
    const scheduler = createBullmqScheduler({ url: REDIS_URL, prefix: `${tagged}bull`, logger: silentLogger });
    open.push({ close: () => scheduler.stop() });
    scheduler.handle('probe', async (task) => {
      runs.push({ id: task.id, at: Date.now(), data: task.data });
      return undefined;
    });
    await scheduler.start();
    await waitFor(async () => runs.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toEqual([{ id: 'p1', at: expect.any(Number), data: { note: 'from before' } }]);
    expect(runs[0]?.at).toBeGreaterThanOrEqual(dueAt - 50);
    expect(await scheduler.cancel('probe', 'p2')).toBe(true);

    // A second start (another replica, or a restart) finds nothing left to move and says nothing.
    const again = await moveLegacyKeys({ url: REDIS_URL, from: legacy, to: tagged, logger: silentLogger });
    expect(again).toEqual({ keys: 0, kept: 0, tasks: 0 });
  });

  it('moves rows as the version of 0bc1b50 wrote them, with their times to live, and claims still held', async () => {
    legacy = untagged();
    await withRedis(async (client) => {
      for (const [key, text] of ROWS_OF_0BC1B50) {
        if (key === 'jobs:j2') await client.set(legacy + key, text, { PX: HOUR });
        else await client.set(legacy + key, text);
      }
      await client.set(legacy + CLAIM_OF_0BC1B50.key, CLAIM_OF_0BC1B50.token, { PX: HOUR });
    });
    const env = { STORE_URL: REDIS_URL, ENCRYPTION_KEY: randomBytes(32).toString('base64'), REDIS_KEY_PREFIX: legacy };
    const after = await startHarness(env);
    open.push(after);
    await expectRecordsOf0bc1b50(after.app.inside.store);
    expect(await after.app.inside.store.claim('slack:event:E1', HOUR)).toBe(false);
    const ttl = await withRedis((client) => client.pTTL(`{${legacy.slice(0, -1)}}:jobs:j2`));
    expect(ttl).toBeGreaterThan(HOUR - 60_000);
  });

  it('refuses to start while a replica of the earlier version still runs on the old keys, and moves nothing', async () => {
    legacy = untagged();
    const env = { STORE_URL: REDIS_URL, ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const old = await startHarness(env, { infra: { store: { kind: 'redis', url: REDIS_URL, prefix: legacy } } });
    open.push(old);
    await old.command('/clip https://example.com/talk.mp4');
    await expect(startHarness({ ...env, REDIS_KEY_PREFIX: legacy })).rejects.toThrow(
      /earlier reelbot version are still running .* stop every replica of the earlier version, then start this one/,
    );
    // Nothing moved: the running replica still has its job, and nothing is under the new prefix.
    expect(await keysUnder(`{${legacy.slice(0, -1)}}:`)).toEqual([]);
    expect(await entries(old.app.inside.store, 'jobs')).toHaveLength(1);
  });

  it('keys:reseal refuses to run before the bot has moved the keys, instead of resealing none of them', async () => {
    legacy = untagged();
    const old = randomBytes(32);
    const env = { STORE_URL: REDIS_URL, ENCRYPTION_KEY: old.toString('base64') };
    const before = await startHarness(env, { infra: { store: { kind: 'redis', url: REDIS_URL, prefix: legacy } } });
    await before.app.inside.settings.update(CHANNEL, { apiKey: KEY });
    await before.close();
    const rotated = loadConfig({
      ...env,
      REDIS_KEY_PREFIX: legacy,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ENCRYPTION_KEY_PREVIOUS: old.toString('base64'),
    });
    await expect(resealStore(rotated)).rejects.toThrow(/still under .*Start the bot once, then run this again/);
    // Once the bot of this version has started, the same command finds the channel's key and seals it again.
    const after = await startHarness({ ...env, REDIS_KEY_PREFIX: legacy });
    open.push(after);
    expect(await resealStore(rotated)).toMatchObject({ resealed: 1 });
  });

  it('replicas starting together move each key once', async () => {
    legacy = untagged();
    const tagged = `{${legacy.slice(0, -1)}}:`;
    await withRedis(async (client) => {
      for (let i = 0; i < 300; i++) await client.set(`${legacy}jobs:j${i}`, JSON.stringify({ value: { v: i } }));
    });
    const moves = await Promise.all(
      [0, 1, 2].map(() => moveLegacyKeys({ url: REDIS_URL, from: legacy, to: tagged, logger: silentLogger })),
    );
    expect(moves.reduce((n, m) => n + m.keys, 0)).toBe(300);
    expect(moves.reduce((n, m) => n + m.kept, 0)).toBe(0);
    expect(await keysUnder(legacy)).toEqual([]);
    expect(await keysUnder(`${tagged}jobs:`)).toHaveLength(300);
  });
});
