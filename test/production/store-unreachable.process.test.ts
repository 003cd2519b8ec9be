import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { run, stopAll } from '../support/bot-process.ts';

// A Redis store that cannot be reached at start-up printed "reelbot stopped: StoreUnavailableError … Connection
// is closed." and a stack: the operator needs one line with the address (never its password), the network's
// reason and the variable to check, exit 1, within the connect bound. Loopback only.

let hole: Server | undefined;
const held: Socket[] = [];
afterEach(async () => {
  await stopAll();
  for (const s of held.splice(0)) s.destroy();
  await new Promise((r) => (hole ? hole.close(r) : r(undefined)));
  hole = undefined;
});

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

/** Accepts connections and never says a word, like a stalled Redis. */
async function blackHole(): Promise<number> {
  hole = createServer((socket) => held.push(socket));
  await new Promise<void>((r) => hole?.listen(0, '127.0.0.1', r));
  return (hole.address() as { port: number }).port;
}

const PASSWORD = 'hunter2-store-password';
const start = (port: number) =>
  run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    MEDIA_API_URL: 'sandbox',
    PORT: '0',
    NODE_ENV: 'production',
    SLACK_BOT_TOKEN: 'xoxb-store-unreachable',
    SLACK_SIGNING_SECRET: 'store-unreachable-secret',
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    STORE_URL: `redis://:${PASSWORD}@127.0.0.1:${port}`,
  });

describe('a Redis store unreachable at start-up', () => {
  it('refused: one line naming the address and ECONNREFUSED, no password, no stack, exit 1', async () => {
    const port = await closedPort();
    const r = start(port);
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain(
      `reelbot cannot start: cannot reach the store at redis://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port} (check STORE_URL)`,
    );
    expect(r.output()).not.toContain(PASSWORD);
    expect(r.output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('silent: gives up within the 5 s connect bound with the same single line', async () => {
    const port = await blackHole();
    const began = Date.now();
    const r = start(port);
    expect(await r.exited).toBe(1);
    expect(Date.now() - began).toBeLessThan(15_000);
    expect(r.output()).toContain(
      `reelbot cannot start: cannot reach the store at redis://127.0.0.1:${port}: no answer within 5000 ms (check STORE_URL)`,
    );
    expect(r.output()).not.toContain(PASSWORD);
    expect(r.output()).not.toMatch(/\n\s+at /);
  }, 30_000);
});
