import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES } from '../core/media/schemas.ts';
import { API_PREFIX } from './api-routes.ts';
import { createSandboxApp, type SandboxApp } from './app.ts';
import { DEFAULT_SANDBOX_OPTIONS, type SandboxOptions } from './options.ts';
import type { PublishedPost } from './posts.ts';
import { apiError, type SandboxResponse } from './responses.ts';

export type { SandboxOptions } from './options.ts';
export type { PublishedPost } from './posts.ts';

export interface Sandbox {
  /** e.g. http://127.0.0.1:PORT/api/v2 */
  baseUrl: string;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  /** What /publish-to-socials received, oldest first. */
  posts(): PublishedPost[];
  /** Stops the server, job timers and webhook retries, so tests and processes exit. */
  close(): Promise<void>;
}

// Request bodies above 1 MB get 413; the API's own bodies are a few hundred bytes.
const MAX_BODY_BYTES = 1024 * 1024;
const TOO_LARGE = apiError(413, 'Payload Too Large: the request body is over 1 MB', { connection: 'close' });

function send(res: ServerResponse, r: SandboxResponse): void {
  const body = typeof r.body === 'string' ? Buffer.from(r.body) : r.body;
  res.writeHead(r.status, { ...r.headers, 'content-length': String(body.length) });
  res.end(body);
}

/** Reads the body, or answers 413 and returns undefined when it is over the limit. */
async function readBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    send(res, TOO_LARGE);
    req.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      send(res, TOO_LARGE);
      req.resume();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function serve(app: SandboxApp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const body = await readBody(req, res);
    if (body === undefined) return;
    const answer = app.handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body });
    if (answer.delayMs) await holdFor(answer.delayMs, res);
    if (!res.destroyed && !res.writableEnded) send(res, answer);
  } catch {
    // One bad request must never take the sandbox down.
    if (!res.headersSent) send(res, apiError(500, ERROR_MESSAGES[500]));
    else res.destroy();
  }
}

/** Waits `ms`, or less when the client gave up (the socket closed); never keeps the process alive. */
function holdFor(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts the sandbox on `host:port` (port 0 = ephemeral) and resolves once it listens. */
export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  const o: SandboxOptions = { ...DEFAULT_SANDBOX_OPTIONS, ...options };
  let app: SandboxApp | undefined;
  const server = createServer((req, res) => {
    if (app) void serve(app, req, res);
    else send(res, apiError(503, 'Service Unavailable: the sandbox is starting'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const origin = originOf(o.host, (server.address() as AddressInfo).port);
  const started = createSandboxApp({ ...o, origin });
  app = started;
  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    posts: () => started.posts(),
    async close() {
      started.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
