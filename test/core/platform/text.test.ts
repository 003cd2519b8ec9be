import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mention, segments } from '../../../src/core/platform/message.ts';
import { characterCount, charactersOf, truncate, utf16Units } from '../../../src/core/platform/text.ts';
import { cut, cutMrkdwn } from '../../../src/slack/markup.ts';

// Every cut to a platform's limit ends between characters: never half an emoji (a lone surrogate, shown
// as � or refused), never a flag or a family torn apart, always marked with … when something was left out.

const SEED = 20_260_523;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text as people type it: letters, spaces, emoji with skin tones, flags, families, accents, RTL marks. */
const PIECES = ['a', 'Z', ' ', 'é', 'e\u0301', '👍', '👍🏽', '🇫🇷', '👨‍👩‍👧‍👦', '‏', 'ש', '\n', '<', '&', '*'];
const typed = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join('')),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);

/** `out` without its ellipsis is a run of `input`'s first characters. */
function isWholeCharacterHead(out: string, input: string): boolean {
  const head = out.endsWith('…') && !input.startsWith(out) ? out.slice(0, -1) : out;
  const had = charactersOf(input);
  return charactersOf(head).every((c, i) => c === had[i]);
}

describe('truncate', () => {
  it('never leaves half a character, stays within the limit, and marks a cut (5,000 cases)', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 70 }), fc.boolean(), (s, max, byCharacters) => {
        const measure = byCharacters ? characterCount : utf16Units;
        const out = truncate(s, max, measure);
        expect(LONE_SURROGATE.test(out)).toBe(false);
        expect(measure(out)).toBeLessThanOrEqual(max);
        expect(isWholeCharacterHead(out, s)).toBe(true);
        if (measure(s) <= max) expect(out).toBe(s);
        else if (max >= 1) expect(out.endsWith('…')).toBe(true);
      }),
      { seed: SEED, numRuns: 5000 },
    );
  });

  it('cuts an emoji description before the emoji that does not fit, not through it', () => {
    expect(truncate('ab👍🏽cd', 4)).toBe('ab…');
    expect(truncate('🇫🇷🇫🇷🇫🇷', 5)).toBe('🇫🇷…');
    expect(truncate('👍👍👍', 2, characterCount)).toBe('👍…');
  });

  it('counts characters as people see them', () => {
    expect(characterCount('👨‍👩‍👧‍👦 🇫🇷 e\u0301')).toBe(5);
    expect(utf16Units('👍🏽')).toBe(4);
  });
});

describe('Slack cuts', () => {
  it('never leave half a character or half a token, and stay within the limit (3,000 cases)', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 1, max: 70 }), (s, max) => {
        for (const out of [cut(s, max), cutMrkdwn(s, max)]) {
          expect(LONE_SURROGATE.test(out)).toBe(false);
          expect(out.length).toBeLessThanOrEqual(max);
          expect(isWholeCharacterHead(out, s)).toBe(true);
        }
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

describe('a cut through one of the bot’s own mentions', () => {
  it('leaves no trace of the token, so its seal is never shown and the rest still renders', () => {
    const text = `Result for ${mention('U0123456789')} is ready`;
    for (let max = 5; max < text.length; max++) {
      const shown = segments(truncate(text, max));
      for (const s of shown) if (s.kind === 'text') expect(s.text).not.toMatch(/[\uFDD0\uFDD1]|U0123/);
      const users = shown.filter((s) => s.kind === 'user');
      expect(users.every((u) => u.kind === 'user' && u.id === 'U0123456789')).toBe(true);
    }
  });
});
