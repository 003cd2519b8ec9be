import { describe, expect, it } from 'vitest';
import { checkScriptLength, countWords, MAX_SCRIPT_WORDS, splitScript } from '../../../src/core/voices/split-script.ts';

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const sentence = (n: number, tag: string) =>
  `${Array.from({ length: n - 1 }, (_, i) => `${tag}${i}`).join(' ')} end${tag}.`;

/** Every part fits and the parts give back the script's words, in order. */
function expectFaithful(text: string, parts: string[], max: number) {
  for (const p of parts) expect(countWords(p)).toBeLessThanOrEqual(max);
  for (const p of parts) expect(p).toBe(p.trim());
  expect(parts.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
}

describe('splitting a long script', () => {
  it('keeps a short script whole, with whitespace normalised', () => {
    expect(splitScript('  Hello   there.\n\nHow are\tyou? ')).toEqual(['Hello there. How are you?']);
  });

  it('gives nothing for an empty script', () => {
    expect(splitScript('')).toEqual([]);
    expect(splitScript(' \n\t ')).toEqual([]);
  });

  it('keeps exactly 100 words in one part, and splits at 101', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    expect(splitScript(hundred)).toEqual([hundred]);
    expect(splitScript(`${hundred} w100`).map(countWords)).toEqual([100, 1]);
  });

  it('cuts at sentence boundaries into parts of at most 100 words, in order', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => sentence(30, `s${i}x`));
    const text = sentences.join(' ');
    const parts = splitScript(text);
    expect(parts.map(countWords)).toEqual([90, 90, 90, 90]);
    expect(parts[0]).toBe(sentences.slice(0, 3).join(' '));
    expect(parts.every((p) => p.endsWith('.'))).toBe(true);
    expect(parts.join(' ')).toBe(text);
  });

  it('treats ! ? … and CJK full stops as sentence ends', () => {
    const text = 'One two three! Four five six? Seven eight… Nine ten.';
    expect(splitScript(text, 3)).toEqual(['One two three!', 'Four five six?', 'Seven eight…', 'Nine ten.']);
    expect(splitScript('我们走吧。你好吗？很好！', 4)).toEqual(['我们走吧。', '你好吗？', '很好！']);
  });

  it('does not end a sentence at common abbreviations', () => {
    const text = 'Mr. Smith met Dr. Jones at 5 p.m. today. They talked, e.g. about J. K. Rowling. Then they left.';
    expect(splitScript(text, 12)).toEqual([
      'Mr. Smith met Dr. Jones at 5 p.m. today.',
      'They talked, e.g. about J. K. Rowling. Then they left.',
    ]);
  });

  it('splits a sentence longer than the cap at clauses, then between words', () => {
    const clauses = Array.from(
      { length: 5 },
      (_, i) => `${Array.from({ length: 39 }, (_, j) => `c${i}w${j}`).join(' ')} c${i}end,`,
    );
    const long = `${clauses.join(' ')} done.`;
    const parts = splitScript(long);
    expectFaithful(long, parts, 100);
    expect(parts.slice(0, -1).every((p) => p.endsWith(','))).toBe(true);
    const noPunctuation = Array.from({ length: 250 }, (_, i) => `x${i}`).join(' ');
    expect(splitScript(noPunctuation).map(countWords)).toEqual([100, 100, 50]);
  });

  it('never loses or reorders words in a mixed script', () => {
    const text = [
      'Welcome to the show!',
      sentence(150, 'long'),
      '“Quoted,” she said; then: nothing.',
      sentence(99, 'near'),
      '今天天气很好，我们去公园吧。',
      sentence(3, 'tail'),
    ].join('  \n ');
    for (const max of [1, 7, 50, 100]) {
      const parts = splitScript(text, max);
      expectFaithful(text, parts, max);
      expect(words(parts.join(' ')).filter((w) => /^[\x20-\x7e]+$/.test(w))).toEqual(
        words(text).filter((w) => /^[\x20-\x7e]+$/.test(w)),
      );
    }
  });
});

describe('checking a script length', () => {
  it('returns the parts of an acceptable script', () => {
    const text = Array.from({ length: 25 }, (_, i) => sentence(20, `p${i}`)).join(' ');
    const checked = checkScriptLength(text);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.parts).toHaveLength(5);
    expect(checkScriptLength('word '.repeat(MAX_SCRIPT_WORDS)).ok).toBe(true);
  });

  it('refuses a script over the cap, stating the cap', () => {
    expect(checkScriptLength('word '.repeat(1742))).toEqual({
      ok: false,
      message: 'That script is 1,742 words; the limit is 1,500 — split it into several /tts commands.',
    });
  });

  it('refuses an empty script', () => {
    expect(checkScriptLength('   ')).toMatchObject({ ok: false });
  });
});
