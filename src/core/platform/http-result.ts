// What the bot's one HTTP listener (src/infra/http) sends back for a route the core answers: a media API
// webhook delivery, /healthz.

export interface HttpResult {
  status: number;
  body: string;
  contentType?: string;
  /** Work to do after the answer is sent (the sender wants a 2xx at once). */
  after?: () => Promise<void>;
}

/** POST /webhooks/media/:token: the token and the raw body in, the answer out (src/core/jobs/webhook.ts). */
export type WebhookHandler = (token: string, rawBody: Buffer) => Promise<HttpResult>;
