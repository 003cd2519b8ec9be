import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../src/core/platform/message.ts';
import type { ThreadRef } from '../../src/core/ports.ts';
import { BOT_USER_ID, TEAM_ID, waitFor } from '../doubles/slack/index.ts';
import { appMention, CHANNEL, type HttpHarness, slashCommand, startHttpHarness } from './harness.ts';

let h: HttpHarness;
beforeEach(async () => {
  h = await startHttpHarness();
});
afterEach(async () => {
  await h.close();
});

describe('Slack in HTTP mode, on the bot’s own listener', () => {
  it('acknowledges a signed /clip at once, posts the job card, and puts later results in its thread', async () => {
    const res = await h.send(
      '/slack/commands',
      'command',
      slashCommand(h.web, '/clip', 'https://youtu.be/abc reels=2'),
    );
    expect(res.status).toBe(200);
    await waitFor(() => h.bot.threads.length === 1, 'the job thread');

    const [card] = h.web.posted();
    expect(card?.channel).toBe(CHANNEL);
    expect(card?.thread_ts).toBeUndefined();
    const thread = h.bot.threads[0] as ThreadRef;
    expect(thread).toMatchObject({ platform: 'slack', workspaceId: 'T0TEAM', channelId: CHANNEL });
    expect(thread.threadId).toBe(thread.cardMessageId);

    await h.outbox.post(
      h.adapter.chatPort,
      thread,
      { text: `Your clips are ready, ${mention('U0MEMBER')}` },
      'job1:done',
    );
    await h.outbox.post(
      h.adapter.chatPort,
      thread,
      { text: `Your clips are ready, ${mention('U0MEMBER')}` },
      'job1:done',
    );
    const replies = h.web.posted().slice(1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      channel: CHANNEL,
      thread_ts: thread.threadId,
      text: 'Your clips are ready, <@U0MEMBER>',
    });

    await h.adapter.chatPort.updateCard(thread, { text: 'Done', cards: [{ title: 'Clip job', tone: 'success' }] });
    expect(h.web.callsOf('chat.update')[0]?.args).toMatchObject({ channel: CHANNEL, ts: thread.cardMessageId });
  });

  it('refuses a request signed with another secret, or signed more than 5 minutes ago, before the bot sees it', async () => {
    const forged = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'https://x.y'), {
      signWith: 'not-the-secret',
    });
    const stale = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'https://x.y'), {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect([forged.status, stale.status]).toEqual([401, 401]);
    expect(h.bot.invocations).toHaveLength(0);
  });

  it('opens the /clip form at once when the command comes with no text, and runs it when submitted', async () => {
    const res = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', ''));
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    await h.web.waitForCall('views.open');
    const open = h.web.callsOf('views.open')[0]?.args as { trigger_id: string; view: FormView };
    expect(open.trigger_id).toMatch(/^trigger\./);
    expect(open.view.callback_id).toBe('form:clip');
    expect(open.view.blocks[0]).toMatchObject({ type: 'input', block_id: 'opt:url', optional: false });
    expect(open.view.blocks.length).toBeLessThanOrEqual(100);
    expect(h.bot.invocations).toHaveLength(0);

    const submitted = await h.send(
      '/slack/interactivity',
      'interactive',
      viewSubmission(open.view, {
        'opt:url': { url: { type: 'url_text_input', value: 'https://youtu.be/form' } },
        'opt:reels': { reels: { type: 'number_input', value: '3' } },
        'opt:position': { position: { type: 'static_select', selected_option: { value: 'top' } } },
        flags: { flags: { type: 'checkboxes', selected_options: [{ value: 'hook' }] } },
      }),
    );
    expect(submitted.status).toBe(200);
    await waitFor(() => h.bot.threads.length === 1, 'the job thread');
    expect(h.bot.invocations[0]).toMatchObject({
      command: 'clip',
      options: { url: 'https://youtu.be/form', reels: 3, position: 'top', hook: true },
      origin: { platform: 'slack', workspaceId: TEAM_ID, channelId: CHANNEL, userId: 'U0MEMBER' },
    });
    expect(h.web.posted()[0]?.channel).toBe(CHANNEL);
  });

  it('keeps a submitted form open with the mistake under its first field', async () => {
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', ''));
    await h.web.waitForCall('views.open');
    const view = openedView(h);
    const res = await h.send(
      '/slack/interactivity',
      'interactive',
      viewSubmission(view, {
        'opt:url': { url: { type: 'url_text_input', value: 'ftp://nope' } },
      }),
    );
    expect(JSON.parse(res.text)).toEqual({
      response_action: 'errors',
      errors: { 'opt:url': 'ftp://nope is not a link. Try /clip https://…' },
    });
    expect(h.web.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('answers a mistake in the command text only to the person who typed it, in their language', async () => {
    const refusal = { response_type: 'ephemeral', text: '*not-a-link* is not a link. Try `/clip https://…`' };
    const res = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'not-a-link'));
    // Their language is not known yet: acknowledged at once, refused right after in it (users.info), to them only.
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    await waitFor(() => h.web.responses.length === 1, 'the refusal');
    expect(h.web.responses[0]?.body).toMatchObject(refusal);
    // Known now: the next mistake rides on the acknowledgement itself.
    const again = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'not-a-link'));
    expect(JSON.parse(again.text)).toEqual(refusal);
    expect(h.web.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('refuses /setup to a member who is not a workspace admin', async () => {
    const res = await h.send('/slack/commands', 'command', slashCommand(h.web, '/setup', 'key', 'U0MEMBER'));
    // Acknowledged at once (users.info comes after the ack); the refusal follows, only to them.
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    await waitFor(() => h.web.responses.length === 1, 'the refusal');
    expect(h.web.responses[0]?.body).toMatchObject({
      response_type: 'ephemeral',
      text: 'Only workspace admins can configure the bot here.',
    });
    expect(h.bot.invocations[0]?.canConfigure).toBe(false);
    expect(h.web.callsOf('views.open')).toHaveLength(0);
    expect(h.web.callsOf('chat.postMessage')).toHaveLength(0);
  });

  // One users.info each: who may configure and the person's language (user-locales.ts) ride on the same answer;
  // the allow-list needs none for permission, but the form is written in the person's language.
  it.each([
    ['an admin', 'U0ADMIN', 1],
    ['an owner', 'U0OWNER', 1],
    ['someone on the allow-list', 'U0LISTED', 1],
  ])('lets %s enter the API key through a modal', async (_who, userId, lookups) => {
    const res = await h.send('/slack/commands', 'command', slashCommand(h.web, '/setup', 'key', userId));
    expect(res.status).toBe(200);
    await h.web.waitForCall('views.open');
    expect(h.web.callsOf('users.info')).toHaveLength(lookups);
    const view = openedView(h);
    expect(view.callback_id).toBe('setup-key');
    expect(view.private_metadata).not.toMatch(/sk_|xox/);

    await h.send(
      '/slack/interactivity',
      'interactive',
      viewSubmission(
        view,
        {
          api_key: { api_key: { type: 'plain_text_input', value: 'sk_live_123' } },
        },
        userId,
      ),
    );
    await waitFor(() => h.web.responses.length === 1, 'the answer');
    expect(h.bot.submissions[0]).toMatchObject({
      modalId: 'setup-key',
      values: { api_key: 'sk_live_123' },
      canConfigure: true,
    });
    expect(h.web.responses[0]?.body).toMatchObject({ response_type: 'ephemeral', text: 'Key saved.' });
  });

  it('says how to invite the bot when it is not in the channel, and starts no job', async () => {
    h.web.failChannel(CHANNEL, 'not_in_channel');
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'https://youtu.be/abc'));
    await waitFor(() => h.web.responses.length >= 1, 'the invite hint');
    await h.web.waitForCall('chat.postMessage');
    expect(h.web.responses).toHaveLength(1);
    expect(h.web.responses[0]?.body).toMatchObject({ response_type: 'ephemeral' });
    expect(String(h.web.responses[0]?.body.text)).toContain(`/invite <@${BOT_USER_ID}>`);
    expect(h.bot.threads).toHaveLength(0);
    expect(h.logger.lines.filter((l) => l.level === 'error')).toHaveLength(0);
  });

  it('waits as long as a 429 asks and then posts the card exactly once', async () => {
    h.web.rateLimit('chat.postMessage', 1, 2);
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'https://youtu.be/abc'));
    await waitFor(() => h.bot.threads.length === 1, 'the job thread');
    expect(h.web.callsOf('chat.postMessage').map((c) => c.status)).toEqual([429, 200]);
    expect(h.web.posted()).toHaveLength(1);
    expect(h.sleeps).toContain(2000);
  });

  it('handles an event once when Slack sends it again', async () => {
    const event = appMention('Ev0RETRIED', '<@U0REELBOT> clip <https://youtu.be/xyz>', '1700000100.000100');
    const first = await h.send('/slack/events', 'event', event);
    const again = await h.send('/slack/events', 'event', event, { retryNum: 1, retryReason: 'http_timeout' });
    expect([first.status, again.status]).toEqual([200, 200]);
    await waitFor(() => h.bot.threads.length === 1, 'the job thread');
    expect(h.bot.invocations).toHaveLength(1);
    expect(h.bot.invocations[0]).toMatchObject({ command: 'clip', text: 'https://youtu.be/xyz' });
    // The mention carries its thread: the card goes into it rather than into the channel.
    expect(h.web.posted()[0]).toMatchObject({ channel: CHANNEL, thread_ts: '1700000100.000100' });
    expect(h.bot.threads[0]?.threadId).toBe('1700000100.000100');
  });

  it('offers voices for the form’s external select', async () => {
    const res = await h.send('/slack/options', 'interactive', {
      type: 'block_suggestion',
      team: { id: TEAM_ID, domain: 'double' },
      user: { id: 'U0MEMBER', username: 'mia', team_id: TEAM_ID },
      api_app_id: 'A0REELBOT',
      action_id: 'voice',
      block_id: 'opt:voice',
      value: 'us',
      view: { id: 'V1', type: 'modal', callback_id: 'form:tts', private_metadata: JSON.stringify({ c: CHANNEL }) },
    });
    expect(JSON.parse(res.text)).toEqual({
      options: [
        { text: { type: 'plain_text', text: 'Jenny (English, US)' }, value: 'en-US-JennyNeural' },
        { text: { type: 'plain_text', text: 'Guy (English, US)' }, value: 'en-US-GuyNeural' },
      ],
    });
    expect(h.bot.autocompletes[0]).toMatchObject({
      command: 'tts',
      option: 'voice',
      query: 'us',
      origin: { channelId: CHANNEL },
    });
  });

  it('passes a button click to the bot and answers in the card’s thread', async () => {
    const res = await h.send('/slack/interactivity', 'interactive', {
      type: 'block_actions',
      team: { id: TEAM_ID, domain: 'double' },
      user: { id: 'U0MEMBER', username: 'mia', team_id: TEAM_ID },
      api_app_id: 'A0REELBOT',
      trigger_id: 'trigger.click',
      container: { type: 'message', message_ts: '1700000000.000001', channel_id: CHANNEL, is_ephemeral: false },
      channel: { id: CHANNEL, name: 'general' },
      message: { type: 'message', ts: '1700000000.000001', text: 'card' },
      response_url: h.web.responseUrl('click'),
      actions: [{ type: 'button', action_id: 'retry:k3j9x2', block_id: 'b', value: 'retry:k3j9x2', action_ts: '1' }],
    });
    expect(res.status).toBe(200);
    await h.web.waitForCall('chat.postMessage');
    expect(h.bot.actions[0]).toMatchObject({ actionId: 'retry:k3j9x2', origin: { threadId: '1700000000.000001' } });
    expect(h.web.posted()[0]).toMatchObject({
      channel: CHANNEL,
      thread_ts: '1700000000.000001',
      text: 'Retrying for <@U0MEMBER>',
    });
  });

  it('apologises privately when something breaks, logs it once, and keeps serving', async () => {
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/jobs', ''));
    await waitFor(() => h.web.responses.length === 1, 'the apology');
    expect(h.web.responses[0]?.body).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringContaining('Sorry'),
    });
    expect(h.logger.lines.filter((l) => l.level === 'error')).toHaveLength(1);
    const next = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'https://youtu.be/ok'));
    expect(next.status).toBe(200);
    await waitFor(() => h.bot.threads.length === 1, 'the next job');
  });
});

function openedView(harness: HttpHarness): FormView {
  const call = harness.web.callsOf('views.open')[0];
  if (!call) throw new Error('no views.open call');
  return (call.args as { view: FormView }).view;
}

interface FormView {
  callback_id: string;
  private_metadata?: string;
  blocks: Array<{ type: string; block_id?: string; optional?: boolean }>;
}

function viewSubmission(view: FormView, values: Record<string, unknown>, userId = 'U0MEMBER') {
  return {
    type: 'view_submission',
    team: { id: TEAM_ID, domain: 'double' },
    user: { id: userId, username: 'someone', team_id: TEAM_ID },
    api_app_id: 'A0REELBOT',
    trigger_id: 'trigger.submit',
    view: { ...view, id: 'V1', team_id: TEAM_ID, type: 'modal', state: { values }, hash: 'h' },
    response_urls: [],
  };
}
