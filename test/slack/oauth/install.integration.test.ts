// Slack app distribution end to end: a person installs the app from /slack/install through Slack's authorize
// page (the double), the bot stores the workspace's token, and that workspace's commands are answered with it.
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../doubles/slack/index.ts';
import { CHANNEL } from '../harness.ts';
import { ACME, CLIENT_ID, createBrowser, type DistributionBot, startDistributionBot } from './distribution-harness.ts';

let d: DistributionBot | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('installing reelbot in a workspace from /slack/install', () => {
  it('sends the browser to Slack with the manifest’s scopes, the client id, the redirect URI and a signed state', async () => {
    d = await startDistributionBot();
    const res = await fetch(`${d.base}/slack/install`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '');
    expect(`${to.origin}${to.pathname}`).toBe(d.web.authorizeUrl);
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe(`${d.base}/slack/oauth_redirect`);
    expect(to.searchParams.get('scope')?.split(',')).toEqual(expect.arrayContaining(['commands', 'chat:write']));
    const state = to.searchParams.get('state') ?? '';
    expect(state.split('.')).toHaveLength(3);
    // Bound to this browser: the same state is in the cookie Slack's redirect must come back with.
    expect(res.headers.getSetCookie().join(';')).toContain(state);
  });

  it('stores the installation, greets the installer, and answers a /clip in that workspace with its own token', async () => {
    d = await startDistributionBot();
    const done = await d.install(ACME);
    expect(done.status).toBe(200);
    expect(done.text).toContain('reelbot is installed in Acme &#38; &#60;Co&#62;');

    // The installer's direct message: what the bot does, /setup key, /help.
    await waitFor(
      () => d?.callsOf(ACME.teamId, 'chat.postMessage').some((c) => c.args.channel === ACME.installerUserId) === true,
      'the first-contact message',
    );
    const hello = d.callsOf(ACME.teamId, 'chat.postMessage').find((c) => c.args.channel === ACME.installerUserId);
    expect(String(hello?.args.text)).toContain('/setup key');
    expect(String(hello?.args.text)).toContain('/help');

    const health = (await (await fetch(`${d.base}/healthz`)).json()) as { slackInstallations?: unknown };
    expect(health.slackInstallations).toEqual({ count: 1, needReinstall: 0 });

    const res = await d.command(ACME.teamId, '/clip', `${VIDEO} reels=1`);
    expect(res.status).toBe(200);
    await waitFor(
      () =>
        d
          ?.callsOf(ACME.teamId, 'chat.postMessage')
          .some((c) => c.args.channel === CHANNEL && c.args.thread_ts !== undefined) === true,
      'the result in the card’s thread, posted with Acme’s token',
      15_000,
    );
    // Every call the bot made came with a token Slack issued to Acme (the double refuses any other).
    const refused = d.web.calls.filter((c) => c.response?.ok === false);
    expect(refused).toEqual([]);
    // The tokens, the client secret and the code never reach the log.
    expect(d.logger.text()).not.toMatch(/xox[be]-|double-client-secret|code-[0-9a-f]{12}/);
  });

  it('tells a person who cancelled on Slack’s page that nothing was installed, with a link to start again', async () => {
    d = await startDistributionBot();
    const done = await d.install('cancel');
    expect(done.status).toBe(400);
    expect(done.text).toContain('cancelled');
    expect(done.text).toContain('href="/slack/install"');
    const health = (await (await fetch(`${d.base}/healthz`)).json()) as { slackInstallations?: unknown };
    expect(health.slackInstallations).toEqual({ count: 0, needReinstall: 0 });
  });

  it('says Slack could not be reached when the code exchange fails on the way, and keeps the link for a retry', async () => {
    d = await startDistributionBot();
    const bot = d;
    const browser = createBrowser();
    const start = await browser.get(`${bot.base}/slack/install`);
    bot.web.oauth?.nextAuthorize({ workspace: ACME });
    const redirect = (await browser.get(start.location ?? '')).location ?? '';
    bot.web.unreachable('oauth.v2.access');
    const from = bot.logger.lines.length;

    const failed = await browser.get(redirect);
    expect(failed.status).toBe(502);
    expect(failed.text).toContain('could not reach Slack');
    expect(failed.text).not.toContain('did not complete');
    // The same address tries again; the browser keeps its state cookie (no deletion was sent).
    const back = new URL(redirect);
    expect(failed.text).toContain(`href="${`${back.pathname}${back.search}`.replaceAll('&', '&#38;')}"`);
    expect(failed.setCookie).toEqual([]);
    // One line about it, whatever else the bot is doing meanwhile (loading voices…).
    const said = bot.logger.lines.slice(from).filter((l) => l.level === 'warn' || l.level === 'error');
    expect(said.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'could not reach Slack to finish an install; the link stays valid'],
    ]);
    const health = async () =>
      ((await (await fetch(`${bot.base}/healthz`)).json()) as { slackInstallations?: unknown }).slackInstallations;
    expect(await health()).toEqual({ count: 0, needReinstall: 0 });

    const retried = await browser.get(redirect);
    expect(retried.status).toBe(200);
    expect(retried.text).toContain('reelbot is installed in Acme');
    expect(await health()).toEqual({ count: 1, needReinstall: 0 });
  });

  it('tells a person in a workspace without reelbot where to install it, privately', async () => {
    d = await startDistributionBot();
    const bot = d;
    const res = await bot.command('T0NOBODY', '/clip', VIDEO);
    expect(res.status).toBe(200);
    await waitFor(() => bot.web.responses.length > 0, 'the private answer');
    expect(bot.web.responses[0]?.body).toEqual({
      response_type: 'ephemeral',
      text: `reelbot is not installed in workspace T0NOBODY: install it from ${bot.base}/slack/install`,
    });
    expect(bot.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
