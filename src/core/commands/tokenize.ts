// Words of a command's text: quotes group words and are removed, `\"` is a literal quote. The text
// arrives as typed: an adapter undoes its platform's wrapping first (src/slack/unwrap.ts).

/** An unclosed double quote: which quote, and the start of the text after it (the parser words the refusal). */
export interface Unclosed {
  quote: string;
  after: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: Unclosed };

export interface Token {
  /** The word with its quotes removed and escapes applied. */
  value: string;
  /** The word as written. */
  raw: string;
  start: number;
  end: number;
  /** Where the first unquoted `=` is in `value`, or -1. */
  eq: number;
  /** Index among all the words of the text. */
  position: number;
}

// Slack turns typed quotes into smart quotes (“…” ‘…’), so every double quote closes every other.
const DOUBLE = '"“”„';
const SINGLE_OPEN = "'‘";
const SINGLE_CLOSE = "'’‘";
const ESCAPABLE = `${DOUBLE}${SINGLE_OPEN}’\\`;

/**
 * Splits text into words. Quotes group words and are removed; they open only at the start of a word or
 * right after `key=`, so apostrophes (`don't`) stay as typed. `\"` is a literal quote. An unclosed double
 * quote is an error; an unclosed single quote is an apostrophe ('tis).
 */
export function tokenize(text: string): Result<string[]> {
  const scanned = scan(text);
  return scanned.ok ? { ok: true, value: scanned.value.tokens.map((t) => t.value) } : scanned;
}

export function scan(text: string): Result<{ tokens: Token[]; text: string }> {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text.charAt(i))) {
      i++;
      continue;
    }
    const word = readWord(text, i);
    if (!word.ok) return word;
    tokens.push({ ...word.value, position: tokens.length });
    i = word.value.end;
  }
  return { ok: true, value: { tokens, text } };
}

function readWord(text: string, start: number): Result<Omit<Token, 'position'>> {
  let value = '';
  let eq = -1;
  let quoteMayOpen = start;
  let i = start;
  while (i < text.length && !/\s/.test(text.charAt(i))) {
    const ch = text.charAt(i);
    const next = text.charAt(i + 1);
    if (ch === '\\' && next && ESCAPABLE.includes(next)) {
      value += next;
      i += 2;
      continue;
    }
    if (i === quoteMayOpen && (DOUBLE.includes(ch) || SINGLE_OPEN.includes(ch))) {
      const close = findClose(text, i + 1, DOUBLE.includes(ch) ? DOUBLE : SINGLE_CLOSE);
      if (close >= 0) {
        value += text.slice(i + 1, close).replace(/\\(.)/g, (m, c: string) => (ESCAPABLE.includes(c) ? c : m));
        i = close + 1;
        continue;
      }
      if (DOUBLE.includes(ch)) return { ok: false, error: unclosed(text, i) };
    }
    if (ch === '=' && eq < 0) {
      eq = value.length;
      quoteMayOpen = i + 1;
    }
    value += ch;
    i++;
  }
  return { ok: true, value: { value, raw: text.slice(start, i), start, end: i, eq } };
}

function findClose(text: string, from: number, closers: string): number {
  for (let j = from; j < text.length; j++) {
    const ch = text.charAt(j);
    if (ch === '\\') j++;
    else if (closers.includes(ch)) return j;
  }
  return -1;
}

function unclosed(text: string, at: number): Unclosed {
  const after = text.slice(at + 1, at + 21).trim();
  return { quote: text.charAt(at), after: `${after}${text.length > at + 21 ? '…' : ''}` };
}
