// What the bot's one HTTP listener (src/infra/http) sends back for a route the core answers: a media API
// webhook delivery, /healthz.

export interface HttpResult {
  status: number;
  body: string;
  contentType?: string;
  /** Further response headers (the review pages' security headers). */
  headers?: Record<string, string>;
  /** Work to do after the answer is sent (the sender wants a 2xx at once). */
  after?: () => Promise<void>;
}

/** POST /webhooks/media/:token: the token and the raw body in, the answer out (src/core/jobs/webhook.ts). */
export type WebhookHandler = (token: string, rawBody: Buffer) => Promise<HttpResult>;

/** A request to a page route of the listener (the outside review pages): read through one place, answered as HTML. */
export interface PageRequest {
  method: string;
  path: string;
  body(): Promise<Buffer>;
}

/** Pages under one path prefix (`/review/`), answered by the core; the listener adds its per-client limit. */
export interface PageRoute {
  prefix: string;
  handle(req: PageRequest): Promise<HttpResult>;
  /** The answer when a client asked too often. */
  tooMany(): HttpResult;
  /** The answer when the request failed: 413 (its body was too large) or 500 (the listener logged why). */
  failed(status: 413 | 500): HttpResult;
}
