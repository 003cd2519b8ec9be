import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { createBullmqScheduler } from '../../../src/infra/scheduler/bullmq.ts';
import { origin, runPrepared, silentLogger, startHarness } from '../../support/harness.ts';
import { waitFor } from '../store/helpers.ts';

// Redis Cluster refuses a multi-key command or script whose keys hash to different slots (CROSSSLOT), and a
// one-node cluster that holds every slot enforces that just as a many-node one does, while a plain client
// still reaches every key. The bot runs a realistic session on such a node: the store (keyv's MGET, the
// compare-and-set scripts), BullMQ's queues (multi-key Lua) and the shared media budget; then every key it
// wrote is looked up with CLUSTER KEYSLOT.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-cluster-'));
let node: ChildProcess | undefined;
let url = '';
const plain = () => createClient({ url });

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  node = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      join(dir, 'nodes.conf'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  node.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await waitFor(async () => /Ready to accept connections/.test(out), 5_000);
  url = `redis://127.0.0.1:${port}`;
  const client = plain();
  await client.connect();
  try {
    await client.sendCommand(['CLUSTER', 'ADDSLOTSRANGE', '0', '16383']);
    await waitFor(async () => /cluster_state:ok/.test(String(await client.sendCommand(['CLUSTER', 'INFO']))), 10_000);
  } finally {
    await client.close();
  }
});

afterAll(async () => {
  if (node && node.exitCode === null) {
    const gone = new Promise((resolve) => node?.once('exit', resolve));
    node.kill('SIGTERM');
    await gone;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('on a Redis Cluster node', () => {
  it('a session of commands, results and scheduled polls runs without CROSSSLOT, every key in one slot', async () => {
    const env = { STORE_URL: url, ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const h = await startHarness(env, { timings: { firstPollMs: 20, maxPollMs: 100 } });
    try {
      const form = await h.command('/setup key');
      if (form.kind !== 'modal') throw new Error(`expected a form, got ${form.kind}`);
      const key = 'sk-live-good-0123456789abcd';
      await runPrepared(
        h.app.bot.prepareModal({ modalId: form.modal.id, values: { api_key: key }, origin, canConfigure: true }),
        h.chat.reply(origin),
      );
      await h.command('/clip https://example.com/talk.mp4');
      await h.command('/broll https://example.com/talk.mp4');
      await h.chat.waitFor(
        (seen) => seen.filter((s) => s.where === 'card-update' && /Done/.test(s.message.text)).length >= 2,
      );
      // A task through BullMQ's worker (moved to active, run, completed: multi-key scripts each), beside the bot's.
      const runs: string[] = [];
      const probe = createBullmqScheduler({ url, logger: silentLogger });
      probe.handle('probe', async (task) => {
        runs.push(task.id);
        return task.attempts === 0 ? { again: Date.now() + 50 } : undefined;
      });
      await probe.start();
      await probe.schedule('probe', 't1', Date.now() + 50, {});
      await waitFor(async () => runs.length >= 2, 20_000);
      await probe.stop();
      await h.command('/jobs');
      expect(h.chat.seen.filter((s) => s.where === 'thread')).toHaveLength(2);
      // Listing reads many rows in one MGET.
      const jobs: string[] = [];
      for await (const [id] of h.app.store.namespace('jobs').entries()) jobs.push(id);
      expect(jobs).toHaveLength(2);
      expect((await h.app.settings.get(channelKeyOf(origin))).apiKey).toBe(key);
    } finally {
      await h.close();
    }

    const client = plain();
    await client.connect();
    try {
      const keys: string[] = [];
      for await (const batch of client.scanIterator({ COUNT: 500 })) keys.push(...batch);
      const kinds = new Set(keys.map((k) => k.replace(/^\{reelbot\}:/, '').split(':')[0]));
      // Store rows, BullMQ's queues and the media budget's log were all written.
      expect([...kinds]).toEqual(expect.arrayContaining(['jobs', 'settings', 'bull', 'budget']));
      const slots = new Set<unknown>();
      for (const key of keys) slots.add(await client.sendCommand(['CLUSTER', 'KEYSLOT', key]));
      expect(slots.size).toBe(1);
      expect(keys.every((k) => k.startsWith('{reelbot}:'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('refuses a multi-key read of keys without the hash tag (what the tag prevents)', async () => {
    const client = plain();
    await client.connect();
    try {
      await client.set('reelbot:jobs:a', '1');
      await client.set('reelbot:jobs:b', '2');
      await expect(client.mGet(['reelbot:jobs:a', 'reelbot:jobs:b'])).rejects.toThrow(/CROSSSLOT/);
      await client.set('{reelbot}:jobs:a', '1');
      await client.set('{reelbot}:jobs:b', '2');
      expect(await client.mGet(['{reelbot}:jobs:a', '{reelbot}:jobs:b'])).toEqual(['1', '2']);
    } finally {
      await client.close();
    }
  });
});
