import { StoreUnavailableError } from '../errors.ts';
import type { Metrics } from '../metrics.ts';
import type { HttpResult, WebhookHandler } from '../platform/http-result.ts';
import type { Clock, Logger } from '../ports.ts';
import type { JobService, Received } from './service.ts';

// POST /webhooks/media/:token. A delivery proves nothing about who sent it (the API signs nothing), so
// it only tells us *when* to look: the token must be one we issued, the body must name that token's
// project, and the result itself is then read back from the API by the settle path.

const json = (status: number, body: unknown): HttpResult => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

const ANSWERS: Record<Exclude<Received['outcome'], 'accepted'>, HttpResult> = {
  unknown_token: json(404, { error: 'unknown or expired webhook' }),
  bad_body: json(400, { error: 'body is not a project' }),
  // Created moments ago and not yet recorded: the sender retries later, and the poller looks too.
  early: json(503, { error: 'not ready for this delivery yet' }),
  wrong_project: json(400, { error: 'delivery does not match this webhook' }),
};
/** A delivery for a job that ended (the API repeating itself) has no work after it: one shared answer. */
const ACCEPTED = json(200, { ok: true });

export function createWebhookHandler(deps: {
  jobs: JobService;
  logger: Logger;
  metrics: Metrics;
  clock: Clock;
}): WebhookHandler {
  const { jobs, logger, metrics } = deps;
  const outcome = (o: string) => metrics.inc('reelbot_webhook_deliveries_total', { outcome: o });

  return async function handleDelivery(token: string, rawBody: Buffer): Promise<HttpResult> {
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
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
      return json(503, { error: 'temporarily unavailable; retry later' });
    }
    if (received.outcome !== 'accepted') {
      outcome(received.outcome);
      return ANSWERS[received.outcome];
    }
    outcome('accepted');
    const { jobId, settle } = received;
    if (!settle) {
      metrics.inc('reelbot_webhook_settles_total', { outcome: 'skipped' });
      return ACCEPTED;
    }
    return {
      ...ACCEPTED,
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
