import { type ClientRequest, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** One delivery attempt, as GET /sandbox/webhooks lists it. */
export interface WebhookAttempt {
  projectId: string;
  url: string;
  /** 1 for the first POST, 2..6 for the retries. */
  attempt: number;
  /** 1, or 2 for the duplicate copy when duplicates are on. */
  copy: number;
  /** The receiver's status code, or null when it did not answer (timeout, refused). */
  status: number | null;
  outcome: 'delivered' | 'failed' | 'gave_up';
  error: string | null;
  at: string;
}

export interface WebhookSenderOptions {
  retryMs: number;
  timeoutMs: number;
  duplicates: boolean;
  /** The docs: retried up to 5 times, then given up. */
  maxRetries?: number;
  now?: () => number;
  /** Instead of an HTTP POST: how a test hands the webhook to a bot running in its own process. */
  deliver?: WebhookDelivery;
}

/** The receiver's status, or null with the error when it did not answer (timeout, refused). */
export type PostResult = { status: number | null; error: string | null };

/** One delivery attempt of a payload to its URL. */
export type WebhookDelivery = (url: string, payload: string) => Promise<PostResult>;

export interface WebhookSender {
  send(url: string, projectId: string, body: unknown): void;
  attempts(): WebhookAttempt[];
  /** Cancels pending retries and aborts requests in flight. */
  close(): void;
}

// Bound on the attempts log kept for GET /sandbox/webhooks.
const MAX_LOGGED_ATTEMPTS = 1000;

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const maxRetries = options.maxRetries ?? 5;
  const now = options.now ?? Date.now;
  const log: WebhookAttempt[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<ClientRequest>();
  let closed = false;

  function post(url: string, payload: string): Promise<PostResult> {
    return new Promise((resolve) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      let req: ClientRequest;
      try {
        // agent: false closes the connection after each delivery, so no socket outlives close().
        req = send(url, {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'user-agent': 'media-api-sandbox',
          },
          timeout: options.timeoutMs,
        });
      } catch (err) {
        resolve({ status: null, error: err instanceof Error ? err.message : String(err) });
        return;
      }
      const done = (r: PostResult) => {
        if (!inFlight.delete(req)) return;
        resolve(r);
      };
      inFlight.add(req);
      req.on('response', (res) => {
        res.resume();
        done({ status: res.statusCode ?? null, error: null });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      req.on('error', (err) => done({ status: null, error: err.message }));
      req.end(payload);
    });
  }

  function record(a: Omit<WebhookAttempt, 'at'>): void {
    log.push({ ...a, at: new Date(now()).toISOString() });
    if (log.length > MAX_LOGGED_ATTEMPTS) log.shift();
  }

  function later(fn: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, options.retryMs);
    timers.add(timer);
  }

  /** Posts until a 2xx, retrying up to maxRetries times; calls `then` with whether it got through. */
  function deliver(url: string, projectId: string, payload: string, copy: number, attempt: number, then?: () => void) {
    if (closed) return;
    void (options.deliver ?? post)(url, payload).then(({ status, error }) => {
      if (closed) return;
      const ok = status !== null && status >= 200 && status < 300;
      const last = !ok && attempt > maxRetries;
      record({ projectId, url, attempt, copy, status, outcome: ok ? 'delivered' : last ? 'gave_up' : 'failed', error });
      if (ok) then?.();
      else if (!last) later(() => deliver(url, projectId, payload, copy, attempt + 1, then));
    });
  }

  return {
    send(url, projectId, body) {
      const payload = JSON.stringify(body);
      const duplicate = () => deliver(url, projectId, payload, 2, 1);
      deliver(url, projectId, payload, 1, 1, options.duplicates ? duplicate : undefined);
    },
    attempts: () => log.map((a) => ({ ...a })),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const req of inFlight) req.destroy();
      inFlight.clear();
    },
  };
}
