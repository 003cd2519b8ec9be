// Slack's HTTP requests as web routes, called directly (no socket): refused before Bolt sees them when unsigned,
// forged or off by more than 5 minutes either way; answered the moment a listener acknowledges while its work goes
// on; an ack never sent is logged at 3 s and answered 404, as Bolt's own receiver does.
import type { App, ReceiverEvent } from '@slack/bolt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '../../src/core/platform/route.ts';
import { createSlackHttpReceiver } from '../../src/slack/http-receiver.ts';
import { encodeBody, slackSignature } from '../doubles/slack/index.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';

const SECRET = 'receiver-secret';
const ctx = { params: {}, client: 'in-process', after: () => undefined };

function signed(payload: Record<string, unknown>, kind: 'command' | 'event' = 'command', at = Date.now()) {
  const { body, type } = encodeBody(kind, payload);
  const timestamp = Math.floor(at / 1000);
  return new Request('http://bot.test/slack/commands', {
    method: 'POST',
    body,
    headers: {
      'content-type': type,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(SECRET, timestamp, body),
    },
  });
}

/** A receiver bound to an app whose processEvent is `process`, and the route of /slack/commands. */
function receiverWith(process: (event: ReceiverEvent) => Promise<void>) {
  const logger = createRecordingLogger();
  const receiver = createSlackHttpReceiver({ signingSecret: SECRET, logger, ready: async () => true });
  const events: ReceiverEvent[] = [];
  receiver.init({
    processEvent: async (event: ReceiverEvent) => {
      events.push(event);
      await process(event);
    },
  } as unknown as App);
  const route = receiver.routes.find((r) => r.path === '/slack/commands') as Route;
  return { route, events, logger };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Slack’s HTTP requests through the receiver', () => {
  it('serves the four request URLs of the manifest, POST only', () => {
    const { route } = receiverWith(async () => undefined);
    expect(route.method).toBe('POST');
    const receiver = createSlackHttpReceiver({
      signingSecret: SECRET,
      logger: createRecordingLogger(),
      ready: async () => true,
    });
    expect(receiver.routes.map((r) => r.path)).toEqual([
      '/slack/events',
      '/slack/commands',
      '/slack/interactivity',
      '/slack/options',
    ]);
  });

  it('refuses a forged signature, and a timestamp 6 minutes in the past or the future, before Bolt sees them', async () => {
    const { route, events } = receiverWith(async (e) => void (await e.ack()));
    const forged = signed({ command: '/clip' });
    forged.headers.set('x-slack-signature', 'v0=00');
    const answers = await Promise.all([
      route.handle(forged, ctx),
      route.handle(signed({ command: '/clip' }, 'command', Date.now() - 6 * 60_000), ctx),
      route.handle(signed({ command: '/clip' }, 'command', Date.now() + 6 * 60_000), ctx),
    ]);
    expect(answers.map((a) => (a as Response).status)).toEqual([401, 401, 401]);
    expect(events).toEqual([]);
  });

  it('answers Slack’s URL check with its challenge', async () => {
    const { route, events } = receiverWith(async () => undefined);
    const answer = (await route.handle(
      signed({ type: 'url_verification', challenge: 'c-123' }, 'event'),
      ctx,
    )) as Response;
    expect(await answer.json()).toEqual({ challenge: 'c-123' });
    expect(events).toEqual([]);
  });

  it('answers at the acknowledgement, with what it carried, while the work after it goes on', async () => {
    let finish: () => void = () => undefined;
    const work = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { route, events } = receiverWith(async (e) => {
      await e.ack({ response_action: 'errors', errors: { url: 'A link, please' } });
      await work;
    });
    const answer = (await route.handle(signed({ command: '/clip', text: 'x' }), ctx)) as Response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ response_action: 'errors', errors: { url: 'A link, please' } });
    expect(events[0]?.body).toMatchObject({ command: '/clip', text: 'x' });
    finish();
  });

  it('logs an acknowledgement never sent at 3 s and answers 404', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { route, logger } = receiverWith(async () => undefined);
    const pending = route.handle(signed({ command: '/clip' }), ctx);
    await vi.advanceTimersByTimeAsync(3000);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(((await pending) as Response).status).toBe(404);
    expect(logger.lines.map((l) => [l.level, l.msg])).toEqual([
      ['error', 'a Slack request was not acknowledged within 3 s'],
    ]);
  });

  it('answers 503 while the app cannot take requests yet (its token check failed or is late)', async () => {
    const receiver = createSlackHttpReceiver({
      signingSecret: SECRET,
      logger: createRecordingLogger(),
      ready: async () => false,
    });
    receiver.init({ processEvent: async () => undefined } as unknown as App);
    const route = receiver.routes.find((r) => r.path === '/slack/commands') as Route;
    expect(((await route.handle(signed({ command: '/clip' }), ctx)) as Response).status).toBe(503);
  });
});
