import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Store } from '../src/core/ports.ts';
import { embeddedScheduler, type RunningBot, startBot } from '../src/start-bot.ts';
import { eventually } from './contract/surface.ts';
import { waitFor } from './doubles/slack/wait.ts';
import { metricSum } from './support/metric-sum.ts';
import { createRecordingLogger } from './support/recording-logger.ts';

// The composition root as main.ts calls it: a configuration with no platform is the terminal console,
// built, listening and stopped by startBot alone.

let bot: RunningBot | undefined;
let dir: string | undefined;
afterEach(async () => {
  await bot?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  bot = dir = undefined;
});

function consoleConfig(env: Record<string, string> = {}) {
  dir = mkdtempSync(join(tmpdir(), 'reelbot-root-'));
  return loadConfig({ MEDIA_API_URL: 'sandbox', STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`, PORT: '0', ...env });
}

/** The console's input, and what it printed so far. */
function consoleIo() {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d: Buffer) => {
    text += d.toString();
  });
  return { input, output, printed: () => text };
}

describe('startBot', () => {
  it('runs the console when no platform is configured, and finishes with its exit code when the input ends', async () => {
    const { input, output, printed } = consoleIo();
    bot = await startBot(consoleConfig(), {
      logger: createRecordingLogger(),
      console: { input, output, waitMs: 1000 },
    });
    const health = await fetch(`http://127.0.0.1:${bot.port}/healthz`);
    expect(health.status).toBe(200);
    // No platform connection: the console (which answers /help below) is the only chat.
    expect(((await health.json()) as { platforms: object }).platforms).toEqual({});
    input.end('/help\n');
    expect(await bot.finished).toBe(0);
    expect(printed()).toMatch(/\/clip/);
    expect(await bot.stop()).toBe(true);
  });

  it('starts its sandbox with the SANDBOX_* variables that were set (here: every webhook delivered twice)', async () => {
    const { input, output, printed } = consoleIo();
    bot = await startBot(consoleConfig({ SANDBOX_WEBHOOK_DUPLICATES: '1', SANDBOX_JOB_MS: '100', SANDBOX_PORT: '0' }), {
      logger: createRecordingLogger(),
      console: { input, output, waitMs: 1000 },
    });
    const port = bot.port;
    input.write('/broll https://example.com/talk.mp4\n');
    const deliveries = async () =>
      metricSum(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), 'reelbot_webhook_deliveries_total');
    // Each poll is awaited, so no request is still out when the bot stops.
    await eventually(
      async () => (await deliveries()) >= 2 && /✅/.test(printed()),
      'the job done and its webhook delivered twice',
    );
    input.end();
    await bot.finished;
  });

  it('refuses an invalid SANDBOX_* variable by name before starting', () => {
    expect(() => consoleConfig({ SANDBOX_JOB_MS: 'soon' })).toThrow(/SANDBOX_JOB_MS/);
  });

  it('gives the console a free port when PORT is taken, and says so', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const logger = createRecordingLogger();
    try {
      bot = await startBot(consoleConfig({ PORT: String(port) }), {
        logger,
        console: { input: new PassThrough(), output: new PassThrough(), waitMs: 0 },
      });
      expect(bot.port).not.toBe(port);
      expect(logger.lines.some((l) => l.level === 'warn' && /Port \d+ is in use/.test(String(l.obj)))).toBe(true);
    } finally {
      taken.close();
    }
  });

  it('says where the listener is actually bound: every interface, or the one address it was given', async () => {
    const everywhere = createRecordingLogger();
    bot = await startBot(consoleConfig({ HOST: '0.0.0.0' }), {
      logger: everywhere,
      console: { input: new PassThrough(), output: new PassThrough(), waitMs: 0 },
    });
    const wide = everywhere.lines.find((l) => l.msg.startsWith('HTTP listener ready'));
    expect(wide?.obj).toEqual({ address: '0.0.0.0', port: bot.port });
    expect(wide?.msg).toContain(`on 0.0.0.0:${bot.port}, every interface`);
    expect(wide?.msg).toContain(`http://127.0.0.1:${bot.port}/healthz`);
    await bot.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });

    const local = createRecordingLogger();
    bot = await startBot(consoleConfig(), {
      logger: local,
      console: { input: new PassThrough(), output: new PassThrough(), waitMs: 0 },
    });
    const line = local.lines.find((l) => l.msg.startsWith('HTTP listener ready'));
    expect(line?.obj).toEqual({ address: '127.0.0.1', port: bot.port });
    expect(line?.msg).toContain(`on 127.0.0.1:${bot.port} (`);
    expect(line?.msg).not.toContain('every interface');
  });

  it('answers in process without opening a port when asked not to listen', async () => {
    const config = loadConfig({ MEDIA_API_URL: 'sandbox', ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
    bot = await startBot(config, {
      logger: createRecordingLogger(),
      infra: { store: { kind: 'memory' }, listen: false },
      console: { input: new PassThrough(), output: new PassThrough(), waitMs: 0 },
    });
    expect(bot.port).toBe(0);
    const health = await bot.request('GET', '/healthz');
    expect(health.status).toBe(200);
    expect((await bot.request('POST', '/webhooks/media/not-a-known-token-at-all')).status).toBe(404);
  });

  it('closes what it built so far when told to stop while it starts, and says why it did not start', async () => {
    const starting = new AbortController();
    let store: Store | undefined;
    let schedulerStopped = false;
    const start = startBot(consoleConfig(), {
      logger: createRecordingLogger(),
      signal: starting.signal,
      console: { input: new PassThrough(), output: new PassThrough(), waitMs: 0 },
      infra: {
        // The stop comes while the scheduler is being built: the store is open, the listener not yet made.
        scheduler: async (on) => {
          store = on.store;
          starting.abort(new Error('stopped by SIGTERM while starting'));
          const scheduler = await embeddedScheduler(50)(on);
          return {
            ...scheduler,
            stop: async () => {
              schedulerStopped = true;
              await scheduler.stop();
            },
          };
        },
      },
    });
    await expect(start).rejects.toThrow('stopped by SIGTERM while starting');
    await waitFor(() => schedulerStopped, 'the scheduler stopped', 5_000);
    await expect(store?.claim('anything', 1000)).rejects.toThrow();
  });

  it('is the only thing main.ts builds the bot with', () => {
    const main = readFileSync(join(import.meta.dirname, '../src/main.ts'), 'utf8');
    const imports = [...main.matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1]);
    expect(imports.sort()).toEqual([
      'config.ts',
      'core/errors.ts',
      'runtime/closers.ts',
      'runtime/input-kind.ts',
      'runtime/logger.ts',
      'runtime/startup-notes.ts',
      'start-bot.ts',
    ]);
  });
});
