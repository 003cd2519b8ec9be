import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, lastCard, lastEphemeral, submitForm } from './support.ts';

// Over HTTP, what the review page shows from the approval rule and from the team's versions, in the page's language:
// a refusal of the rule (the request was edited after the page was opened) and how each version was made.

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const KEY = 'brand-x-access-key-0123456789';

let h: TestBot;

async function invite(name: string, lang?: string): Promise<string> {
  const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as('rex'));
  await submitForm(h, form, { name, ...(lang === undefined ? {} : { lang }) }, as('rex'), false);
  const url = /(http:\/\/\S+\/review\/[A-Za-z0-9_-]+)/.exec(lastEphemeral(h))?.[1];
  if (!url) throw new Error(`no link in: ${lastEphemeral(h)}`);
  return url;
}

const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Decides on the page as it was opened (its form token and the version it showed), in `lang`. */
async function opened(url: string, lang: string) {
  const page = await (await fetch(`${url}?lang=${lang}`)).text();
  const fields = { form_token: hidden(page, 'form_token'), version: hidden(page, 'version'), lang };
  return (decision: Record<string, string>) => post(url, { ...fields, ...decision });
}

async function edit(title: string): Promise<void> {
  await submitForm(h, await click(h, button(lastCard(h), 'Edit') ?? '', as('rex')), { title }, as('rex'), false);
}

/** New version… on the card, then A video link… in the menu it posts in the thread. */
async function linkVersion(url: string): Promise<void> {
  await click(h, button(lastCard(h), 'New version…') ?? '', as('rex'));
  const menu = h.chat.seen.filter((x) => x.where === 'thread' && button(x.message, 'A video link…')).at(-1);
  const form = await click(h, button(menu?.message ?? { text: '' }, 'A video link…') ?? '', as('rex'));
  await submitForm(h, form, { url }, as('rex'), false);
}

describe('the approval rule and the team’s versions on the review page, in its reader’s language', () => {
  beforeEach(async () => {
    h = await startTestBot({ online: true, tuning: { publish: { reviewRate: { points: 100, windowSeconds: 60 } } } });
    await addAccount(h, 'brand', 'x', KEY);
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day"`, { origin: as('rex') });
  });
  afterEach(() => h.close());

  it('refuses a decision on a page opened before an edit in the page’s language, and in English as before', async () => {
    const url = await invite('Ana (Acme)', 'de');
    const german = await opened(url, 'de');
    const english = await opened(url, 'en');
    const japanese = await opened(url, 'ja');
    await edit('Launch day, take 2');

    const refused = await german({ decision: 'approve' });
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(langOf(html)).toBe('de');
    expect(html).toContain('Es wurde nichts entschieden');
    expect(html).toContain(
      'Die Anfrage wurde bearbeitet, nachdem diese Seite geöffnet wurde, daher wurde nichts entschieden.',
    );
    expect(html).not.toContain('The request was edited');

    const asked = await (await japanese({ decision: 'changes', comment: 'ロゴを大きく' })).text();
    expect(langOf(asked)).toBe('ja');
    expect(asked).toContain('このページを開いた後にリクエストが編集されたため、何も決定されませんでした。');

    const before = await (await english({ decision: 'approve' })).text();
    expect(before).toContain(
      escaped(
        'The request was edited after this page was opened, so nothing was decided. Open your link again to see what it says now.',
      ),
    );
    // Nothing was decided: the thread heard of no approval.
    expect(h.chat.seen.some((x) => x.where === 'thread' && /Approved by Ana/.test(x.message.text))).toBe(false);
  });

  it('says how each version was made in the page’s language', async () => {
    const url = await invite('Ana (Acme)', 'es');
    await linkVersion('https://cdn.example.com/reel-2.mp4');
    const spanish = await (await fetch(url)).text();
    expect(langOf(spanish)).toBe('es');
    expect(spanish).toContain('Versión 2 de 2 (un enlace de vídeo)');
    expect(spanish).toContain('Ver la versión 1 (el vídeo que se pidió al principio)');
    expect(spanish).not.toContain('a video link');

    const japanese = await (await fetch(`${url}?lang=ja`)).text();
    expect(japanese).toContain('バージョン 2 / 2（動画リンク）');

    const english = await (await fetch(`${url}?lang=en`)).text();
    expect(english).toContain('Version 2 of 2 (a video link)');
    expect(english).toContain('Watch version 1 (the video first asked for)');
  });
});
