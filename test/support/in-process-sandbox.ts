import { type HttpTransport, TransportError } from '../../src/core/media/http-transport.ts';
import { API_PREFIX } from '../../src/sandbox/api-routes.ts';
import { createSandboxApp } from '../../src/sandbox/app.ts';
import { DEFAULT_SANDBOX_OPTIONS, type SandboxOptions } from '../../src/sandbox/options.ts';
import type { Sandbox } from '../../src/sandbox/server.ts';

// The media API simulator without a socket: the bot's media client calls its handler through a transport,
// and its webhooks are handed to the bot's request handler, as the listener would hand them over.

/** The standalone sandbox's address, as its output URLs show it; in process nothing connects to it. */
const ORIGIN = 'http://127.0.0.1:4010';

export interface InProcessSandbox extends Sandbox {
  /** The media client's way in (BotOptions.infra.mediaTransport). */
  transport: HttpTransport;
}

export interface InProcessSandboxOptions {
  sandbox?: Partial<SandboxOptions>;
  /** Answers a webhook POST to `url` with its status, as the bot's listener would; throws when nobody listens. */
  receive(url: string, payload: string): Promise<number>;
  /** The media client's wait for an answer: a slower one fails as a timeout would. */
  headersTimeoutMs?: number;
}

export function createInProcessSandbox(options: InProcessSandboxOptions): InProcessSandbox {
  const app = createSandboxApp({
    ...DEFAULT_SANDBOX_OPTIONS,
    ...options.sandbox,
    origin: ORIGIN,
    async deliverWebhook(url, payload) {
      try {
        return { status: await options.receive(url, payload), error: null };
      } catch (err) {
        return { status: null, error: err instanceof Error ? err.message : String(err) };
      }
    },
  });
  const timeoutMs = options.headersTimeoutMs ?? 30_000;
  const transport: HttpTransport = {
    async request(req) {
      const headers = { ...req.headers, ...(req.body === undefined ? {} : { 'content-type': 'application/json' }) };
      const answer = app.handle({ method: req.method, path: API_PREFIX + req.path, headers, body: req.body });
      if (answer.delayMs) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(answer.delayMs ?? 0, timeoutMs)));
        if ((answer.delayMs ?? 0) > timeoutMs) throw new TransportError(`no answer within ${timeoutMs} ms`, true);
      }
      const bodyText = typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');
      const lowered = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v]));
      return { status: answer.status, headers: lowered, bodyText };
    },
    close: async () => undefined,
  };
  return {
    baseUrl: `${ORIGIN}${API_PREFIX}`,
    origin: ORIGIN,
    posts: () => app.posts(),
    transport,
    async close() {
      app.close();
    },
  };
}
