// Refusing replayed Slack requests. A signed request captured on the way (a proxy log, a leaked
// capture) stays valid for Bolt as long as its timestamp is within 5 minutes in the past, and Bolt never
// checks the future: the same signed /clip sent 10 times made 10 projects. Each command, click and
// form submission carries a trigger_id Slack never reuses, so a second request with one is a replay.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from '@slack/bolt';
import { StoreUnavailableError } from '../core/errors.ts';
import { describeError } from '../core/media/describe-error.ts';
import type { Once } from '../core/once.ts';
import type { Logger } from '../core/ports.ts';

/** Slack's window for a request timestamp, applied both ways. */
export const MAX_SKEW_SECONDS = 5 * 60;
/** Longer than any timestamp the skew check lets through (5 minutes either side). */
const SEEN_MS = 15 * 60_000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Answers 401 to a request whose timestamp is more than 5 minutes off; the rest goes on to Bolt. */
export function refuseSkewedTimestamps(handler: Handler, nowMs: () => number = Date.now): Handler {
  return (req, res) => {
    const header = req.headers['x-slack-request-timestamp'];
    const ts = Number(Array.isArray(header) ? header[0] : header);
    if (Number.isFinite(ts) && Math.abs(nowMs() / 1000 - ts) > MAX_SKEW_SECONDS) {
      // Drain the body so the connection can be reused, then refuse like Bolt does for a stale one.
      req.resume();
      res.writeHead(401, { 'content-type': 'text/plain' }).end('request timestamp out of range');
      return;
    }
    handler(req, res);
  };
}

/** A global Bolt middleware: the second request with a trigger_id is acknowledged and dropped. */
export function registerReplayRefusal(app: App, options: { once: Once; logger: Logger }): void {
  app.use(async (args) => {
    const triggerId = (args.body as { trigger_id?: unknown }).trigger_id;
    if (typeof triggerId !== 'string' || triggerId === '') return args.next();
    const ack = (args as { ack?: Ack }).ack;
    let first: boolean;
    try {
      first = await options.once.first({ kind: 'inbound', platform: 'slack', id: `trigger:${triggerId}` }, SEEN_MS);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      // Without the store nothing can be done (nor a replay told apart): say so instead of an empty answer.
      options.logger.warn({ err, triggerId }, 'Slack request refused: the store is unavailable');
      await unavailable(args as Unavailable, describeError(err));
      return;
    }
    if (first) return args.next();
    options.logger.warn({ triggerId }, 'refused a replayed Slack request (trigger_id seen before)');
    if (ack) await ack();
  });
}

type Ack = (response?: Record<string, unknown>) => Promise<void>;
interface Unavailable {
  body: { command?: unknown };
  ack?: Ack;
  respond?: (message: Record<string, unknown>) => Promise<unknown>;
}

/** A command's answer rides on its ack; a click's goes to its response_url; a form just closes. */
async function unavailable({ body, ack, respond }: Unavailable, text: string): Promise<void> {
  const message = { response_type: 'ephemeral', text };
  if (typeof body.command === 'string') return ack?.(message);
  await ack?.();
  await respond?.({ ...message, replace_original: false }).catch(() => undefined);
}
