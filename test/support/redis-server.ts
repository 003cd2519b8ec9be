/**
 * Global setup of the integration and process tiers: the Redis on 127.0.0.1:6379 when one answers, otherwise a
 * throwaway `redis-server` on a free port, so a fresh clone runs `npm test` with nothing started by hand.
 * Tests read the address through test/support/redis-url.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `redis://127.0.0.1:<port>` of the Redis the tests share. */
    redisUrl: string;
  }
}

const USUAL_PORT = 6379;
const START_WITHIN_MS = 10_000;

interface SharedRedis {
  url: string;
  stop(): Promise<void>;
}

/** True when a Redis answers PING on the port; anything else listening there does not count. */
function answersPing(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function startThrowaway(): Promise<SharedRedis> {
  const port = await freePort();
  // Nothing is kept: no RDB snapshot, no append-only file, so the server leaves no file behind.
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A test run killed half-way must not leave the server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `No Redis answers on 127.0.0.1:${USUAL_PORT} and redis-server is not installed: install the Debian ` +
                `package redis-server (apt-get install redis-server), or start a Redis on 127.0.0.1:${USUAL_PORT}.`,
            )
          : error,
      ),
    );
    child.once('exit', (code, signal) =>
      reject(new Error(`redis-server on port ${port} exited (${signal ?? code}) before answering:\n${output}`)),
    );
  });
  const answering = (async () => {
    const deadline = Date.now() + START_WITHIN_MS;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline)
        throw new Error(`redis-server on port ${port} did not answer within ${START_WITHIN_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await Promise.race([answering, failed]);
  } catch (error) {
    child.kill('SIGKILL');
    process.off('exit', killOnExit);
    throw error;
  }
  failed.catch(() => {});
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      process.off('exit', killOnExit);
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

async function openShared(): Promise<SharedRedis> {
  if (await answersPing(USUAL_PORT)) return { url: `redis://127.0.0.1:${USUAL_PORT}`, stop: async () => {} };
  return startThrowaway();
}

// Each tier runs this setup once; both share one Redis, stopped when the last of them tears down.
const SHARED = Symbol.for('reelbot.test.redis-server');
const holder = globalThis as { [SHARED]?: { redis: Promise<SharedRedis>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  holder[SHARED] ??= { redis: openShared(), users: 0 };
  const shared = holder[SHARED];
  shared.users += 1;
  let redis: SharedRedis;
  try {
    redis = await shared.redis;
  } catch (error) {
    delete holder[SHARED];
    throw error;
  }
  project.provide('redisUrl', redis.url);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await redis.stop();
  };
}
