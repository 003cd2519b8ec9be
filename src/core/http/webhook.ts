import type { JobService } from '../jobs/service.ts';
import { projectSchema } from '../media/schemas.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Clock, Logger } from '../ports.ts';

// POST /webhooks/media/:token. A delivery proves nothing about who sent it (the API signs nothing), so
// it only tells us *when* to look: the token must be one we issued, the body must name that token's
// project, and the result itself is then read back from the API by the settle path.

export interface Answer {
  status: number;
  body: string;
  contentType?: string;
  /** Work to do after the answer is sent (the sender wants a 2xx at once). */
  after?: () => Promise<void>;
}

/** A delivery's settle runs at once; the poll only backs it up, a little later, if that settle fails. */
const POLL_AFTER_WEBHOOK_MS = 5_000;

const json = (status: number, body: unknown): Answer => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

export function createWebhookHandler(deps: { jobs: JobService; logger: Logger; metrics: Metrics; clock: Clock }) {
  const { jobs, logger, metrics } = deps;
  const outcome = (o: string) => metrics.inc('reelbot_webhook_deliveries_total', { outcome: o });

  return async function handleDelivery(token: string, rawBody: Buffer): Promise<Answer> {
    const record = await jobs.repo.findToken(token);
    if (!record) {
      outcome('unknown_token');
      return json(404, { error: 'unknown or expired webhook' });
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      outcome('bad_body');
      return json(400, { error: 'body is not JSON' });
    }
    const parsed = projectSchema.safeParse(body);
    if (!parsed.success || !parsed.data.projectId) {
      outcome('bad_body');
      return json(400, { error: 'body is not a project' });
    }
    const job = await jobs.repo.get(record.jobId);
    const expected = job?.projectIds[record.part];
    if (!job || !expected) {
      // Created moments ago and not yet recorded: the sender retries later, and the poller looks too.
      outcome('early');
      return json(503, { error: 'not ready for this delivery yet' });
    }
    if (parsed.data.projectId !== expected) {
      outcome('wrong_project');
      logger.warn({ jobId: job.id }, 'webhook delivery names another project; ignored');
      return json(400, { error: 'delivery does not match this webhook' });
    }
    const pending = await jobs.repo.getPending(job.id);
    if (pending) await jobs.repo.setPending({ ...pending, seenAt: deps.clock.now() });
    // If settling below fails, the job's poll comes soon rather than after its backoff.
    if (pending) await jobs.schedulePoll(job.id, deps.clock.now() + POLL_AFTER_WEBHOOK_MS);
    outcome('accepted');
    return {
      ...json(200, { ok: true }),
      after: async () => {
        try {
          const settled = await jobs.settle(job.id, record.part, 'webhook');
          metrics.inc('reelbot_webhook_settles_total', { outcome: settled });
        } catch (err) {
          metrics.inc('reelbot_webhook_settles_total', { outcome: 'error' });
          // The poller picks it up: "completion seen" is persisted above.
          logger.warn({ err, jobId: job.id }, 'settling after a webhook failed; the poller will retry');
        }
      },
    };
  };
}
export type WebhookHandler = ReturnType<typeof createWebhookHandler>;
