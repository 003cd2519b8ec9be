import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.ts';

/** Starts a sandbox on an ephemeral loopback port, closed after the current test. */
export async function sandboxForTest(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', ...options });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Calls the sandbox's API with a key (pass key: null to send none). */
export async function call(
  sandbox: Sandbox,
  method: 'GET' | 'POST',
  path: string,
  options: { key?: string | null; body?: unknown } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = options.key === undefined ? 'test-key' : options.key;
  if (key !== null) headers['x-api-key'] = key;
  const res = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Polls `probe` until it returns a value other than undefined; fails after `timeoutMs` (generous). */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 15_000, intervalMs = 20, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export interface Delivery {
  body: unknown;
  headers: IncomingHttpHeaders;
}

/** What a receiver answers to the nth delivery (1-based): a status code, or 'hang' to never answer. */
export type ReceiverScript = (n: number) => number | 'hang';

/** A real webhook receiver on 127.0.0.1:0 that records every delivery. */
export async function webhookReceiver(script: ReceiverScript = () => 200) {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ body: JSON.parse(Buffer.concat(chunks).toString()), headers: req.headers });
      const answer = script(deliveries.length);
      if (answer !== 'hang') res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/media`;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url, deliveries };
}

/** A webhook URL nothing listens on (the discard port), for tests that do not look at deliveries. */
export const NOWHERE = 'http://127.0.0.1:9/webhook';
