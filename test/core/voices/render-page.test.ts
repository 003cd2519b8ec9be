import { describe, expect, it } from 'vitest';
import type { Voice } from '../../../src/core/media/schemas.ts';
import {
  type ActionButton,
  type Card,
  type Control,
  link,
  type SelectMenu,
} from '../../../src/core/platform/message.ts';
import { languageMatcher } from '../../../src/core/voices/language.ts';
import {
  ANY,
  parseVoicesFilterPick,
  parseVoicesPageId,
  renderVoicePage,
  USE_VOICE_ID,
  voicesFilterId,
  voicesPageId,
} from '../../../src/core/voices/render-page.ts';
import { createVoiceIndex } from '../../../src/core/voices/voice-index.ts';
import { buildCatalogue } from './fixture.ts';

const index = createVoiceIndex(buildCatalogue());
const english = index.filter({ language: 'en' });

const card = (m: { cards?: Card[] }): Card => {
  const c = m.cards?.[0];
  if (!c) throw new Error('no card');
  return c;
};
/** The paging buttons (Share, on every page, has its own test in test/papercuts/voices-share.integration.test.ts). */
const buttons = (controls: Control[] = []) =>
  controls.filter((c): c is ActionButton => c.kind === 'action' && !/Share/.test(c.label)).map((b) => b.label);
const menu = (controls: Control[] = []) => controls.find((c): c is SelectMenu => c.kind === 'select');
/** The language filter of a page. */
function languageMenu(page: { cards?: Card[] }): SelectMenu {
  const found = (card(page).controls ?? []).find(
    (c): c is SelectMenu => c.kind === 'select' && c.id.startsWith('vfilter:l:'),
  );
  if (!found) throw new Error('no language filter');
  return found;
}

describe('a page of voices', () => {
  it('shows the filters, the position, and one line per voice with its sample', () => {
    const filters = { language: 'en', gender: 'female' };
    const voices = index.filter(filters);
    const message = renderVoicePage({ voices, page: 2, filters });
    const c = card(message);
    const pages = Math.ceil(voices.length / 10);
    expect(c.title).toBe('Voices · language “en” · gender female');
    expect(c.body).toContain(`page 2 of ${pages} · ${voices.length} voices`);
    const lines = c.body?.split('\n').slice(2) ?? [];
    expect(lines).toHaveLength(10);
    const first = voices[10];
    expect(lines[0]).toBe(
      `**${first?.name}** · English (${first?.languageCode === 'en-GB' ? 'United Kingdom' : 'United States'}) \`${first?.languageCode}\` · Female · ${first?.style} · ${link('▶ sample', first?.sampleVoiceUrl ?? '')}`,
    );
    expect(message.text).toContain(`page 2 of ${pages}`);
  });

  it('offers Next but no Previous on the first page', () => {
    const c = card(renderVoicePage({ voices: english, page: 1, filters: { language: 'en' } }));
    expect(buttons(c.controls)).toEqual(['Next ▶']);
    const next = c.controls?.find((x): x is ActionButton => x.kind === 'action');
    expect(parseVoicesPageId(next?.id ?? '')).toEqual({ filters: { language: 'en' }, page: 2 });
  });

  it('offers Previous but no Next on the last page, and clamps a page past the end', () => {
    const pages = Math.ceil(english.length / 10);
    const last = card(renderVoicePage({ voices: english, page: pages, filters: {} }));
    expect(buttons(last.controls)).toEqual(['◀ Previous']);
    const beyond = card(renderVoicePage({ voices: english, page: pages + 5, filters: {} }));
    expect(beyond.body).toEqual(last.body);
    const lastLines = (last.body?.split('\n').length ?? 0) - 2;
    expect(lastLines).toBe(english.length - (pages - 1) * 10);
  });

  it('has no paging buttons when everything fits on one page', () => {
    const voices = index.filter({ language: 'fr-CA' });
    const c = card(renderVoicePage({ voices, page: 1, filters: { language: 'fr-CA' } }));
    expect(buttons(c.controls)).toEqual([]);
    expect(c.body).toContain('page 1 of 1 · 3 voices');
  });

  it('lets the person pick one of the shown voices', () => {
    const c = card(renderVoicePage({ voices: english, page: 1, filters: {}, pageSize: 5 }));
    const select = menu(c.controls);
    expect(select?.id).toBe(USE_VOICE_ID);
    expect(select?.placeholder).toMatch(/^Use this voice/);
    expect(select?.options.map((o) => o.value)).toEqual(english.slice(0, 5).map((v) => v.voiceId));
    expect(select?.options.every((o) => o.label.length <= 75)).toBe(true);
  });

  it('never offers more than 25 voices on a page (select menu limit)', () => {
    const c = card(renderVoicePage({ voices: english, page: 1, filters: {}, pageSize: 100 }));
    expect(menu(c.controls)?.options).toHaveLength(25);
  });

  it('shows a stale catalogue note', () => {
    const staleNote = 'voice list from 3 hours ago; refreshing failed: media API 500';
    expect(card(renderVoicePage({ voices: english, page: 1, filters: {}, staleNote })).footer).toBe(`⚠ ${staleNote}`);
  });
});

