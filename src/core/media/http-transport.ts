// The one file in src/core that imports undici: a keep-alive pool to the media API's origin, with
// connect, header and body deadlines, behind a minimal request/response interface the client uses.

import { type Dispatcher, Pool } from 'undici';

/** What tests inject (undici MockAgent) in place of the pool. */
export type HttpDispatcher = Dispatcher;

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, starting with '/'. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  bodyText: string;
}

export interface HttpTransport {
  request(req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

export interface HttpTransportOptions {
  baseUrl: string;
  dispatcher?: HttpDispatcher;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Largest body read; the voice catalogue (800+ entries) is about 200 KB. */
  maxBodyBytes?: number;
}

/** The request never got an answer: no connection, a reset, or a deadline passed. */
export class TransportError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, timedOut: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransportError';
    this.timedOut = timedOut;
  }
}

const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher: Dispatcher =
    options.dispatcher ??
    new Pool(base.origin, {
      connections: 8,
      // Keep sockets between a poller's ticks; the server may close earlier, undici then reconnects.
      keepAliveTimeout: 10_000,
      connectTimeout: options.connectTimeoutMs,
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
    });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  async function request(req: HttpRequest): Promise<HttpResponse> {
    const controller = new AbortController();
    const deadline = createDeadline(controller);
    // undici enforces connect/headers timeouts on real sockets; this deadline also bounds dispatchers
    // that do not (mocks, proxies) and covers the whole exchange.
    deadline.arm(options.connectTimeoutMs + options.headersTimeoutMs);
    try {
      const res = await dispatcher.request({
        origin: base.origin,
        path: basePath + req.path,
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        headersTimeout: options.headersTimeoutMs,
        bodyTimeout: options.bodyTimeoutMs,
        signal: controller.signal,
      });
      deadline.arm(options.bodyTimeoutMs);
      const bodyText = await readBody(res.body, maxBodyBytes);
      return { status: res.statusCode, headers: flattenHeaders(res.headers), bodyText };
    } catch (err) {
      throw toTransportError(err, deadline.fired(), `${req.method} ${req.path}`);
    } finally {
      deadline.clear();
    }
  }

  return {
    request,
    async close() {
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

function createDeadline(controller: AbortController) {
  let timer: NodeJS.Timeout | undefined;
  let fired = false;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    arm(ms: number) {
      clear();
      timer = setTimeout(() => {
        fired = true;
        controller.abort(new TransportError(`no answer within ${ms} ms`, true));
      }, ms);
      timer.unref();
    },
    clear,
    fired: () => fired,
  };
}

async function readBody(body: AsyncIterable<Buffer | Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw new TransportError(`response body larger than ${maxBytes} bytes`, false);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function toTransportError(err: unknown, deadlineFired: boolean, what: string): TransportError {
  if (err instanceof TransportError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  const timedOut = deadlineFired || TIMEOUT_CODES.has(code);
  const reason = err instanceof Error ? err.message : String(err);
  return new TransportError(`${what} failed: ${timedOut ? 'timed out' : reason}`, timedOut, { cause: err });
}
