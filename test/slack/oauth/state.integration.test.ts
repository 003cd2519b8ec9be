// The install's state: signed by this bot, bound to the browser that started the install, 10 minutes, used
// once. Each refusal ends on a page that says why, links to /slack/install, and stores nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { ACME, createBrowser, type DistributionBot, startDistributionBot } from './distribution-harness.ts';

let d: DistributionBot | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const STATE_COOKIE = 'slack-app-oauth-state';

async function installedCount(bot: DistributionBot): Promise<unknown> {
  const health = (await (await fetch(`${bot.base}/healthz`)).json()) as { slackInstallations?: { count: number } };
  return health.slackInstallations?.count;
}

/** Starts an install and lets Slack's page answer, without going back to the bot yet. */
async function toSlackAndBack(bot: DistributionBot) {
  const browser = createBrowser();
  const start = await browser.get(`${bot.base}/slack/install`);
  bot.web.oauth?.nextAuthorize({ workspace: ACME });
  const slack = await browser.get(start.location ?? '');
  return { browser, redirect: slack.location ?? '' };
}

describe('the state of an install', () => {
  it('refuses a state this bot did not sign', async () => {
    d = await startDistributionBot();
    const { browser, redirect } = await toSlackAndBack(d);
    const url = new URL(redirect);
    const [issued, nonce] = (url.searchParams.get('state') ?? '').split('.');
    const forged = `${issued}.${nonce}.${'A'.repeat(43)}`;
    url.searchParams.set('state', forged);
    browser.cookies.set(STATE_COOKIE, forged);
    const back = await browser.get(url.toString());
    expect(back.status).toBe(400);
    expect(back.text).toContain('not made by this bot');
    expect(back.text).toContain('href="/slack/install"');
    expect(d.web.callsOf('oauth.v2.access')).toEqual([]);
    expect(await installedCount(d)).toBe(0);
  });

  it('refuses a state used once already, even with the cookie of the browser that used it', async () => {
    d = await startDistributionBot();
    const { browser, redirect } = await toSlackAndBack(d);
    const cookie = browser.cookies.get(STATE_COOKIE) ?? '';
    expect((await browser.get(redirect)).status).toBe(200);
    // A copy of the redirect and its cookie, replayed.
    browser.cookies.set(STATE_COOKIE, cookie);
    const again = await browser.get(redirect);
    expect(again.status).toBe(400);
    expect(again.text).toContain('used already');
    expect(d.web.callsOf('oauth.v2.access')).toHaveLength(1);
    expect(await installedCount(d)).toBe(1);
  });

  it('refuses a state older than 10 minutes', async () => {
    d = await startDistributionBot();
    const { browser, redirect } = await toSlackAndBack(d);
    d.test.clock.advance(10 * 60_000 + 1000);
    const back = await browser.get(redirect);
    expect(back.status).toBe(400);
    expect(back.text).toContain('more than 10 minutes old');
    expect(d.web.callsOf('oauth.v2.access')).toEqual([]);
    expect(await installedCount(d)).toBe(0);
  });

  it('refuses a redirect arriving in a browser that did not start the install', async () => {
    d = await startDistributionBot();
    const { redirect } = await toSlackAndBack(d);
    const other = createBrowser();
    const back = await other.get(redirect);
    expect(back.status).toBe(400);
    expect(back.text).toContain('not started in this browser');
    expect(d.web.callsOf('oauth.v2.access')).toEqual([]);
    expect(await installedCount(d)).toBe(0);
  });
});