describe('an empty result', () => {
  it('says which filter matched nothing, how to loosen, and which languages exist', () => {
    const filters = { language: 'Klingon', style: 'sleepy' };
    const message = renderVoicePage({ voices: [], page: 1, filters, index });
    const c = card(message);
    expect(message.text).toBe('No voices match language “Klingon” · style “sleepy”');
    expect(c.body).toContain('No voice speaks “Klingon”');
    expect(c.body).toContain('No voice has the style “sleepy”. Styles: general, affectionate');
    expect(c.body).toContain('Try loosening a filter');
    expect(c.body).toMatch(/Languages include English \(United States\) `en-US`, .* \(\d+ in all\)\./);
    expect(c.controls).toBeUndefined();
  });

  it('explains when each filter works alone but not together', () => {
    const filters = { language: 'fr-CA', style: 'newscast' };
    const c = card(renderVoicePage({ voices: index.filter(filters), page: 1, filters, index }));
    expect(c.body).toContain('Each filter matches some voices, but not all of them together.');
  });

  it('still helps without the index', () => {
    const c = card(renderVoicePage({ voices: [], page: 1, filters: { query: 'zz' } }));
    expect(c.body).toContain('Try loosening a filter');
  });
});

describe('page control ids', () => {
  it('round-trip the filters and the page', () => {
    const filters = { language: 'fr-FR', gender: 'female', style: 'cheerful', query: 'jen' };
    const id = voicesPageId(filters, 2);
    expect(id).toBe('voices:2:fr-FR:f:cheerful:jen');
    expect(parseVoicesPageId(id)).toEqual({ page: 2, filters });
    expect(parseVoicesPageId(voicesPageId({}, 7))).toEqual({ page: 7, filters: {} });
  });

  it('survive colons and percent signs in a query', () => {
    const filters = { language: 'French (France)', query: 'a:b 100% c' };
    expect(parseVoicesPageId(voicesPageId(filters, 3))).toEqual({ page: 3, filters });
  });

  it('stay within 100 characters by cutting a long query', () => {
    const filters = { language: 'English (United Kingdom)', style: 'narration-professional', query: 'x'.repeat(300) };
    const id = voicesPageId(filters, 12);
    expect(id.length).toBeLessThanOrEqual(100);
    const parsed = parseVoicesPageId(id);
    expect(parsed?.filters.language).toBe(filters.language);
    expect(parsed?.filters.style).toBe(filters.style);
    expect(filters.query.startsWith(parsed?.filters.query ?? '-')).toBe(true);
    const huge = voicesPageId({ language: 'y'.repeat(200), style: 'z'.repeat(200), gender: 'q'.repeat(200) }, 1);
    expect(huge.length).toBeLessThanOrEqual(100);
    expect(parseVoicesPageId(huge)?.page).toBe(1);
  });

  it('reject ids that are not page ids', () => {
    for (const id of ['usevoice:abc', 'voices:0::::', 'voices:x::::', 'voices:2:fr', 'retry:2:a:b:c:d']) {
      expect(parseVoicesPageId(id), id).toBeUndefined();
    }
  });
});

