import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../../../src/core/i18n/catalogue.ts';
import { PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../../../src/core/i18n/locales.ts';
import { policySchema } from '../../../../src/core/publish/approvals/policy.ts';
import { REVIEW_EN } from '../../../../src/core/publish/review/messages.ts';
import { outcomePage, reviewPage } from '../../../../src/core/publish/review/page-view.ts';
import { REVIEW_MESSAGES } from '../../../../src/core/publish/review/review-messages.ts';
import { renderPage } from '../../../../src/web/render-page.ts';
import { untrusted } from '../../../support/untrusted.ts';
import { aRequest, T0 } from '../records.ts';

// The review page in every language: text the team or the reviewer wrote stays text, whatever the words around it.

const catalogue = createCatalogue([REVIEW_MESSAGES]);
const policy = policySchema.parse({ approvals: 2 });
const LANGUAGES = SHIPPED_LOCALES.map((lang) => ({ lang, name: lang, href: `?lang=${lang}` }));
/** As the page escapes text. */
const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The page's elements, in order: what untrusted text must never add to. */
const tags = (html: string) => html.match(/<\/?[a-zA-Z][a-zA-Z0-9]*/g) ?? [];

function page(
  locale: (typeof SHIPPED_LOCALES)[number] | typeof PSEUDO_LOCALE,
  title: string,
  name: string,
  said: string,
) {
  const request = aRequest({
    requester: { userId: 'ana' },
    content: { videoUrl: 'https://cdn.example.com/v.mp4', title, description: said, scheduleAt: T0 + 3600_000 },
    changes: [{ userId: 'outside:r1', reason: said, position: '0:12', at: T0 - 1000 }],
  });
  const reviewer = { id: 'r1', name, tokenHash: 'h', createdBy: { userId: 'ana' }, createdAt: T0 };
  const t = catalogue.translator(locale, 'UTC');
  return renderPage(reviewPage({ request, reviewer, policy, now: T0 }, 'ft', t, LANGUAGES), 'n');
}

describe.each(SHIPPED_LOCALES)('the review page in %s', (locale) => {
  it('is written in that language, <html lang> says so, and the switcher offers every language', () => {
    const html = page(locale, 'Launch', 'Ana', 'Bigger logo');
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(escaped(catalogue.translator(locale).t('review.requestChanges')));
    for (const l of SHIPPED_LOCALES) expect(html).toMatch(new RegExp(`lang="${l}"`));
    expect(html).toContain(`name="lang" value="${locale}"`);
  });

  it('keeps titles, names and comments as text: they add no element and show escaped', () => {
    const plain = tags(page(locale, 'Launch', 'Ana', 'Bigger logo'));
    fc.assert(
      fc.property(untrusted, untrusted, untrusted, (title, name, said) => {
        const html = page(locale, title || 'x', name || 'y', said || 'z');
        expect(tags(html)).toEqual(plain);
        expect(html).toContain(escaped(title || 'x'));
        expect(html).toContain(escaped(name || 'y'));
        expect(html).toContain(escaped(said || 'z'));
      }),
      { numRuns: 40 },
    );
  });
});

describe('the review page in the pseudo-locale', () => {
  it('holds no English sentence of its own: every word came through the catalogue', () => {
    const html =
      page(PSEUDO_LOCALE, 'Launch', 'Ana', 'Bigger logo') +
      renderPage(outcomePage({ kind: 'changes' }, catalogue.translator(PSEUDO_LOCALE)), 'n');
    for (const [key, english] of Object.entries(REVIEW_EN)) {
      // Messages made of their values alone ("{when} UTC …") have no words of their own to check.
      const words = english.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, ' ').trim();
      if (words.length < 8 || key === 'review.utc') continue;
      expect(html, key).not.toContain(escaped(words));
    }
  });
});
