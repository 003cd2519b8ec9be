// The whole bot as production builds it for Slack (src/start-bot.ts): the in-process sandbox and a temp
// SQLite store, the real Slack adapter built from the configuration, and one HTTP listener serving
// Slack's requests, media webhooks and health together.
// Slack's side is played by the Web API double (and, in Socket Mode, the Socket Mode double).
import type { RunningBot } from '../../src/start-bot.ts';
import {
  type SlackCall,
  type SlackWebApiDouble,
  type SocketModeDouble,
  sendSigned,
  startSlackWebApi,
  startSocketMode,
  TEAM_ID,
  waitFor,
} from '../doubles/slack/index.ts';
import { startTestBot } from '../support/bot.ts';
import type { RecordingLogger } from '../support/recording-logger.ts';
import { CHANNEL, SECRET, USERS } from './harness.ts';

export { appMention } from './harness.ts';

export { CHANNEL, SECRET };
export const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

export interface SlackE2e {
  app: RunningBot;
  web: SlackWebApiDouble;
  /** Socket Mode only. */
  socket?: SocketModeDouble;
  logger: RecordingLogger;
  /** http://127.0.0.1:PORT, the bot's one listener. */
  base: string;
  /** POSTs a correctly signed request to the bot's listener. */
  send(
    path: string,
    kind: 'command' | 'interactive' | 'event',
    payload: Record<string, unknown>,
  ): ReturnType<typeof sendSigned>;
  close(): Promise<void>;
}

export async function startSlackE2e(mode: 'http' | 'socket' = 'http'): Promise<SlackE2e> {
  const web = await startSlackWebApi({ users: USERS });
  const socket = mode === 'socket' ? await startSocketMode() : undefined;
  if (socket) web.setSocketUrl(socket.url);
  const bot = await startTestBot({
    online: true,
    env: {
      SLACK_BOT_TOKEN: 'xoxb-e2e',
      SLACK_API_URL: web.apiUrl,
      ...(socket ? { SLACK_APP_TOKEN: 'xapp-e2e' } : { SLACK_SIGNING_SECRET: SECRET }),
    },
    tuning: {
      timings: { firstPollMs: 60_000, maxPollMs: 60_000 },
      slackPace: { intervalMs: 0 },
    },
  });
  const { app, logger } = bot;
  if (socket) await socket.waitForConnection();
  const base = `http://127.0.0.1:${app.port}`;
  return {
    app,
    web,
    ...(socket ? { socket } : {}),
    logger,
    base,
    send: (path, kind, payload) => sendSigned(`${base}${path}`, kind, payload, { secret: SECRET }),
    async close() {
      await bot.close();
      await socket?.close();
      await web.close();
    },
  };
}

// ---------------------------------------------------------------- reading what the bot sent to Slack

export interface Element {
  type: string;
  action_id?: string;
  value?: string;
  url?: string;
  text?: { text: string };
}

export interface Block {
  type: string;
  block_id?: string;
  image_url?: string;
  text?: { text: string };
  elements?: Element[];
}

export interface Post {
  channel: string;
  text: string;
  ts: string;
  thread_ts?: string;
  blocks: Block[];
}

function asPost(call: SlackCall): Post {
  const a = call.args;
  return {
    channel: String(a.channel ?? ''),
    text: String(a.text ?? ''),
    ts: String(call.response?.ts ?? ''),
    ...(typeof a.thread_ts === 'string' ? { thread_ts: a.thread_ts } : {}),
    blocks: Array.isArray(a.blocks) ? (a.blocks as Block[]) : [],
  };
}

/** Every message the bot posted (chat.postMessage answered ok), in order. */
export function posts(web: SlackWebApiDouble): Post[] {
  return web
    .callsOf('chat.postMessage')
    .filter((c) => c.status === 200 && c.response?.ok === true)
    .map(asPost);
}

export function threadReplies(web: SlackWebApiDouble, threadTs: string): Post[] {
  return posts(web).filter((p) => p.thread_ts === threadTs);
}

export async function waitForPost(web: SlackWebApiDouble, what: string, match: (p: Post) => boolean): Promise<Post> {
  await waitFor(() => posts(web).some(match), what, 10_000);
  return posts(web).find(match) as Post;
}

export const elements = (blocks: readonly Block[]): Element[] => blocks.flatMap((b) => b.elements ?? []);

/** Everything the bot sent to Slack: Web API calls and response_url posts, as one string. */
export function everythingSent(web: SlackWebApiDouble): string {
  return JSON.stringify([web.calls.map((c) => c.args), web.responses.map((r) => r.body)]);
}

// ---------------------------------------------------------------- what Slack sends the bot

let clicks = 0;

export function blockAction(
  web: SlackWebApiDouble,
  element: Element,
  message: { ts: string; thread_ts?: string; ephemeral?: boolean },
  userId = 'U0MEMBER',
) {
  const id = `click${++clicks}`;
  const ephemeral = message.ephemeral === true;
  return {
    type: 'block_actions',
    team: { id: TEAM_ID, domain: 'double' },
    user: { id: userId, username: USERS.find((u) => u.id === userId)?.name ?? 'someone', team_id: TEAM_ID },
    api_app_id: 'A0REELBOT',
    trigger_id: `trigger.${id}`,
    container: { type: 'message', message_ts: message.ts, channel_id: CHANNEL, is_ephemeral: ephemeral },
    channel: { id: CHANNEL, name: 'general' },
    // Slack leaves the message out of clicks on ephemeral messages.
    ...(ephemeral ? {} : { message: { type: 'message', ts: message.ts, thread_ts: message.thread_ts, text: '' } }),
    response_url: web.responseUrl(id),
    actions: [
      {
        type: element.type,
        action_id: element.action_id,
        block_id: 'b',
        ...(element.value !== undefined ? { value: element.value } : {}),
        action_ts: '1700000300.000000',
      },
    ],
  };
}

/** Each submission is its own view (Slack gives every opened modal an id; the bot answers each once). */
let submissions = 0;

export function viewSubmission(view: unknown, values: Record<string, unknown>, userId = 'U0MEMBER') {
  const n = ++submissions;
  return {
    type: 'view_submission',
    team: { id: TEAM_ID, domain: 'double' },
    user: { id: userId, username: USERS.find((u) => u.id === userId)?.name ?? 'someone', team_id: TEAM_ID },
    api_app_id: 'A0REELBOT',
    trigger_id: `trigger.submit${n}`,
    view: { ...(view as object), id: `V${n}`, team_id: TEAM_ID, type: 'modal', state: { values }, hash: 'h' },
    response_urls: [],
  };
}

/** The view the bot opened with views.open (the n-th, 0-based). */
export function openedView(web: SlackWebApiDouble, n = 0): { callback_id: string; blocks: Block[] } {
  const call = web.callsOf('views.open')[n];
  if (!call) throw new Error('no views.open call');
  return (call.args as { view: { callback_id: string; blocks: Block[] } }).view;
}
