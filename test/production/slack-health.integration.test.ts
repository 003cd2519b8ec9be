import { afterEach, describe, expect, it } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../src/slack/index.ts';
import { type SlackWebApiDouble, startSlackWebApi, startSocketMode, waitFor } from '../doubles/slack/index.ts';
import { createFakeBot } from '../slack/fake-bot.ts';
import { memoryOnce, SECRET, USERS } from '../slack/harness.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';

// What /healthz learns from the real Bolt adapter: Socket Mode's link going down is visible, HTTP mode
// counts as up once Slack answered its token check (Slack calls in).

let web: SlackWebApiDouble | undefined;
let adapter: SlackAdapter | undefined;
afterEach(async () => {
  await adapter?.stop().catch(() => undefined);
  await web?.close();
  adapter = undefined;
  web = undefined;
});

describe('the Slack connection’s health', () => {
  it('Socket Mode: ok while connected, not ok once the link drops and it reconnects', async () => {
    web = await startSlackWebApi({ users: USERS });
    const socket = await startSocketMode();
    web.setSocketUrl(socket.url);
    const options = { botToken: 'xoxb-test', appToken: 'xapp-test', apiUrl: web.apiUrl, bot: createFakeBot() };
    const logger = createRecordingLogger();
    adapter = createSlackAdapter({ ...options, logger, once: memoryOnce(logger) });
    await adapter.start();
    await socket.waitForConnection();
    const a = adapter;
    await waitFor(() => a.health().ok, 'connected');
    expect(a.health()).toEqual({ ok: true, state: 'connected' });

    await socket.close();
    await waitFor(() => !a.health().ok, 'the dropped link');
    expect(a.health().state).toMatch(/reconnecting|disconnected|connecting/);
  });

  it('HTTP mode: not ok until Slack answered the token check, ok after', async () => {
    web = await startSlackWebApi({ users: USERS });
    const logger = createRecordingLogger();
    adapter = createSlackAdapter({
      botToken: 'xoxb-test',
      signingSecret: SECRET,
      apiUrl: web.apiUrl,
      bot: createFakeBot(),
      logger,
      once: memoryOnce(logger),
    });
    expect(adapter.health().ok).toBe(false);
    await adapter.start();
    expect(adapter.health()).toEqual({ ok: true, state: 'http mode' });
  });
});
