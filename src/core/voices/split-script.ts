// Long /tts scripts. The media API recommends at most about 100 words per request, so a longer script
// is cut into parts at sentence boundaries (then clauses, then words), each spoken as its own project.
//
// Words are whitespace-separated; Chinese and Japanese are written without spaces, so there each
// character counts as a word (punctuation stays with the character before it).

import type { Translator } from '../i18n/catalogue.ts';
import { TTS_WORDS_PER_REQUEST } from '../media/enums.ts';
import { englishVoiceWords } from './english-words.ts';

/** A script longer than this is refused rather than split into dozens of projects. */
export const MAX_SCRIPT_WORDS = 1500;
/**
 * The longest /tts text, in characters, on every platform: Discord caps a string option's max_length at
 * 6000, so a larger figure in /help would promise what Discord's own form refuses.
 */
export const MAX_SCRIPT_CHARS = 6000;
/** The API's recommended words per request. */
export const PART_WORDS = TTS_WORDS_PER_REQUEST;

interface Atom {
  text: string;
  /** Written without a space before it (inside a run of CJK characters). */
  glued: boolean;
}

const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;
const CJK_OR_REST = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]|[^\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]+/gu;
const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;
const CLOSERS = `"'”’»)\\]」』）`;
const SENTENCE_END = new RegExp(`(?:[.!?…‼⁇⁈⁉]|[。！？])[${CLOSERS}]*$`, 'u');
const CJK_SENTENCE_END = new RegExp(`[。！？][${CLOSERS}]*$`, 'u');
const CLAUSE_END = new RegExp(`(?:[,;:—–]|[，；：、])[${CLOSERS}]*$`, 'u');
/** Words after which a full stop rarely ends the sentence. */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'mt',
  'gen',
  'col',
  'capt',
  'rev',
  'fig',
  'approx',
  'cf',
]);

/** One whitespace word, or one CJK character (with trailing punctuation) per atom. */
function splitWord(word: string): Atom[] {
  if (!CJK.test(word)) return [{ text: word, glued: false }];
  const atoms: Atom[] = [];
  let pending = '';
  for (const piece of word.match(CJK_OR_REST) ?? [word]) {
    const last = atoms.at(-1);
    if (PUNCTUATION_ONLY.test(piece) && last) last.text += piece;
    else if (PUNCTUATION_ONLY.test(piece) && !CJK.test(piece))
      pending += piece; // an opening quote
    else {
      atoms.push({ text: pending + piece, glued: atoms.length > 0 });
      pending = '';
    }
  }
  if (pending) atoms.push({ text: pending, glued: atoms.length > 0 });
  return atoms;
}

function atomsOf(text: string): Atom[] {
  return text
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .flatMap(splitWord);
}

/** Whether a full stop after `word` is an abbreviation rather than the sentence's end. */
function isAbbreviation(word: string, next: string | undefined): boolean {
  const bare = word.replace(new RegExp(`[${CLOSERS}]+$`, 'u'), '');
  if (!bare.endsWith('.') || bare.endsWith('..')) return false;
  const stem = bare.slice(0, -1).replace(/^[("'“‘]+/u, '');
  if (TITLES.has(stem.toLowerCase())) return true;
  // Initials ("J. K. Rowling") and e.g. / i.e. never end a sentence; "U.S." does when a capital follows.
  if (/^\p{Lu}$/u.test(stem) || /^(e\.g|i\.e)$/i.test(stem)) return true;
  const startsLower = next !== undefined && /^[("'“‘]*[\p{Ll}\p{N}]/u.test(next);
  if (/^(\p{L}\.)+\p{L}$/u.test(stem)) return startsLower;
  return /^(etc|no|vol|p|pp|ca)$/i.test(stem) && startsLower;
}

function endsSentence(atoms: Atom[], i: number): boolean {
  const atom = atoms[i];
  if (!atom) return false;
  if (CJK_SENTENCE_END.test(atom.text)) return true;
  return SENTENCE_END.test(atom.text) && !isAbbreviation(atom.text, atoms[i + 1]?.text);
}

/** Cuts `atoms` after every atom where `ends` says so. */
function cut(atoms: Atom[], ends: (i: number) => boolean): Atom[][] {
  const pieces: Atom[][] = [];
  let current: Atom[] = [];
  atoms.forEach((atom, i) => {
    current.push(atom);
    if (ends(i)) {
      pieces.push(current);
      current = [];
    }
  });
  if (current.length > 0) pieces.push(current);
  return pieces;
}

/** A piece over the cap becomes clauses, and a clause over the cap becomes runs of `max` words. */
function fitPiece(piece: Atom[], max: number, depth: number): Atom[][] {
  if (piece.length <= max) return [piece];
  if (depth === 0) return cut(piece, (i) => CLAUSE_END.test(piece[i]?.text ?? '')).flatMap((c) => fitPiece(c, max, 1));
  const runs: Atom[][] = [];
  for (let i = 0; i < piece.length; i += max) runs.push(piece.slice(i, i + max));
  return runs;
}

/** Fills parts greedily with whole pieces, in order. */
function pack(pieces: Atom[][], max: number): Atom[][] {
  const parts: Atom[][] = [];
  let current: Atom[] = [];
  for (const piece of pieces) {
    if (current.length > 0 && current.length + piece.length > max) {
      parts.push(current);
      current = [];
    }
    current = current.concat(piece);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

const join = (atoms: Atom[]): string => atoms.map((a, i) => (i > 0 && !a.glued ? ` ${a.text}` : a.text)).join('');

/**
 * Splits `text` into parts of at most `maxWords` words, at sentence boundaries where it can, else at
 * clauses (, ; :), else between words. Whitespace is normalised to single spaces; every word is kept,
 * in order. An empty text gives no parts.
 */
export function splitScript(text: string, maxWords = PART_WORDS): string[] {
  const max = Math.max(1, Math.floor(maxWords));
  const atoms = atomsOf(text);
  const sentences = cut(atoms, (i) => endsSentence(atoms, i));
  return pack(
    sentences.flatMap((s) => fitPiece(s, max, 0)),
    max,
  ).map(join);
}

/** Words as counted for the API's limit (CJK characters count one each). */
export const countWords = (text: string): number => atomsOf(text).length;

/** The parts of a script, or why it is refused (empty, or over MAX_SCRIPT_WORDS), in `t`'s language (English by default). */
export function checkScriptLength(
  text: string,
  t: Translator = englishVoiceWords,
): { ok: true; parts: string[] } | { ok: false; message: string } {
  const words = countWords(text);
  if (words === 0) return { ok: false, message: t.t('voices.script_empty') };
  if (words > MAX_SCRIPT_WORDS) {
    return {
      ok: false,
      message: t.t('voices.script_long', { words: t.number(words), limit: t.number(MAX_SCRIPT_WORDS) }),
    };
  }
  return { ok: true, parts: splitScript(text) };
}
