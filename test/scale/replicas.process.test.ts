import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullmqScheduler } from '../../src/infra/scheduler/bullmq.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix, withRedis } from '../infra/store/helpers.ts';
import { run, stopAll, waitForOutput } from '../support/bot-process.ts';
import { silentLogger } from '../support/harness.ts';

// Three replicas (real processes, `npm start`'s entry point) on one Redis, Discord in HTTP interactions
// mode. One completion webhook is delivered 10 times at once to each replica while the poll task is made
// due at the same moment: the thread gets exactly one result message.

let discord: DiscordDouble | undefined;
let sandbox: Sandbox | undefined;
let capture: Server | undefined;
let prefix = '';

afterEach(async () => {
  await stopAll();
  await discord?.close();
  await sandbox?.close();
  capture?.closeAllConnections();
  capture?.close();
  if (prefix) await deleteRedisPrefix(prefix);
});

async function startReplica(env: Record<string, string>): Promise<number> {
  const replica = run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
  await waitForOutput(replica, /"msg":"slash commands"/, 40_000);
  const [, port] = await waitForOutput(replica, /"port":(\d+),"msg":"HTTP listener ready/, 40_000);
  return Number(port);
}

/** Stands in for the public URL: records the webhook the API sends and answers 503 (so it is not retried soon). */
async function startCapture(): Promise<{ url: string; next: () => Promise<{ token: string; body: string }> }> {
  const seen: Array<{ token: string; body: string }> = [];
  capture = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const token = /\/webhooks\/media\/([^/?]+)/.exec(req.url ?? '')?.[1];
      if (token) seen.push({ token, body });
      res.writeHead(503).end();
    });
  });
  await new Promise<void>((r) => capture?.listen(0, '127.0.0.1', r));
  const port = (capture.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    next: async () => {
      for (let i = 0; i < 400 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const first = seen[0];
      if (!first) throw new Error('the API never sent the webhook');
      return first;
    },
  };
}

describe('three replicas on one Redis', () => {
  it('post one result for a webhook delivered 30 times while every scheduler finds it', async () => {
    prefix = uniquePrefix();
    discord = await createDiscordDouble();
    // The API finishes after 1.5 s and retries a refused webhook only after a minute.
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', jobMs: 1_500, webhookRetryMs: 60_000 });
    const hook = await startCapture();
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const env = {
      DISCORD_TOKEN: discord.token,
      DISCORD_API_URL: discord.restUrl,
      DISCORD_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex'),
      MEDIA_API_URL: sandbox.baseUrl,
      MEDIA_API_KEY: 'team-key',
      PUBLIC_URL: hook.url,
      STORE_URL: REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    const ports = await Promise.all([startReplica(env), startReplica(env), startReplica(env)]);

    discord.deliverInteractionsTo({ url: `http://127.0.0.1:${ports[0]}/discord/interactions`, privateKey });
    const d = discord;
    const cmd = d.command('broll', { url: 'https://example.com/talk.mp4' });
    const card = await d.waitFor(() => d.interactionMessages(cmd.id).find((m) => !m.loading), 15_000, 'job card');
    const thread = await d.waitFor(() => d.state.channels.get(card.id), 15_000, 'job thread');
    const { token, body } = await hook.next();

    // Every replica's scheduler: the job's poll task made due now, at the moment the deliveries go out.
    const jobId = await withRedis(async (client) => {
      for await (const keys of client.scanIterator({ MATCH: `${prefix}jobs:*`, COUNT: 100 })) {
        if (keys[0]) return keys[0].slice(`${prefix}jobs:`.length);
      }
      return undefined;
    });
    expect(jobId).toBeTruthy();
    const nudge = createBullmqScheduler({ url: REDIS_URL, prefix: `${prefix}bull`, logger: silentLogger });
    const deliveries = ports.flatMap((port) =>
      Array.from({ length: 10 }, () =>
        fetch(`http://127.0.0.1:${port}/webhooks/media/${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }).then((r) => r.status),
      ),
    );
    await nudge.schedule('poll', jobId ?? '', Date.now(), {});
    const statuses = await Promise.all(deliveries);
    await nudge.stop();
    // Accepted, or (a store call past its bound on a loaded machine) 503, which the sender retries later.
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses).toContain(200);

    await d.waitForMessage(thread.id, (m) => /ready/.test(m.content));
    // Long enough for any second poster to have posted.
    await new Promise((r) => setTimeout(r, 2_000));
    const results = d.messagesIn(thread.id).filter((m) => /ready/.test(m.content));
    console.log(`3 replicas, 30 deliveries + scheduler: ${results.length} result message(s) in the thread`);
    expect(results).toHaveLength(1);
  }, 90_000);
});
