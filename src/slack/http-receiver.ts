// HTTP mode's receiver: Slack's signed requests as routes of the bot's web edge, a web-standard Request in and a
// Response out, through Bolt's documented Receiver interface (AwsLambdaReceiver is the model of one without node's
// request and response). Each request's signature (v0 HMAC-SHA256, verifySlackRequest) and its timestamp, within 5
// minutes either way (Bolt only checks the past; replay.ts), are checked before Bolt sees it; the answer goes back
// the moment a listener acknowledges (the work after ack() goes on), and an alarm at 3,001 ms logs an ack never
// sent, since Slack shows the person an error after 3 s.
import { type App, type Receiver, type ReceiverEvent, ReceiverMultipleAckError, verifySlackRequest } from '@slack/bolt';
import type { Route } from '../core/platform/route.ts';
import type { Logger } from '../core/ports.ts';
import { SLACK_PATHS } from './paths.ts';
import { MAX_SKEW_SECONDS } from './replay.ts';

/** Slack gives up on an answer after 3 s; a moment later the missing ack is logged. */
const ACK_ALARM_MS = 3001;

export interface SlackHttpReceiver extends Receiver {
  /** POST /slack/events, /slack/commands, /slack/interactivity, /slack/options. */
  readonly routes: readonly Route[];
}

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** What a listener acknowledged with, as Slack reads it: empty, text, or JSON (a form's errors, options). */
function acknowledged(body: unknown): Response {
  if (body === undefined || body === null || body === '') return new Response(null, { status: 200 });
  if (typeof body === 'string') return new Response(body, { status: 200 });
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Commands and interactivity come as a form (interactivity's `payload` is JSON), events as JSON. */
function parseBody(raw: string, contentType: string): Record<string, unknown> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(new URLSearchParams(raw));
    return typeof form.payload === 'string' ? (JSON.parse(form.payload) as Record<string, unknown>) : form;
  }
  return JSON.parse(raw) as Record<string, unknown>;
}

export function createSlackHttpReceiver(options: {
  signingSecret: string;
  logger: Logger;
  /** Resolves true once the app may take requests (its token checked), false when it never will. */
  ready(): Promise<boolean>;
  now?: () => number;
}): SlackHttpReceiver {
  const { logger } = options;
  const now = options.now ?? Date.now;
  let app: App | undefined;

  async function handle(request: Request): Promise<Response> {
    const raw = await request.text();
    const timestamp = Number(request.headers.get('x-slack-request-timestamp'));
    // A signed request captured on the way stays valid 5 minutes in the past for Bolt, and forever in the future.
    if (!Number.isFinite(timestamp) || Math.abs(now() / 1000 - timestamp) > MAX_SKEW_SECONDS)
      return text(401, 'request timestamp out of range');
    try {
      verifySlackRequest({
        signingSecret: options.signingSecret,
        body: raw,
        headers: {
          'x-slack-signature': request.headers.get('x-slack-signature') ?? '',
          'x-slack-request-timestamp': timestamp,
        },
      });
    } catch {
      logger.info('refused a Slack request whose signature does not match');
      return text(401, 'invalid signature');
    }
    let body: Record<string, unknown>;
    try {
      body = parseBody(raw, request.headers.get('content-type') ?? '');
    } catch {
      return text(400, 'unreadable body');
    }
    if (body.ssl_check !== undefined) return new Response(null, { status: 200 });
    if (body.type === 'url_verification')
      return new Response(JSON.stringify({ challenge: body.challenge }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    // Bolt fails a request before it checked its token ("this.authorize is not a function"); the start waits for
    // the check, and the person sees Slack's own error at once when it failed or takes too long.
    if (!app || !(await options.ready())) return text(503, 'reelbot is not connected to Slack yet');
    const bolt = app;
    const retryNum = Number.parseInt(request.headers.get('x-slack-retry-num') ?? '', 10);
    const retryReason = request.headers.get('x-slack-retry-reason');
    return new Promise<Response>((resolve) => {
      let acked = false;
      // As Bolt's HTTPReceiver: an ack never sent is logged, and Slack is answered 404 (no listener took it).
      const alarm = setTimeout(() => {
        if (acked) return;
        acked = true;
        logger.error({ path: new URL(request.url).pathname }, 'a Slack request was not acknowledged within 3 s');
        resolve(text(404, 'no listener acknowledged this request'));
      }, ACK_ALARM_MS);
      const event: ReceiverEvent = {
        body,
        ...(Number.isFinite(retryNum) ? { retryNum } : {}),
        ...(retryReason ? { retryReason } : {}),
        customProperties: {},
        ack: async (response?: unknown) => {
          if (acked) throw new ReceiverMultipleAckError();
          acked = true;
          clearTimeout(alarm);
          resolve(acknowledged(response));
        },
      };
      bolt.processEvent(event).then(
        // Not acknowledged yet: a listener may still ack until the alarm.
        () => undefined,
        (err: unknown) => {
          if (acked) {
            logger.error({ err }, 'a Slack request failed after it was acknowledged');
            return;
          }
          acked = true;
          clearTimeout(alarm);
          logger.error({ err }, 'a Slack request failed before it was acknowledged');
          resolve(text(500, 'reelbot could not handle this request'));
        },
      );
    });
  }

  return {
    init(bolt) {
      app = bolt;
    },
    // The web edge listens; the receiver has no socket of its own to open or close.
    start: async () => undefined,
    stop: async () => undefined,
    routes: Object.values(SLACK_PATHS).map((path): Route => ({ method: 'POST', path, handle })),
  };
}
