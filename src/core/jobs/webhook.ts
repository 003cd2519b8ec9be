import { StoreUnavailableError } from '../errors.ts';
import { type Metrics, secondsSince } from '../metrics.ts';
import type { Route } from '../platform/route.ts';
import type { Clock, Logger } from '../ports.ts';
import type { JobService, Received } from './service.ts';

// POST /webhooks/media/:token. A delivery proves nothing about who sent it (the API signs nothing), so
// it only tells us *when* to look: the token must be one we issued, the body must name that token's
// project, and the result itself is then read back from the API by the settle path.

export const WEBHOOK_PATH = '/webhooks/media/:token';

/** The tokens submit.ts issues fit this; anything else is unknown without asking the store. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

const json = (status: number, body: unknown) => Response.json(body, { status });

const ANSWERS: Record<Exclude<Received['outcome'], 'accepted'>, { status: number; body: { error: string } }> = {
  unknown_token: { status: 404, body: { error: 'unknown or expired webhook' } },
  bad_body: { status: 400, body: { error: 'body is not a project' } },
  // Created moments ago and not yet recorded: the sender retries later, and the poller looks too.
  early: { status: 503, body: { error: 'not ready for this delivery yet' } },
  wrong_project: { status: 400, body: { error: 'delivery does not match this webhook' } },
};

export interface WebhookDeps {
  jobs: JobService;
  logger: Logger;
  metrics: Metrics;
  clock: Clock;
}

/** One delivery's answer, and the settling to do once it is sent (absent for a job that already ended). */
export interface DeliveryAnswer {
  response: Response;
  after?: () => Promise<void>;
}

/** The answer to one delivery: its token and body text in (a function of them alone, for tests without HTTP). */
export function createDeliveryHandler(deps: WebhookDeps): (token: string, text: string) => Promise<DeliveryAnswer> {
  const { jobs, logger, metrics } = deps;
  const outcome = (o: string) => metrics.inc('reelbot_webhook_deliveries_total', { outcome: o });

  return async function handleDelivery(token, text) {
    if (!TOKEN_SHAPE.test(token)) {
      outcome('unknown_token');
      return { response: json(ANSWERS.unknown_token.status, ANSWERS.unknown_token.body) };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    let received: Received;
    try {
      received = await jobs.receive(token, body);
    } catch (err) {
      // The store (or the API, adopting a project) is down: the sender retries a 503 later.
      outcome(err instanceof StoreUnavailableError ? 'store_unavailable' : 'error');
      logger.warn({ err }, 'webhook delivery could not be handled; the sender will retry');
      return { response: json(503, { error: 'temporarily unavailable; retry later' }) };
    }
    if (received.outcome !== 'accepted') {
      outcome(received.outcome);
      const { status, body: answer } = ANSWERS[received.outcome];
      return { response: json(status, answer) };
    }
    outcome('accepted');
    const { jobId, settle } = received;
    if (!settle) {
      // A delivery for a job that ended (the API repeating itself) has no work after it.
      metrics.inc('reelbot_webhook_settles_total', { outcome: 'skipped' });
      return { response: json(200, { ok: true }) };
    }
    return {
      response: json(200, { ok: true }),
      after: async () => {
        try {
          const settled = await settle();
          metrics.inc('reelbot_webhook_settles_total', { outcome: settled });
        } catch (err) {
          metrics.inc('reelbot_webhook_settles_total', { outcome: 'error' });
          // The poller picks it up: the job's poll was moved to within seconds before the answer.
          logger.warn({ err, jobId }, 'settling after a webhook failed; the poller will retry');
        }
      },
    };
  };
}

/** The jobs feature's route on the web edge; its path holds the token, so the edge never logs it. */
export function createWebhookRoute(deps: WebhookDeps): Route {
  const deliver = createDeliveryHandler(deps);
  return {
    method: 'POST',
    path: WEBHOOK_PATH,
    capability: true,
    async handle(request, ctx) {
      const start = performance.now();
      const answer = await deliver(ctx.params.token ?? '', await request.text());
      if (answer.after) ctx.after(answer.after);
      // Answer time only: the settling that follows (`after`) is the job's, not the sender's wait.
      deps.metrics.observe('reelbot_webhook_seconds', {}, secondsSince(start));
      return answer.response;
    },
  };
}
