import { describe, expect, it } from 'vitest';
import { acceptedLocale, acceptedTags } from '../../../src/core/i18n/accept-language.ts';

describe("a browser's Accept-Language", () => {
  it('lists its tags by quality, highest first, ties in the order sent, without * and refused ones', () => {
    expect(acceptedTags('de-CH, fr;q=0.9, en;q=0.9, *;q=0.5, ja;q=0')).toEqual(['de-CH', 'fr', 'en']);
    expect(acceptedTags('nl;q=0.2, es')).toEqual(['es', 'nl']);
    expect(acceptedTags('')).toEqual([]);
    expect(acceptedTags(null)).toEqual([]);
  });

  it('is read as the first language we write, or nothing when it names none', () => {
    expect(acceptedLocale('nl, es-419;q=0.8, en;q=0.5')).toBe('es');
    expect(acceptedLocale('pt-PT')).toBe('pt-BR');
    expect(acceptedLocale('ja-JP,ja;q=0.9')).toBe('ja');
    expect(acceptedLocale('nl, sv;q=0.5')).toBeUndefined();
    expect(acceptedLocale('fr;q=abc, de;q=0.1')).toBe('de');
    expect(acceptedLocale('<script>, ;;;, q=1')).toBeUndefined();
  });
});
