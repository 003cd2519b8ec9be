import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
import { CHANGES_HOLD_MS } from '../../../src/core/publish/review/outside-review.ts';
import { POSITION_HINT } from '../../../src/core/publish/review/page-view.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, fieldOf, lastCard, lastEphemeral, submitForm } from './support.ts';

// An outside reviewer in a real browser (Debian's Chromium, headless) that has never seen the workspace: a fresh
// browser context per test, no cookies, nothing but the link the team sent.

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const KEY = 'brand-x-access-key-0123456789';

let browser: Browser;
let h: TestBot;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  h = await startTestBot({ online: true });
  await addAccount(h, 'brand', 'x', KEY);
  context = await browser.createBrowserContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
  await h?.close();
});

async function invite(name: string, who = 'ana', canConfigure = false, lang?: string): Promise<string> {
  const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as(who), canConfigure);
  await submitForm(h, form, { name, ...(lang ? { lang } : {}) }, as(who), canConfigure);
  const url = /(http:\/\/\S+\/review\/[A-Za-z0-9_-]+)/.exec(lastEphemeral(h))?.[1];
  if (!url) throw new Error(`no link in: ${lastEphemeral(h)}`);
  return url;
}

const threadLines = () => h.chat.seen.filter((s) => s.where === 'thread').map((s) => s.message.text);
const bodyText = () => page.$eval('body', (b) => b.innerText);

async function submitAndWait(selector: string): Promise<number> {
  const [res] = await Promise.all([page.waitForNavigation(), page.click(selector)]);
  return res?.status() ?? 0;
}

