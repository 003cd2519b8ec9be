// The real Bolt app (through createSlackAdapter) against the Slack doubles, in HTTP mode, its routes on the bot's
// own web edge.
import { createOnce, type Once } from '../../src/core/guarantees/once.ts';
import { createOutbox, type Outbox } from '../../src/core/guarantees/outbox.ts';
import type { Logger } from '../../src/core/ports.ts';
import { createMemoryStore } from '../../src/infra/store/memory-store.ts';
import { createSlackAdapter, type SlackAdapter } from '../../src/slack/index.ts';
import { createWebEdge } from '../../src/web/edge.ts';
import {
  BOT_USER_ID,
  type SlackUser,
  type SlackWebApiDouble,
  sendSigned,
  startSlackWebApi,
  TEAM_ID,
} from '../doubles/slack/index.ts';
import { createRecordingLogger, type RecordingLogger } from '../support/recording-logger.ts';
import { createFakeBot, type FakeBot } from './fake-bot.ts';

export const SECRET = 'test-signing-secret';
export const CHANNEL = 'C0GENERAL';
export const USERS: SlackUser[] = [
  { id: 'U0MEMBER', name: 'mia' },
  { id: 'U0ADMIN', name: 'ada', isAdmin: true },
  { id: 'U0OWNER', name: 'otto', isOwner: true },
  { id: 'U0LISTED', name: 'lee' },
];

/** The adapter tested alone: one process, so the once module sits on the real in-memory store. */
export function memoryOnce(logger: Logger): Once {
  return createOnce({ store: createMemoryStore(), logger });
}

export interface HttpHarness {
  web: SlackWebApiDouble;
  bot: FakeBot;
  adapter: SlackAdapter;
  /** The core's outbox over the adapter's store: how the bot posts in a thread. */
  outbox: Outbox;
  logger: RecordingLogger;
  sleeps: number[];
  /** POSTs a signed request to one of the adapter's paths. */
  send(
    path: string,
    kind: 'command' | 'interactive' | 'event',
    payload: Record<string, unknown>,
    extra?: object,
  ): ReturnType<typeof sendSigned>;
  close(): Promise<void>;
}

/** `users`: the workspace's people as users.info tells them (their languages, say); USERS by default. */
export async function startHttpHarness(options: { users?: SlackUser[] } = {}): Promise<HttpHarness> {
  const web = await startSlackWebApi({ users: options.users ?? USERS });
  const bot = createFakeBot();
  const logger = createRecordingLogger();
  const sleeps: number[] = [];
  const store = createMemoryStore();
  const once = createOnce({ store, logger });
  const adapter = createSlackAdapter({
    botToken: 'xoxb-test',
    signingSecret: SECRET,
    apiUrl: web.apiUrl,
    bot,
    logger,
    once,
    adminUsers: ['U0LISTED'],
    // Waits are recorded, not slept: pacing and Retry-After are asserted on what was asked.
    pace: { sleep: async (ms) => void sleeps.push(ms) },
  });
  // The adapter's routes on the bot's own web edge, as startBot mounts them.
  const edge = createWebEdge({ logger });
  edge.mount(adapter.routes);
  const { port } = await edge.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  await adapter.start();
  return {
    web,
    bot,
    outbox: createOutbox({ once, store, logger }),
    adapter,
    logger,
    sleeps,
    send: (path, kind, payload, extra = {}) =>
      sendSigned(`${base}${path}`, kind, payload, { secret: SECRET, ...extra }),
    async close() {
      await adapter.stop();
      await edge.close();
      await web.close();
    },
  };
}

let triggers = 0;
/** A slash command as Slack sends it (form fields), with a response_url pointing at the double. */
export function slashCommand(web: SlackWebApiDouble, command: string, text: string, userId = 'U0MEMBER') {
  const id = `cmd${++triggers}`;
  return {
    token: 'legacy-verification-token',
    team_id: TEAM_ID,
    team_domain: 'double',
    channel_id: CHANNEL,
    channel_name: 'general',
    user_id: userId,
    user_name: USERS.find((u) => u.id === userId)?.name ?? 'someone',
    command,
    text,
    api_app_id: 'A0REELBOT',
    is_enterprise_install: 'false',
    response_url: web.responseUrl(id),
    trigger_id: `trigger.${id}`,
  };
}

/** An app_mention event as Slack sends it; in a thread when `threadTs` is given. */
export function appMention(eventId: string, text: string, ts: string, threadTs?: string) {
  return {
    token: 'legacy',
    team_id: TEAM_ID,
    api_app_id: 'A0REELBOT',
    type: 'event_callback',
    event_id: eventId,
    event_time: 1700000100,
    event: {
      type: 'app_mention',
      user: 'U0MEMBER',
      text,
      ts,
      ...(threadTs ? { thread_ts: threadTs } : {}),
      channel: CHANNEL,
      event_ts: ts,
    },
    authorizations: [{ team_id: TEAM_ID, user_id: BOT_USER_ID, is_bot: true }],
  };
}
