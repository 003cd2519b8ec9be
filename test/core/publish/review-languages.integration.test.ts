import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHIPPED_LOCALES } from '../../../src/core/i18n/locales.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, lastCard, lastEphemeral, submitForm } from './support.ts';

// The review page over HTTP in its reader's language: the one chosen on the page, else the inviter's, else the
// browser's Accept-Language; and the reader's and the team's text escaped in every one.

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const KEY = 'brand-x-access-key-0123456789';

let h: TestBot;

async function invite(name: string, lang?: string): Promise<string> {
  const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as('ana'));
  await submitForm(h, form, { name, ...(lang === undefined ? {} : { lang }) }, as('ana'));
  const url = /(http:\/\/\S+\/review\/[A-Za-z0-9_-]+)/.exec(lastEphemeral(h))?.[1];
  if (!url) throw new Error(`no link in: ${lastEphemeral(h)}`);
  return url;
}

const open = (url: string, acceptLanguage?: string) =>
  fetch(url, acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {});
const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const post = (url: string, fields: Record<string, string>, acceptLanguage = 'en') =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': acceptLanguage },
    redirect: 'manual',
  });
const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

describe('the review page in its reader’s language', () => {
  beforeEach(async () => {
    h = await startTestBot({ online: true, tuning: { publish: { reviewRate: { points: 100, windowSeconds: 60 } } } });
    await addAccount(h, 'brand', 'x', KEY);
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day"`);
  });
  afterEach(() => h.close());

  it('follows the browser’s Accept-Language by quality, and English when it names none we write', async () => {
    const url = await invite('Ana (Acme)');
    const cases: [string | undefined, string, string][] = [
      ['es-MX,es;q=0.9,en;q=0.8', 'es', 'Solicitar cambios'],
      ['nl;q=1, fr;q=0.3, de;q=0.7', 'de', 'Änderungen anfordern'],
      ['ja;q=0, pt;q=0.5', 'pt-BR', 'Solicitar alterações'],
      ['ja-JP', 'ja', '修正を依頼'],
      ['nl, sv', 'en', 'Request changes'],
      [undefined, 'en', 'Request changes'],
    ];
    for (const [header, lang, button] of cases) {
      const html = await (await open(url, header)).text();
      expect(langOf(html), String(header)).toBe(lang);
      expect(html).toContain(`value="changes" class="secondary">${escaped(button)}</button>`);
    }
  });

  it('opens in the language chosen at invite time whatever the browser says, and the reader’s ?lang= wins over both', async () => {
    const url = await invite('Ana (Acme)', 'es');
    expect(lastEphemeral(h)).toContain('The page opens in Español');
    expect(langOf(await (await open(url, 'de')).text())).toBe('es');
    const english = await (await open(`${url}?lang=en`, 'de')).text();
    expect(langOf(english)).toBe('en');
    // The switcher names each language in its own words, the one shown as current.
    expect(english).toContain('<strong lang="en" aria-current="true">English</strong>');
    expect(english).toContain('<a href="?lang=es" lang="es" hreflang="es">Español</a>');
    expect(english).toContain('<a href="?lang=ja" lang="ja" hreflang="ja">日本語</a>');
  });

  it('answers a decision in the language its page was shown in, and refuses a mistake in it too', async () => {
    const url = await invite('Ana (Acme)', 'fr');
    const page = await (await open(url)).text();
    expect(hidden(page, 'lang')).toBe('fr');
    const fields = { form_token: hidden(page, 'form_token'), version: hidden(page, 'version'), lang: 'fr' };
    const empty = await post(url, { ...fields, decision: 'changes', comment: ' ' });
    expect(empty.status).toBe(400);
    const refused = await empty.text();
    expect(langOf(refused)).toBe('fr');
    expect(refused).toContain('Indiquez ce qu’il faut changer.');
    const forged = await post(url, { ...fields, form_token: 'x', decision: 'approve' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('Ce formulaire ne provient pas de votre page de relecture.');
    const done = await post(url, { ...fields, decision: 'changes', comment: 'Logo plus grand' });
    expect(done.status).toBe(200);
    const answer = await done.text();
    expect(langOf(answer)).toBe('fr');
    expect(answer).toContain('Vous avez demandé des modifications');
  });

  it('says a link that opens nothing in the browser’s language, and names nothing of the request', async () => {
    const url = await invite('Ana (Acme)');
    const base = url.slice(0, url.indexOf('/review/'));
    const res = await open(`${base}/review/${'A'.repeat(43)}`, 'ja,en;q=0.5');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(langOf(html)).toBe('ja');
    expect(html).toContain('このリンクでは何も開けません。');
    expect(html).not.toContain('Launch day');
  });

  it('keeps the team’s and the reviewer’s text escaped in every language, dates in that language', async () => {
    const payload = '<script>alert(1)</script> <@U123> [trusted](https://evil.example) &amp; <!channel> \u202e';
    await h.command(`/publish ${VIDEO} accounts=brand title="<img src=x onerror=alert(1)>" description="a & b"`);
    const url = await invite('Ana <b>(Acme)</b>');
    const page = await (await open(url)).text();
    const asked = await post(url, {
      form_token: hidden(page, 'form_token'),
      version: hidden(page, 'version'),
      decision: 'changes',
      comment: payload,
      at: '0:12',
    });
    expect(asked.status).toBe(200);
    for (const lang of SHIPPED_LOCALES) {
      const html = await (await open(`${url}?lang=${lang}`)).text();
      expect(langOf(html)).toBe(lang);
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<b>(Acme)');
      expect(html).toContain(escaped('<img src=x onerror=alert(1)>'));
      expect(html).toContain(escaped('Ana <b>(Acme)</b>'));
      expect(html).toContain(escaped(payload));
      expect(html).not.toMatch(/href="https:\/\/evil/);
      expect(html.match(/<script/g)).toHaveLength(1);
    }
    // A date without the script: in the page's language.
    const spanish = await (await open(`${url}?lang=es`)).text();
    const fallback = /<time [^>]*>([^<]*)<\/time>/.exec(spanish)?.[1] ?? '';
    expect(fallback).toMatch(/\b(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\b/);
  });
});
