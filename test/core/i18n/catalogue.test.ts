import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../../src/core/i18n/catalogue.ts';
import { matchLocale, negotiateLocale, shippedLocale } from '../../../src/core/i18n/locales.ts';
import { defineMessages } from '../../../src/core/i18n/messages.ts';
import { pseudoText } from '../../../src/core/i18n/pseudo.ts';

const sample = defineMessages(
  {
    'sample.clips': '{count, plural, one {# clip} other {# clips}} for {name}',
    'sample.only_english': 'Only in English',
    'sample.code': 'Run `/help clip` or /setup key=value',
  },
  {
    de: {
      'sample.clips': '{count, plural, one {# Clip} other {# Clips}} für {name}',
      'sample.only_english': 'Nur auf Deutsch',
      'sample.code': 'Führe `/help clip` oder /setup key=value aus',
    },
    es: {
      'sample.clips': '{count, plural, one {# clip} other {# clips}} para {name}',
      'sample.only_english': '',
      'sample.code': '',
    },
    fr: {
      'sample.clips': '{count, plural, one {# clip} other {# clips}} pour {name}',
      'sample.only_english': '',
      'sample.code': '',
    },
    'pt-BR': {
      'sample.clips': '{count, plural, one {# clipe} other {# clipes}} para {name}',
      'sample.only_english': '',
      'sample.code': '',
    },
    // A broken translation: the reader gets the English, not a throw.
    ja: { 'sample.clips': '{count, plural, other {#本のクリップ}', 'sample.only_english': '', 'sample.code': '' },
  },
);

describe('locale negotiation', () => {
  it.each([
    ['ja-JP', 'ja'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['es-419', 'es'],
    ['es-LA', 'es'],
    ['de-AT', 'de'],
    ['fr_FR.UTF-8', 'fr'],
    ['de_DE.UTF-8@euro', 'de'],
    ['en-GB', 'en'],
    ['en-XA', 'en-XA'],
    ['zh-CN', 'en'],
    ['C.UTF-8', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('reads %s as %s', (tag, locale) => {
    expect(negotiateLocale(tag)).toBe(locale);
  });

  it('takes the first tag that names a shipped language', () => {
    expect(negotiateLocale('zh-TW', undefined, 'fr-CA')).toBe('fr');
  });

  it('never offers the pseudo-locale to people who type a language', () => {
    expect(shippedLocale('en-XA')).toBeUndefined();
    expect(shippedLocale('DE')).toBe('de');
    expect(matchLocale('klingon')).toBeUndefined();
  });
});

describe('the catalogue', () => {
  const catalogue = createCatalogue([sample]);

  it('formats plurals in the reader’s language', () => {
    expect(catalogue.translator('de').t('sample.clips', { count: 1, name: 'Ana' })).toBe('1 Clip für Ana');
    expect(catalogue.translator('en').t('sample.clips', { count: 3, name: 'Ana' })).toBe('3 clips for Ana');
  });

  it('says a message a language cannot format in English, and tells once', () => {
    const errors: string[] = [];
    const told = createCatalogue([sample], { onError: ({ locale, key }) => errors.push(`${locale}:${key}`) });
    expect(told.translator('ja').t('sample.clips', { count: 2, name: 'Ana' })).toBe('2 clips for Ana');
    told.translator('ja').t('sample.clips', { count: 2, name: 'Ana' });
    expect(errors).toEqual(['ja:sample.clips']);
  });

  it('says a key nobody brings as its name instead of throwing', () => {
    expect(catalogue.translator('fr').t('sample.nowhere')).toBe('sample.nowhere');
  });

  it('refuses two owners bringing the same key', () => {
    expect(() => createCatalogue([sample, sample])).toThrow(/two owners/);
  });

  it('makes the pseudo-locale from English: accented, bracketed, arguments kept and marked', () => {
    const text = catalogue.translator('en-XA').t('sample.clips', { count: 2, name: 'Ana' });
    expect(text).toBe('⟦2 çļîþš ƒöŕ \u2061Ana\u2062⟧');
    expect(catalogue.translator('en-XA').t('sample.code')).toBe('⟦Ŕûñ `/help clip` öŕ /setup key=ṽåļûé⟧');
  });

  it('keeps what people type when accenting', () => {
    expect(pseudoText('see `/help` and /voices')).toBe('šéé `/help` åñð /voices');
  });

  it('writes numbers, dates, durations and lists as the reader’s language does', () => {
    const de = catalogue.translator('de', 'Europe/Berlin');
    expect(de.number(1234.5)).toBe('1.234,5');
    expect(de.dateTime(Date.UTC(2026, 11, 6, 12, 0))).toBe('06.12.2026, 13:00');
    expect(de.duration(2 * 3_600_000 + 5 * 60_000)).toBe('2 Stunden, 5 Minuten');
    expect(catalogue.translator('ja').list(['a', 'b', 'c'])).toBe('a、b、c');
    expect(catalogue.translator('en', 'Not/AZone').dateTime(0)).toContain('1970');
  });

  it('shows times in the reader’s zone unless the message names the zone it means', () => {
    const at = Date.UTC(2026, 11, 6, 12, 0);
    const tokyo = catalogue.translator('ja', 'Asia/Tokyo');
    expect(tokyo.dateTime(at, { dateStyle: undefined, timeStyle: 'short' })).toBe('21:00');
    expect(tokyo.dateTime(at, { dateStyle: undefined, timeStyle: 'short', timeZone: 'Europe/Paris' })).toBe('13:00');
    // Asked again, the same answers (the formatters are kept, not shared wrongly between zones).
    expect(
      catalogue.translator('ja', 'America/Chicago').dateTime(at, { dateStyle: undefined, timeStyle: 'short' }),
    ).toBe('6:00');
  });
});
