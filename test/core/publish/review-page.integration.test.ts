import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
import { CHANGES_HOLD_MS } from '../../../src/core/publish/review/outside-review.ts';
import { POSITION_HINT } from '../../../src/core/publish/review/page-view.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, lastCard, lastEphemeral, submitForm } from './support.ts';

// The review page as a browser reaches it: over HTTP on loopback, its headers, its forms and its refusals.

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const KEY = 'brand-x-access-key-0123456789';

let h: TestBot;

async function invite(name: string, who = 'ana', canConfigure = false): Promise<string> {
  const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as(who), canConfigure);
  await submitForm(h, form, { name }, as(who), canConfigure);
  const url = /(http:\/\/\S+\/review\/[A-Za-z0-9_-]+)/.exec(lastEphemeral(h))?.[1];
  if (!url) throw new Error(`no link in: ${lastEphemeral(h)}`);
  return url;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');
/** The hint as the page writes it: HTML-escaped (its apostrophe is a typographic one, kept as it is). */
const POSITION_HINT_HTML = POSITION_HINT.replace(/'/g, '&#39;');

function expectReviewHeaders(res: Response): void {
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/script-src 'nonce-[^']+'(;|$)/);
  expect(csp).toMatch(/style-src 'nonce-[^']+'(;|$)/);
  expect(csp).toMatch(/default-src 'none'/);
}

