import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/core/app/commands.ts';
import { SHIPPED_LOCALES, type TranslatedLocale } from '../../../src/core/i18n/locales.ts';
import { messageShape, parseMessage } from '../../../src/core/i18n/message-shape.ts';

// Every language says every message of English, taking the same values the same way: the same arguments, of the
// same kinds, and the same branches of each select (plurals by their `other` and `=n` ones: a language adds the
// plural forms its grammar needs).

const english = Object.assign({}, ...MESSAGES.map((b) => b.en)) as Record<string, string>;
const languages = SHIPPED_LOCALES.filter((l): l is TranslatedLocale => l !== 'en');
const translated = (locale: TranslatedLocale) =>
  Object.assign({}, ...MESSAGES.map((b) => b.translations[locale])) as Record<string, string>;

describe('the catalogue', () => {
  it('has messages, each a valid ICU message in English', () => {
    expect(Object.keys(english).length).toBeGreaterThan(100);
    for (const [key, text] of Object.entries(english)) expect(() => parseMessage(text), key).not.toThrow();
  });

  describe.each(languages)('%s', (locale) => {
    const messages = translated(locale);

    it('has every key of English and no other', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    });

    it('translates every message (none left empty)', () => {
      expect(
        Object.entries(messages)
          .filter(([, text]) => !text.trim())
          .map(([key]) => key),
      ).toEqual([]);
    });

    it('takes the same arguments as English, the same way', () => {
      const differing = Object.entries(english).flatMap(([key, text]) => {
        const theirs = messages[key];
        if (theirs === undefined) return [];
        const want = messageShape(parseMessage(text));
        let got: string[];
        try {
          got = messageShape(parseMessage(theirs));
        } catch (err) {
          return [`${key}: ${(err as Error).message}`];
        }
        return JSON.stringify(got) === JSON.stringify(want) ? [] : [`${key}: ${got.join(' ')} ≠ ${want.join(' ')}`];
      });
      expect(differing).toEqual([]);
    });
  });
});
