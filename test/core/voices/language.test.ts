import { describe, expect, it } from 'vitest';
import { languageName, matchesLanguage, normalizeTerm } from '../../../src/core/voices/language.ts';

const fr = { languageCode: 'fr-FR' };

describe('language names', () => {
  it('names a locale in English', () => {
    expect(languageName('fr-FR')).toBe('French (France)');
    expect(languageName('en-US')).toBe('English (United States)');
    expect(languageName('zh-CN')).toBe('Chinese (China)');
  });

  it('gives back a code it cannot read', () => {
    expect(languageName('')).toBe('');
    expect(languageName('not a code!')).toBe('not a code!');
  });

  it('normalizes what people type', () => {
    expect(normalizeTerm('  Français (France) ')).toBe('francais france');
    expect(normalizeTerm('fr_FR')).toBe('fr-fr');
  });
});

describe('matching a language', () => {
  it('accepts the code, the base code, and names in English or in the language', () => {
    for (const q of [
      'fr-FR',
      'fr',
      'FR',
      'fr_fr',
      'French',
      'french (france)',
      'French France',
      'français',
      'Francais',
    ]) {
      expect(matchesLanguage(fr, q), q).toBe(true);
    }
  });

  it('accepts regional English names', () => {
    expect(matchesLanguage({ languageCode: 'en-GB' }, 'British English')).toBe(true);
    expect(matchesLanguage({ languageCode: 'en-US' }, 'English (US)')).toBe(true);
    expect(matchesLanguage({ languageCode: 'pt-BR' }, 'Brazilian Portuguese')).toBe(true);
    expect(matchesLanguage({ languageCode: 'ja-JP' }, '日本語')).toBe(true);
  });

  it('rejects other languages and other regions', () => {
    expect(matchesLanguage(fr, 'German')).toBe(false);
    expect(matchesLanguage(fr, 'fr-CA')).toBe(false);
    expect(matchesLanguage(fr, 'french (canada)')).toBe(false);
    expect(matchesLanguage(fr, 'fren')).toBe(false);
  });

  it('treats an empty query as no filter', () => {
    expect(matchesLanguage(fr, '  ')).toBe(true);
  });
});