describe('the review page over HTTP', () => {
  beforeEach(async () => {
    h = await startTestBot({ online: true, tuning: { publish: { reviewRate: { points: 40, windowSeconds: 60 } } } });
    await addAccount(h, 'brand', 'x', KEY);
  });
  afterEach(() => h.close());

  it('shows the request with every untrusted value escaped, behind the security headers', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="<script>alert(1)</script>" description="a & b"`);
    const url = await invite('Ana <b>(Acme)</b>');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectReviewHeaders(res);
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Ana &#60;b&#62;(Acme)&#60;/b&#62;');
    expect(html).toContain('a &#38; b');
    expect(html).toContain(`<video id="player"`);
    expect(html).toContain('0 of 1 approval');
    expect(html).toMatch(/<button type="submit" name="decision" value="approve"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="changes"[^>]*>Request changes<\/button>/);
    // Every script and style on the page carries the nonce the policy names.
    const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(html.match(/<(script|style)( [^>]*)?>/g)?.every((t) => t.includes(`nonce="${nonce}"`))).toBe(true);
  });

  it('answers unknown, malformed, revoked and ended links with the same plain 404', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Secret launch"`);
    const url = await invite('Ana (Acme)');
    const base = url.slice(0, url.indexOf('/review/'));
    const unknown = await fetch(`${base}/review/${'A'.repeat(43)}`);
    const malformed = await fetch(`${base}/review/short`);
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expectReviewHeaders(unknown);
    const page404 = withoutNonce(await unknown.text());
    expect(withoutNonce(await malformed.text())).toBe(page404);
    expect(page404).not.toContain('Secret launch');

    await click(h, button(lastCard(h), 'Revoke reviewer links') ?? '', as('ana'));
    const revoked = await fetch(url);
    expect(revoked.status).toBe(404);
    expect(withoutNonce(await revoked.text())).toBe(page404);

    const again = await invite('Leo (Legal)');
    expect((await fetch(again)).status).toBe(200);
    await click(h, button(lastCard(h), 'Cancel') ?? '', as('ana'));
    const ended = await fetch(again);
    expect(ended.status).toBe(404);
    expect(withoutNonce(await ended.text())).toBe(page404);
  });

  it('refuses a forged POST without its form token, and an approval posted twice counts and publishes once', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    // Invited by cy, who may approve: the reviewer's approval stands for cy.
    const url = await invite('Ana (Acme)', 'cy', true);
    const other = await invite('Leo (Legal)');
    const html = await (await fetch(url)).text();
    const version = hidden(html, 'version');
    const forged = await post(url, { decision: 'approve', version });
    expect(forged.status).toBe(403);
    expectReviewHeaders(forged);
    const borrowed = hidden(await (await fetch(other)).text(), 'form_token');
    expect((await post(url, { decision: 'approve', version, form_token: borrowed })).status).toBe(403);
    expect(h.posts()).toEqual([]);

    const fields = { decision: 'approve', version, form_token: hidden(html, 'form_token') };
    const first = await post(url, fields);
    expect(first.status).toBe(200);
    expectReviewHeaders(first);
    const answer = await first.text();
    expect(answer).toMatch(/You approved it/);
    expect(answer).not.toMatch(/<form|<button/);
    const second = await post(url, fields);
    expect(second.status).toBe(200);
    expect(await second.text()).toMatch(/You approved it/);
    await h.chat.waitFor((seen) => seen.some((s) => /Published/.test(s.message.text)));
    expect(h.posts()).toHaveLength(1);
    const lines = h.chat.seen.filter((s) => s.where === 'thread').map((s) => s.message.text);
    const approved = `✅ Approved by Ana (Acme), outside reviewer invited by ${mention('cy')} · 1 of 1`;
    expect(lines.filter((l) => l === approved)).toHaveLength(1);
    // The quorum ended the link with it.
    expect((await fetch(url)).status).toBe(404);
  });

  it('answers a body too large with a page of its own, behind the same headers', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const url = await invite('Ana (Acme)');
    const res = await post(url, { decision: 'changes', comment: 'x'.repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expectReviewHeaders(res);
    expect(await res.text()).toMatch(/too long to send/);
  });

  it('asks for a comment before sending a change request', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const url = await invite('Ana (Acme)');
    const html = await (await fetch(url)).text();
    const base = { version: hidden(html, 'version'), form_token: hidden(html, 'form_token'), decision: 'changes' };
    const empty = await post(url, { ...base, comment: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/Say what should change/);
    const badAt = await post(url, { ...base, comment: 'Shorter', at: 'soon' });
    expect(badAt.status).toBe(400);
    // The refusal says the format in the same words as the hint under the field.
    expect(await badAt.text()).toContain(POSITION_HINT_HTML);
    expect(html).toContain(`<p class="hint" id="at-hint">${POSITION_HINT_HTML}</p>`);
    const ok = await post(url, { ...base, comment: 'Shorter intro', at: '0:07' });
    expect(await ok.text()).toMatch(/You asked for changes/);
    // Sent twice (a reload that resubmits): one line.
    expect(await (await post(url, { ...base, comment: 'Shorter intro', at: '0:07' })).text()).toMatch(
      /asked for changes/,
    );
    h.clock.advance(CHANGES_HOLD_MS);
    const asked = (s: { message: { text: string } }) => s.message.text.startsWith('✏️ Changes requested by Ana');
    await h.chat.waitFor((seen) => seen.some(asked));
    const said = h.chat.seen.filter(asked).map((s) => s.message);
    expect(said).toEqual([{ text: '✏️ Changes requested by Ana (Acme) at 0:07:', quote: 'Shorter intro' }]);
  });

  it('shows a reviewer who comes back their earlier change request, with when they sent it', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const url = await invite('Ana (Acme)');
    const first = await (await fetch(url)).text();
    expect(first).not.toContain('earlier change request');
    const fields = { version: hidden(first, 'version'), form_token: hidden(first, 'form_token'), decision: 'changes' };
    const before = h.clock.now();
    expect((await post(url, { ...fields, comment: 'Shorter intro', at: '0:07' })).status).toBe(200);
    const after = h.clock.now();

    const back = await (await fetch(url)).text();
    expect(back).toContain('Your earlier change request');
    expect(back).toContain('At 0:07: Shorter intro');
    const shown = /<ul class="entries"><li><time datetime="([^"]+)" data-local>/.exec(back)?.[1] ?? '';
    expect(Date.parse(shown)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(shown)).toBeLessThanOrEqual(after);
    // Another reviewer's page shows nothing of it.
    expect(await (await fetch(await invite('Leo (Legal)'))).text()).not.toContain('Shorter intro');
  });

  it('limits review requests per client address with a 429 page, and never logs or counts the token', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const url = await invite('Ana (Acme)');
    const token = url.slice(url.lastIndexOf('/') + 1);
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await fetch(url)).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    const limited = await fetch(url);
    expect(limited.status).toBe(429);
    expectReviewHeaders(limited);
    expect(await limited.text()).toMatch(/Too many requests/);
    // Other routes are not limited.
    expect((await fetch(`${url.slice(0, url.indexOf('/review/'))}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${url.slice(0, url.indexOf('/review/'))}/metrics`)).text();
    expect(metrics).not.toContain(token);
    expect(JSON.stringify(h.logger.lines)).not.toContain(token);
  });
});
