import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../src/slack/index.ts';
import {
  type SlackWebApiDouble,
  type SocketModeDouble,
  startSlackWebApi,
  startSocketMode,
  TEAM_ID,
  waitFor,
} from '../doubles/slack/index.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';
import { createFakeBot, type FakeBot } from './fake-bot.ts';
import { CHANNEL, memoryOnce, slashCommand, USERS } from './harness.ts';

let web: SlackWebApiDouble;
let socket: SocketModeDouble;
let bot: FakeBot;
let adapter: SlackAdapter;
let logger: ReturnType<typeof createRecordingLogger>;

beforeEach(async () => {
  web = await startSlackWebApi({ users: USERS });
  socket = await startSocketMode();
  web.setSocketUrl(socket.url);
  bot = createFakeBot();
  logger = createRecordingLogger();
  adapter = createSlackAdapter({
    botToken: 'xoxb-test',
    appToken: 'xapp-test',
    apiUrl: web.apiUrl,
    bot,
    logger,
    once: memoryOnce(logger),
    pace: { sleep: async () => undefined },
  });
  await adapter.start();
});
afterEach(async () => {
  await adapter.stop();
  await socket.close();
  await web.close();
});

describe('Slack in Socket Mode', () => {
  it('connects with the app token, needs no HTTP routes, and acks a slash command envelope before running it', async () => {
    expect(web.callsOf('apps.connections.open')[0]?.token).toBe('xapp-test');
    expect(adapter.routes).toEqual([]);
    await socket.waitForConnection();

    const envelopeId = socket.push({
      type: 'slash_commands',
      payload: slashCommand(web, '/clip', 'https://youtu.be/socket'),
    });
    const ack = await socket.waitForAck(envelopeId);
    expect(ack.envelope_id).toBe(envelopeId);
    await waitFor(() => bot.threads.length === 1, 'the job thread');
    expect(web.posted()[0]).toMatchObject({ channel: CHANNEL });
    expect(web.callsOf('chat.postMessage')[0]?.token).toBe('xoxb-test');
  });

  it('sends a command mistake back in the ack payload, to the person only, once their language is known', async () => {
    await socket.waitForConnection();
    // The first time, their language is looked up after an empty ack, and the mistake follows it in that language.
    const first = socket.push({ type: 'slash_commands', payload: slashCommand(web, '/clip', 'nope') });
    expect((await socket.waitForAck(first)).payload ?? {}).toEqual({});
    await waitFor(() => web.responses.length === 1, 'the refusal');
    expect(web.responses[0]?.body).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringContaining('not a link'),
    });
    const envelopeId = socket.push({ type: 'slash_commands', payload: slashCommand(web, '/clip', 'nope') });
    const ack = await socket.waitForAck(envelopeId);
    expect(ack.payload).toMatchObject({ response_type: 'ephemeral', text: expect.stringContaining('not a link') });
  });

  it('handles an event delivered again with retry_attempt once, and acks both deliveries', async () => {
    await socket.waitForConnection();
    const payload = {
      team_id: TEAM_ID,
      api_app_id: 'A0REELBOT',
      type: 'event_callback',
      event_id: 'Ev0SOCKET',
      event_time: 1700000200,
      event: {
        type: 'app_mention',
        user: 'U0MEMBER',
        text: '<@U0REELBOT> clip <https://youtu.be/again|youtu.be/again>',
        ts: '1700000200.000100',
        thread_ts: '1700000150.000100',
        channel: CHANNEL,
        event_ts: '1700000200.000100',
      },
    };
    const first = socket.push({ type: 'events_api', payload });
    await socket.waitForAck(first);
    const retry = socket.push({ type: 'events_api', payload, retry_attempt: 1, retry_reason: 'timeout' });
    await socket.waitForAck(retry);
    await waitFor(() => bot.threads.length === 1, 'the job thread');
    await waitFor(() => logger.lines.some((l) => l.msg?.includes('already handled')), 'the retry to be dropped');
    expect(bot.invocations).toHaveLength(1);
    expect(bot.invocations[0]).toMatchObject({
      text: 'https://youtu.be/again',
      origin: { threadId: '1700000150.000100' },
    });
    expect(web.posted()[0]).toMatchObject({ thread_ts: '1700000150.000100' });
  });
});