describe('an outside reviewer in a real browser', () => {
  it('approves without JavaScript: the thread shows it and the post is published once', async () => {
    await h.command('/setup approvals=2');
    await h.command(
      `/publish ${VIDEO} accounts=brand title="Launch day" description="Line one\nLine two" schedule=now`,
    );
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    // Invited by cy, who may approve: the reviewer's approval stands for cy.
    const url = await invite('Ana (Acme)', 'cy', true);

    await page.setJavaScriptEnabled(false);
    const opened = await page.goto(url);
    expect(opened?.status()).toBe(200);
    const text = await bodyText();
    expect(text).toContain('Launch day');
    expect(text).toContain('Ana (Acme)');
    expect(text).toContain('1 of 2 approvals');
    expect(text).toContain('brand');
    expect(await page.$eval('video#player', (v) => v.getAttribute('src'))).toBe(VIDEO);

    expect(await submitAndWait('button[value=approve]')).toBe(200);
    expect(await bodyText()).toMatch(/You approved it/);
    expect(await page.$('form')).toBeNull();
    await h.chat.waitFor((seen) => seen.some((s) => /Published/.test(s.message.text)));
    expect(threadLines()).toContain(`✅ Approved by Ana (Acme), outside reviewer invited by ${mention('cy')} · 2 of 2`);
    expect(h.posts()).toHaveLength(1);
    expect(fieldOf(lastCard(h), 'Approved by')).toContain('Ana (Acme), outside reviewer');

    // Back and submitting again, or a later visit: nothing more is posted, and the link has ended.
    await page.goBack();
    expect(h.posts()).toHaveLength(1);
    const later = await page.goto(url);
    expect(later?.status()).toBe(404);
    expect(await bodyText()).not.toContain('Launch day');
  });

  it('a reviewer invited in Spanish reads Spanish, switches to English and still decides there', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day"`);
    const url = await invite('Ana (Acme)', 'cy', true, 'es');
    // Their browser says German: the inviter's choice wins until the reader picks another.
    await page.setExtraHTTPHeaders({ 'accept-language': 'de-DE,de;q=0.9' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    await page.goto(url);
    const htmlLang = () => page.$eval('html', (e) => e.getAttribute('lang'));
    expect(await htmlLang()).toBe('es');
    let text = await bodyText();
    expect(text).toContain('Revisión solicitada a Ana (Acme)');
    expect(text).toContain('Launch day');
    expect(await page.$eval('button[value=approve]', (b) => b.textContent)).toBe('Aprobar');
    expect(await page.$eval('button[value=changes]', (b) => b.textContent)).toBe('Solicitar cambios');

    // The switcher is plain links: following English shows the same page in English.
    await Promise.all([page.waitForNavigation(), page.click('nav.languages a[hreflang=en]')]);
    expect(await htmlLang()).toBe('en');
    text = await bodyText();
    expect(text).toContain('Review requested from Ana (Acme)');
    expect(await page.$eval('button[value=changes]', (b) => b.textContent)).toBe('Request changes');
    expect(await page.$eval('nav.languages [aria-current]', (e) => e.textContent)).toBe('English');

    // Deciding after the switch: the form's token still holds, and the answer stays in English.
    await page.type('#comment', 'A bigger logo, please');
    expect(await submitAndWait('button[value=changes]')).toBe(200);
    expect(await htmlLang()).toBe('en');
    expect(await bodyText()).toMatch(/You asked for changes/);
    await page.goto(`${url}?lang=en`);
    expect(await submitAndWait('button[value=approve]')).toBe(200);
    expect(await htmlLang()).toBe('en');
    expect(await bodyText()).toMatch(/You approved it/);
    expect(errors).toEqual([]);
    await h.chat.waitFor((seen) => seen.some((s) => /Published/.test(s.message.text)));
    expect(h.posts()).toHaveLength(1);
  });

  it('asks for changes at the moment the player was paused, and shows the schedule in the reader’s zone', async () => {
    const when = new Date(h.clock.now() + 30 * 24 * 3600_000);
    when.setUTCHours(12, 0, 0, 0);
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day" schedule="${when.toISOString()}"`);
    const url = await invite('Ana (Acme)');
    await page.emulateTimezone('Asia/Tokyo');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // The script and the style run under the nonce: the policy refuses nothing on the page itself.
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    await page.goto(url);
    expect(await page.$eval('time', (t) => t.textContent ?? '')).toMatch(/GMT\+9|JST|Japan/);
    expect(errors).toEqual([]);
    // The page's own script reads the player's position when it pauses (the test video does not load here,
    // so the position the player reports is set on the element).
    await page.$eval('video#player', (v) => {
      Object.defineProperty(v, 'currentTime', { get: () => 12.4 });
      v.dispatchEvent(new Event('pause'));
    });
    expect(await page.$eval('#at', (i) => (i as unknown as { value: string }).value)).toBe('0:12');
    await page.type('#comment', 'The logo is too small');
    expect(await submitAndWait('button[value=changes]')).toBe(200);
    expect(await bodyText()).toMatch(/You asked for changes/);
    h.clock.advance(CHANGES_HOLD_MS);
    const asked = (m: { text: string }) => m.text === '✏️ Changes requested by Ana (Acme) at 0:12:';
    await h.chat.waitFor((seen) => seen.some((x) => asked(x.message)));
    expect(h.chat.seen.find((x) => asked(x.message))?.message.quote).toBe('The logo is too small');
    expect(fieldOf(lastCard(h), 'Changes requested')).toContain('Ana (Acme), outside reviewer at 0:12');
  });

  it('explains the time field in the server’s words when it is not a moment in the video, and shows the request when they come back', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day"`);
    const url = await invite('Ana (Acme)');
    await page.goto(url);
    const validity = () => page.$eval('#at', (i) => (i as unknown as { validationMessage: string }).validationMessage);
    // Not minutes and seconds: the browser holds the form back and says what the hint under the field says.
    await page.type('#comment', 'Cut the ending');
    await page.type('#at', 'soon');
    expect(await validity()).toBe(POSITION_HINT);
    expect(await page.$eval('#at-hint', (p) => p.textContent)).toBe(POSITION_HINT);
    // Past the video's end (the test video does not load here: its length is set on the element).
    await page.$eval('video#player', (v) => {
      Object.defineProperty(v, 'duration', { get: () => 30 });
      v.dispatchEvent(new Event('loadedmetadata'));
    });
    await page.$eval('#at', (i) => {
      (i as unknown as { value: string }).value = '';
    });
    await page.type('#at', '0:45');
    expect(await validity()).toBe(POSITION_HINT);
    await page.$eval('#at', (i) => {
      (i as unknown as { value: string }).value = '';
    });
    await page.type('#at', '0:29');
    expect(await validity()).toBe('');
    expect(await submitAndWait('button[value=changes]')).toBe(200);

    // Coming back to the link: what they asked for, and when, in their own time zone.
    await page.goto(url);
    const text = await bodyText();
    expect(text).toContain('Your earlier change request');
    expect(text).toContain('At 0:29: Cut the ending');
    expect(await page.$eval('ul.entries time', (t) => t.textContent ?? '')).not.toContain('UTC (UTC+00:00)');
  });

  it('a page opened before an edit decides nothing; reopened, it shows the new version', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="First cut"`);
    const url = await invite('Ana (Acme)', 'cy', true);
    await page.goto(url);
    await submitForm(
      h,
      await click(h, button(lastCard(h), 'Edit') ?? '', as('ana')),
      { title: 'Second cut' },
      as('ana'),
    );
    expect(await submitAndWait('button[value=approve]')).toBe(200);
    expect(await bodyText()).toMatch(/edited after this page was opened/);
    expect(h.posts()).toEqual([]);
    await page.goto(url);
    expect(await bodyText()).toContain('Second cut');
    await submitAndWait('button[value=approve]');
    await h.chat.waitFor((seen) => seen.some((s) => /Published/.test(s.message.text)));
    expect(h.posts().map((p) => p.title)).toEqual(['Second cut']);
  });

  it('a review round: changes at 0:12 on version 1, version 2 made as subtitles from the card, the same link shows it and plays version 1 from 0:12, version 2 alone is published', async () => {
    await h.command('/setup approvals=1 outside_review=required');
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day"`, { origin: as('rex') });
    const url = await invite('Ana (Acme)', 'rex');
    await page.goto(url);
    await page.$eval('video#player', (v) => {
      Object.defineProperty(v, 'currentTime', { get: () => 12.4, configurable: true });
      v.dispatchEvent(new Event('pause'));
    });
    await page.type('#comment', 'The logo is too small');
    expect(await submitAndWait('button[value=changes]')).toBe(200);
    h.clock.advance(CHANGES_HOLD_MS);
    await h.chat.waitFor((seen) => seen.some((x) => x.message.text === '✏️ Changes requested by Ana (Acme) at 0:12:'));

    // The requester makes version 2 from the card: the menu is in the thread, the subtitles form ticks Ana's ask.
    await click(h, button(lastCard(h), 'New version…') ?? '', as('rex'));
    const menu = h.chat.seen.filter((x) => x.where === 'thread' && button(x.message, 'Subtitles…')).at(-1);
    const form = await click(h, button(menu?.message ?? { text: '' }, 'Subtitles…') ?? '', as('rex'));
    await submitForm(h, form, { template: 'beast', position: 'top-center', size: 'l' }, as('rex'), false);
    await h.chat.waitFor(() => /Version 2 of 2: subtitles/.test(fieldOf(lastCard(h), 'Version')));
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/\(0\/1\) of version 2/);
    expect(fieldOf(lastCard(h), 'Change requests by version')).toContain(
      'answers Ana (Acme), outside reviewer at 0:12',
    );
    const v2 = await page.goto(url).then(() => page.$eval('video#player', (v) => v.getAttribute('src') ?? ''));
    expect(v2).not.toBe(VIDEO);

    // The same link: version 2, what changed since version 1 and which comment it answers, version 1 to watch.
    const text = await bodyText();
    expect(text).toContain('Version 2 of 2 (subtitles · beast · top-center · l)');
    expect(text).toContain('What changed since version 1, the one you last decided on');
    expect(text).toContain('It answers your comment at 0:12: “The logo is too small”.');
    expect(text).toContain('Your comments on version 1');
    expect(text).toContain('At 0:12: The logo is too small (answered by version 2)');
    // Her comment's time plays version 1 in the player from 0:12 (the test video does not load: the position is
    // the one the player was asked to start from); Watch version 2 again brings the version to decide on back.
    await page.click('a.seek');
    expect(await page.$eval('video#player', (v) => v.getAttribute('src'))).toBe(VIDEO);
    expect(await page.$eval('video#player', (v) => (v as unknown as { currentTime: number }).currentTime)).toBe(12);
    expect(page.url()).toBe(url);
    await page.click('a.watch');
    expect(await page.$eval('video#player', (v) => v.getAttribute('src'))).toBe(v2);

    // Ana and a member approve version 2: it is published once, and version 1 never.
    expect(await submitAndWait('button[value=approve]')).toBe(200);
    expect(h.posts()).toEqual([]);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    await h.chat.waitFor((seen) => seen.some((x) => /Published/.test(x.message.text)));
    expect(h.posts().map((p) => p.videoUrl)).toEqual([v2]);
    expect(fieldOf(lastCard(h), 'Version')).toContain('Posted: version 2, with approvals given on version 2.');
  });

  it('a revoked link and an expired one show nothing of the request', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Secret launch"`);
    const revoked = await invite('Ana (Acme)');
    await click(h, button(lastCard(h), 'Revoke reviewer links') ?? '', as('ana'));
    expect((await page.goto(revoked))?.status()).toBe(404);
    expect(await bodyText()).toMatch(/Not found/);
    expect(await page.content()).not.toContain('Secret launch');

    const expiring = await invite('Leo (Legal)');
    expect((await page.goto(expiring))?.status()).toBe(200);
    h.clock.advance(73 * 3600_000);
    expect((await page.goto(expiring))?.status()).toBe(404);
    expect(await page.content()).not.toContain('Secret launch');
  });

  it('a form posted from another page without the form token is refused and changes nothing', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day"`);
    const url = await invite('Ana (Acme)');
    await page.goto(url);
    const version = await page.$eval('input[name=version]', (i) => (i as unknown as { value: string }).value);
    // A page elsewhere that knows the link but not the form token.
    await page.setContent(
      `<form method="post" action="${url}"><input name="decision" value="approve"><input name="version" value="${version}"><button id="go">go</button></form>`,
    );
    expect(await submitAndWait('#go')).toBe(403);
    expect(await bodyText()).toMatch(/Not accepted/);
    expect(threadLines().some((l) => l.startsWith('✅'))).toBe(false);
    expect(h.posts()).toEqual([]);
  });
});
