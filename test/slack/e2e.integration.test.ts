// Slack end to end with the real core: signed requests reach the bot's own listener, jobs run on the
// in-process sandbox, and what a team would read is asserted on the calls the bot made to Slack.
import { afterEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../src/core/jobs/model.ts';
import { TEAM_ID, waitFor } from '../doubles/slack/index.ts';
import { jobsRepoOf } from '../support/harness.ts';
import { scrapeMetric } from '../support/metric-sum.ts';
import {
  appMention,
  blockAction,
  CHANNEL,
  elements,
  everythingSent,
  openedView,
  type Post,
  posts,
  type SlackE2e,
  startSlackE2e,
  threadReplies,
  VIDEO,
  viewSubmission,
  waitForPost,
} from './e2e-harness.ts';
import { slashCommand } from './harness.ts';

let e: SlackE2e | undefined;
afterEach(async () => {
  await e?.close();
  e = undefined;
});

const start = async (mode: 'http' | 'socket' = 'http'): Promise<SlackE2e> => {
  e = await startSlackE2e(mode);
  return e;
};

const isCard = (p: Post) => p.thread_ts === undefined;
const linkButton = (p: Post) => elements(p.blocks).find((el) => el.type === 'button' && el.url !== undefined);
const slackChannel = channelKeyOf({ platform: 'slack', workspaceId: TEAM_ID, channelId: CHANNEL });

/** The card, then the first reply in its thread. */
async function cardAndResult(h: SlackE2e): Promise<{ card: Post; result: Post }> {
  const card = await waitForPost(h.web, 'the job card', isCard);
  const result = await waitForPost(h.web, 'a reply in the job thread', (p) => p.thread_ts === card.ts);
  return { card, result };
}

describe('Slack with the real bot, in HTTP mode on the bot’s own port', () => {
  it.each([
    ['clip', 'Watch', `${VIDEO} reels=1`, true],
    ['ttv', 'Watch', '"Three tips for better sleep." music', false],
    ['subtitles', 'Watch', `${VIDEO} language=spanish template=pulse`, true],
    ['broll', 'Watch', VIDEO, true],
    ['tts', 'Listen', 'AIGenerate1 Welcome to the show!', false],
  ])(
    '/%s posts a card, then its result in the card’s thread with a %s link, mentioning the requester',
    async (command, label, text, thumbnail) => {
      const h = await start();
      const res = await h.send('/slack/commands', 'command', slashCommand(h.web, `/${command}`, text));
      expect(res.status).toBe(200);
      expect(res.text).toBe('');

      const { card, result } = await cardAndResult(h);
      expect(card.channel).toBe(CHANNEL);
      expect(result.channel).toBe(CHANNEL);
      expect(result.text).toContain('<@U0MEMBER>');
      const link = linkButton(result);
      expect(link?.text?.text).toContain(label);
      expect(link?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const images = result.blocks.filter((b) => b.type === 'image');
      if (thumbnail) expect(images[0]?.image_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      await waitFor(
        () => h.web.callsOf('chat.update').some((c) => c.args.ts === card.ts && /Done/.test(String(c.args.text))),
        'the card marked done',
        10_000,
      );
    },
  );

  it('opens the /clip form when the command has no text, and the submitted form starts the job', async () => {
    const h = await start();
    const res = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', ''));
    expect(res.text).toBe('');
    await h.web.waitForCall('views.open');
    const view = openedView(h.web);
    expect(view.callback_id).toBe('form:clip');

    const submitted = await h.send(
      '/slack/interactivity',
      'interactive',
      viewSubmission(view, {
        'opt:url': { url: { type: 'url_text_input', value: VIDEO } },
        'opt:reels': { reels: { type: 'number_input', value: '1' } },
      }),
    );
    expect(submitted.status).toBe(200);
    const { result } = await cardAndResult(h);
    expect(result.blocks.some((b) => b.type === 'image')).toBe(true);
  });

  it('answers a mistake only to the person who typed it, and posts nothing in the channel', async () => {
    const h = await start();
    const res = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'not-a-link reels=2'));
    // Acknowledged at once; the refusal follows in the person's language once users.info says it.
    expect(res.text).toBe('');
    await waitFor(() => h.web.responses.length === 1, 'the refusal');
    expect(h.web.responses[0]?.body).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringContaining('not-a-link'),
    });
    expect(h.web.callsOf('chat.postMessage')).toHaveLength(0);
    expect(await jobsRepoOf(h.app).pending()[Symbol.asyncIterator]().next()).toMatchObject({ done: true });
  });

  it('says how to invite the bot when it is not in the channel, and starts no job', async () => {
    const h = await start();
    h.web.failChannel(CHANNEL, 'not_in_channel');
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/broll', VIDEO));
    await waitFor(() => h.web.responses.length === 1, 'the invite hint', 10_000);
    expect(JSON.stringify(h.web.responses[0]?.body)).toContain('/invite <@U0REELBOT>');
    expect(h.web.responses).toHaveLength(1);
    expect(await jobsRepoOf(h.app).pending()[Symbol.asyncIterator]().next()).toMatchObject({ done: true });
  });

  it('refuses /setup to a member who is not a workspace admin', async () => {
    const h = await start();
    const res = await h.send('/slack/commands', 'command', slashCommand(h.web, '/setup', 'key'));
    expect(res.text).toBe('');
    await waitFor(() => h.web.responses.length === 1, 'the refusal');
    expect(h.web.responses[0]?.body).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringContaining('Only people who may configure'),
    });
    expect(h.web.callsOf('users.info')[0]?.args.user).toBe('U0MEMBER');
    expect(h.web.callsOf('views.open')).toHaveLength(0);
    expect(h.web.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('stores the key an admin enters in the /setup form, and never sends it back to Slack', async () => {
    const h = await start();
    const canary = 'sk_canary_7f3e9a1b2c4d5e6f';
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/setup', 'key', 'U0ADMIN'));
    await h.web.waitForCall('views.open');
    const view = openedView(h.web);
    expect(view.callback_id).toBe('setup_key');

    const submitted = await h.send(
      '/slack/interactivity',
      'interactive',
      viewSubmission(view, { api_key: { api_key: { type: 'plain_text_input', value: canary } } }, 'U0ADMIN'),
    );
    expect(submitted.status).toBe(200);
    await waitFor(
      () => h.web.responses.some((r) => /Saved the API key/.test(JSON.stringify(r.body))),
      'the confirmation',
      10_000,
    );
    expect((await h.app.inside.settings.get(slackChannel)).apiKey).toBe(canary);
    expect(submitted.text).not.toContain(canary);
    expect(everythingSent(h.web)).not.toContain(canary);
    expect(h.web.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('redraws the /voices list in place when Next is clicked', async () => {
    const h = await start();
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/voices', ''));
    await waitFor(() => h.web.responses.length === 1, 'the first page', 10_000);
    const first = h.web.responses[0]?.body as { replace_original?: boolean; blocks: Parameters<typeof elements>[0] };
    expect(first.replace_original).toBe(false);
    const next = elements(first.blocks).find((el) => el.value?.startsWith('voices:2:'));
    expect(next?.text?.text).toMatch(/Next/);

    const click = blockAction(h.web, next ?? { type: 'button' }, { ts: '1700000000.900000', ephemeral: true });
    expect((await h.send('/slack/interactivity', 'interactive', click)).status).toBe(200);
    await waitFor(() => h.web.responses.length === 2, 'the redrawn page', 10_000);
    const redrawn = h.web.responses[1];
    expect(redrawn?.id).toBe(click.response_url.split('/').pop());
    const body = redrawn?.body as { replace_original?: boolean; blocks: Parameters<typeof elements>[0] };
    expect(body.replace_original).toBe(true);
    expect(elements(body.blocks).some((el) => el.value?.startsWith('voices:1:'))).toBe(true);
    expect(h.web.callsOf('chat.postEphemeral')).toHaveLength(0);
    expect(h.web.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('posts a failed project’s error with a Retry button in its thread, and Retry starts it again there', async () => {
    const h = await start();
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'https://example.com/fail-this.mp4'));
    const { card, result: failure } = await cardAndResult(h);
    expect(failure.text).toMatch(/failed/i);
    expect(failure.text).toContain('<@U0MEMBER>');
    const retry = elements(failure.blocks).find((el) => el.value?.startsWith('retry:'));
    expect(retry?.text?.text).toMatch(/Retry/);

    const click = blockAction(h.web, retry ?? { type: 'button' }, { ts: failure.ts, thread_ts: card.ts }, 'U0OWNER');
    expect((await h.send('/slack/interactivity', 'interactive', click)).status).toBe(200);
    // Failure messages ("… failed: <why>"), not the retried job's own card, which also ends up "Failed".
    await waitFor(
      () => threadReplies(h.web, card.ts).filter((p) => / failed: /.test(p.text)).length === 2,
      'the retried job’s outcome in the same thread',
      10_000,
    );
    const retried = threadReplies(h.web, card.ts).find((p) => /retry of/.test(JSON.stringify(p.blocks)));
    expect(retried).toBeDefined();
    expect(posts(h.web).filter(isCard)).toHaveLength(1);
  });

  it('serves the media webhooks and health on the same port as Slack’s requests', async () => {
    const h = await start();
    expect(h.app.webhookBase()).toBe(h.base);
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/broll', VIDEO));
    await cardAndResult(h);
    expect(
      await scrapeMetric(h.app, 'reelbot_webhook_deliveries_total', { outcome: 'accepted' }),
    ).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${h.base}/healthz`)).status).toBe(200);
    const unsigned = await fetch(`${h.base}/slack/commands`, { method: 'POST', body: 'command=%2Fclip' });
    expect(unsigned.status).toBe(401);
  });

  it('runs `@reelbot clip <url>` in the thread it was mentioned in', async () => {
    const h = await start();
    const thread = '1700000150.000100';
    const mention = appMention(
      'Ev0E2E',
      `<@U0REELBOT> clip <${VIDEO}|youtube.com> reels=1`,
      '1700000200.000100',
      thread,
    );
    expect((await h.send('/slack/events', 'event', mention)).status).toBe(200);
    const card = await waitForPost(h.web, 'the card in the thread', () => true);
    expect(card.thread_ts).toBe(thread);
    const result = await waitForPost(h.web, 'the result', (p) => p.ts !== card.ts);
    expect(result.thread_ts).toBe(thread);
    expect(result.text).toContain('<@U0MEMBER>');
  });
});

describe('Slack with the real bot, in Socket Mode', () => {
  it('takes /broll from an envelope and posts its result in the card’s thread', async () => {
    const h = await start('socket');
    const socket = h.socket;
    if (!socket) throw new Error('no Socket Mode double');
    const envelope = socket.push({ type: 'slash_commands', payload: slashCommand(h.web, '/broll', VIDEO) });
    await socket.waitForAck(envelope);
    const { card, result } = await cardAndResult(h);
    expect(card.channel).toBe(CHANNEL);
    expect(result.text).toContain('<@U0MEMBER>');
    expect(linkButton(result)?.url).toMatch(/^http/);
    expect(
      await scrapeMetric(h.app, 'reelbot_webhook_deliveries_total', { outcome: 'accepted' }),
    ).toBeGreaterThanOrEqual(1);
  });
});
