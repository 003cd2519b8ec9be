// The install's pages over HTTP, as a browser gets them: the state cookie is HttpOnly, SameSite=Lax (sent on Slack's
// top-level redirect back, never on another site's request) and Secure under an https PUBLIC_URL; the install
// redirect and every page at the end of an install carry the headers every page the bot serves carries.
import { afterEach, describe, expect, it } from 'vitest';
import { ACME, createBrowser, type DistributionBot, startDistributionBot } from './distribution-harness.ts';

let d: DistributionBot | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const attributes = (setCookie: string) =>
  setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

/** The headers of a page a person outside the chat opens. */
function expectPageHeaders(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
}

describe('the install’s state cookie', () => {
  it('is HttpOnly and SameSite=Lax, and not Secure under an http PUBLIC_URL (a browser would drop it)', async () => {
    d = await startDistributionBot();
    const res = await fetch(`${d.base}/slack/install`, { redirect: 'manual' });
    const [cookie = ''] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^slack-app-oauth-state=/);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(attributes(cookie)).not.toContain('secure');
  });

  it('is Secure under an https PUBLIC_URL', async () => {
    d = await startDistributionBot({ env: { PUBLIC_URL: 'https://reelbot.example.com' } });
    const res = await fetch(`${d.base}/slack/install`, { redirect: 'manual' });
    const [cookie = ''] = res.headers.getSetCookie();
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('redirect_uri')).toBe(
      'https://reelbot.example.com/slack/oauth_redirect',
    );
  });
});

describe('the install’s pages', () => {
  it('carry the security headers: the redirect to Slack, the installed page and a refusal', async () => {
    d = await startDistributionBot();
    const bot = d;
    const start = await fetch(`${bot.base}/slack/install`, { redirect: 'manual' });
    expect(start.headers.get('referrer-policy')).toBe('no-referrer');

    const browser = createBrowser();
    const begun = await browser.get(`${bot.base}/slack/install`);
    bot.web.oauth?.nextAuthorize({ workspace: ACME });
    const redirect = (await browser.get(begun.location ?? '')).location ?? '';
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const installed = await fetch(redirect, { headers: { cookie } });
    expect(installed.status).toBe(200);
    expectPageHeaders(installed.headers);

    const refused = await fetch(`${bot.base}/slack/oauth_redirect?error=access_denied&state=x`);
    expect(refused.status).toBe(400);
    expectPageHeaders(refused.headers);
  });
});