describe('filter menus', () => {
  it('change one filter, keep the others, and start again from the first page', () => {
    const id = voicesFilterId({ language: 'fr-FR', gender: 'female', query: 'den' }, 's');
    expect(parseVoicesFilterPick(`${id}:cheerful`)).toEqual({
      filters: { language: 'fr-FR', gender: 'female', style: 'cheerful', query: 'den' },
      page: 1,
    });
    expect(parseVoicesFilterPick(`${voicesFilterId({ gender: 'male' }, 'g')}:${ANY}`)).toEqual({
      filters: {},
      page: 1,
    });
  });

  it("keep their ids within Discord's 100 characters even with a long query", () => {
    const id = voicesFilterId({ language: 'en-US', query: 'x'.repeat(300) }, 'l');
    expect(id.length).toBeLessThanOrEqual(100);
    expect(parseVoicesFilterPick(`${id}:de-DE`)?.filters.language).toBe('de-DE');
  });

  it('offer at most 25 choices each, "Any" first', () => {
    const page = renderVoicePage({ voices: english, page: 1, filters: { language: 'en' }, index });
    const menus = (card(page).controls ?? []).filter(
      (c): c is SelectMenu => c.kind === 'select' && c.id.startsWith('vfilter'),
    );
    expect(menus).toHaveLength(3);
    for (const m of menus) {
      expect(m.options.length).toBeLessThanOrEqual(25);
      expect(m.options[0]?.value).toBe(ANY);
    }
  });

  it('name each language once, as people say it, with its code under the name', () => {
    const page = renderVoicePage({ voices: index.filter({}), page: 1, filters: {}, index });
    const languages = languageMenu(page);
    const us = languages.options.find((o) => o.value === 'en-US');
    expect(us?.label).toBe('English (United States)');
    expect(us?.description).toMatch(/^en-US · \d+ voices$/);
    for (const o of languages.options) expect(o.label).not.toMatch(/\([a-z]{2,3}(-[A-Za-z]+)?\)$/);
  });

  describe('the language filter', () => {
    /** A voice the page shows can be chosen: some option's value, as a filter, keeps it. */
    const choosable = (m: SelectMenu, v: Voice) =>
      m.options.some((o) => o.value !== ANY && languageMatcher(o.value)(v.languageCode));
    const speaker = (languageCode: string, name: string): Voice => ({
      voiceId: `${languageCode}-${name}`,
      name,
      gender: 'Female',
      languageCode,
      style: 'general',
    });

    it('offers every locale the results show, after language=french', () => {
      const withSwiss = createVoiceIndex([
        ...buildCatalogue(),
        speaker('fr-BE', 'Charline'),
        speaker('fr-CH', 'Ariane'),
      ]);
      const voices = withSwiss.filter({ language: 'french' });
      const page = renderVoicePage({ voices, page: 1, filters: { language: 'french' }, index: withSwiss });
      const values = languageMenu(page).options.map((o) => o.value);
      expect(values).toEqual(expect.arrayContaining(['fr-FR', 'fr-CA', 'fr-BE', 'fr-CH']));
      // …and other languages to switch to, within the menu's 25.
      expect(values).toContain('en');
      expect(values.length).toBeLessThanOrEqual(25);
    });

    it('offers the language of every voice on the page when more locales exist than a menu holds', () => {
      // 60 locales of 30 languages, more than Discord's 25 options.
      const many = createVoiceIndex(
        Array.from(
          { length: 30 },
          (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) + 10)}`,
        ).flatMap((base) => [speaker(`${base}-AA`, `${base}1`), speaker(`${base}-BB`, `${base}2`)]),
      );
      const voices = many.filter({});
      const pages = Math.ceil(voices.length / 10);
      for (let p = 1; p <= pages; p++) {
        const page = renderVoicePage({ voices, page: p, filters: {}, index: many });
        const m = languageMenu(page);
        expect(m.options.length).toBeLessThanOrEqual(25);
        for (const v of voices.slice((p - 1) * 10, p * 10))
          expect(choosable(m, v), `${v.languageCode} on page ${p}`).toBe(true);
      }
    });
  });
});
