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
// node answers MOVED for a key of a slot another node holds. The bot speaks to one address, so on a
// three-node cluster (redis-server in cluster mode, joined by redis-cli --cluster create) it is pointed at the
// node that holds the slot of `{reelbot}`, and runs a realistic session there: the store (keyv's MGET, the
// compare-and-set scripts), BullMQ's queues (multi-key Lua) and the shared media budget. Any key outside
// that slot would fail at once; afterwards every key it wrote is looked up with CLUSTER KEYSLOT.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-cluster-'));
const nodes: ChildProcess[] = [];
let url = '';
const plain = (at = url) => createClient({ url: at });

async function isFree(port: number): Promise<boolean> {
  const s = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (ok) await new Promise((r) => s.close(r));
  return ok;
}

/** A port that is free, and so is the cluster bus port 10000 above it. */
async function clusterPort(taken: number[]): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (!taken.includes(port) && (await isFree(port)) && (await isFree(port + 10_000))) return port;
  }
}

async function startNode(port: number): Promise<void> {
  const node = spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      ...['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`)],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  nodes.push(node);
  let out = '';
  node.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await waitFor(async () => /Ready to accept connections/.test(out), 5_000);
}

async function run(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${command} exited ${code}: ${out}`);
  return out;
}

beforeAll(async () => {
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) ports.push(await clusterPort(ports));
  await Promise.all(ports.map(startNode));
  await run('redis-cli', [
    '--cluster',
    'create',
    ...ports.map((p) => `127.0.0.1:${p}`),
    '--cluster-replicas',
    '0',
    '--cluster-yes',
  ]);
  const client = plain(`redis://127.0.0.1:${ports[0]}`);
  await client.connect();
  try {
    // Every node agrees the cluster is up before the bot starts.
    for (const port of ports) {
      const node = plain(`redis://127.0.0.1:${port}`);
      await node.connect();
      await waitFor(async () => /cluster_state:ok/.test(String(await node.sendCommand(['CLUSTER', 'INFO']))), 15_000);
      await node.close();
    }
    const slot = Number(await client.sendCommand(['CLUSTER', 'KEYSLOT', '{reelbot}:jobs:x']));
    const ranges = (await client.sendCommand(['CLUSTER', 'SLOTS'])) as Array<[number, number, [string, number]]>;
    const owner = ranges.find(([from, to]) => from <= slot && slot <= to)?.[2];
    if (!owner) throw new Error(`no node holds slot ${slot}`);
    url = `redis://127.0.0.1:${owner[1]}`;
    expect(ranges).toHaveLength(3);
  } finally {
    await client.close();
  }
}, 60_000);

afterAll(async () => {
  for (const node of nodes) {
    if (node.exitCode !== null) continue;
    const gone = new Promise((resolve) => node.once('exit', resolve));
    node.kill('SIGTERM');
    await gone;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('on a three-node Redis Cluster, connected to the node that holds the slot of {reelbot}', () => {
  it('a session of commands, results and scheduled polls runs without CROSSSLOT, every key in one slot', async () => {
    const env = { STORE_URL: url, ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const h = await startHarness(env, { tuning: { timings: { firstPollMs: 20, maxPollMs: 100 } } });
    try {
      const form = await h.command('/setup key');
      if (form.kind !== 'modal') throw new Error(`expected a form, got ${form.kind}`);
      const key = 'sk-live-good-0123456789abcd';
      await runPrepared(
        h.bot.prepareModal({ modalId: form.modal.id, values: { api_key: key }, origin, canConfigure: true }),
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
      for await (const [id] of h.app.inside.store.namespace('jobs').entries()) jobs.push(id);
      expect(jobs).toHaveLength(2);
      expect((await h.app.inside.settings.get(channelKeyOf(origin))).apiKey).toBe(key);
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

  it('refuses keys without the hash tag: across slots (CROSSSLOT) or on another node (MOVED)', async () => {
    const client = plain();
    await client.connect();
    try {
      const slotOf = async (key: string) => Number(await client.sendCommand(['CLUSTER', 'KEYSLOT', key]));
      const here = await slotOf('{reelbot}:x');
      // Earlier versions' names: most land in slots other nodes hold, and two of them rarely share one.
      const names = ['reelbot:jobs:a', 'reelbot:jobs:b', 'reelbot:settings:c', 'reelbot:once:d'];
      const slots = await Promise.all(names.map(slotOf));
      expect(slots.some((slot) => slot !== here)).toBe(true);
      expect(new Set(slots).size).toBeGreaterThan(1);
      await expect(client.mGet(names)).rejects.toThrow(/CROSSSLOT/);
      const elsewhere = names[slots.findIndex((slot) => slot !== here)] ?? '';
      await expect(client.get(elsewhere)).rejects.toThrow(/MOVED/);
      await client.set('{reelbot}:jobs:a', '1');
      await client.set('{reelbot}:jobs:b', '2');
      expect(await client.mGet(['{reelbot}:jobs:a', '{reelbot}:jobs:b'])).toEqual(['1', '2']);
    } finally {
      await client.close();
    }
  });
});
