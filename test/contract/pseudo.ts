// The contract read in the pseudo-locale en-XA. Every catalogue message then reaches a reader accented and
// between ⟦ ⟧, its values between invisible marks (src/core/i18n/pseudo.ts). A surface wrapped here reads each
// message twice: once for English that reached a person without going through the catalogue (a word of the
// catalogue's English outside every ⟦ ⟧, or inside a value, that nobody typed), once as the English it stands for,
// which it hands to the behaviour. So every behaviour runs unchanged, in English terms, on a bot writing en-XA.
import { MESSAGES } from '../../src/core/app/commands.ts';
import { literalText, parseMessage } from '../../src/core/i18n/message-shape.ts';
import {
  PSEUDO_ARG_CLOSE,
  PSEUDO_ARG_OPEN,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoText,
} from '../../src/core/i18n/pseudo.ts';
import type { Person, Seen, Surface } from './surface.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PLAIN: ReadonlyMap<string, string> = new Map([...LETTERS].map((c) => [pseudoText(c), c]));

/** A message as en-XA wrote it: the English it stands for, and what of it did not come from the catalogue. */
export interface PseudoRead {
  english: string;
  /** The text outside every message, and each value given to one, a space between pieces. */
  outside: string;
}

/**
 * Reads en-XA text: the catalogue's literal words are accented inside ⟦ ⟧; values (between the invisible marks)
 * and anything outside a message are as written. A message cut short (a truncated line) closes at the end.
 */
export function readPseudo(text: string): PseudoRead {
  // What each open level is: a message's own words, or a value given to one (which may hold messages again).
  const stack: Array<'words' | 'value'> = [];
  let english = '';
  let outside = '';
  let wasOutside = true;
  // A value inside a code span (`/{name}`, a usage line) is code, as a code span of the catalogue's is.
  let inCode = false;
  for (const c of text) {
    if (c === '`') inCode = !inCode;
    if (c === PSEUDO_OPEN) stack.push('words');
    else if (c === PSEUDO_CLOSE) {
      if (stack.at(-1) === 'words') stack.pop();
    } else if (c === PSEUDO_ARG_OPEN) stack.push('value');
    else if (c === PSEUDO_ARG_CLOSE) {
      if (stack.at(-1) === 'value') stack.pop();
    } else if (stack.at(-1) === 'words') {
      english += PLAIN.get(c) ?? c;
      if (wasOutside) outside += ' ';
      wasOutside = false;
    } else {
      english += c;
      outside += inCode && c !== '\n' ? ' ' : c;
      wasOutside = true;
    }
  }
  return { english, outside };
}

/** What a reader sees as data rather than as words: code, commands, option words, links, mentions, ids. */
const notProse = (text: string) =>
  text
    // A quote is what a person wrote (a reviewer's comment), shown behind `> ` or between “ ”.
    .replace(/(^|\] )> [^\n]*/gm, ' ')
    .replace(/“[^”]*”/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[^>\s]*>/g, ' ')
    .replace(/\/[a-z_-]+/g, ' ')
    .replace(/[a-z_]+=\S*/g, ' ')
    .replace(/![a-z]+:\S+/g, ' ');

/** The words (4 letters or more) of a text, lowercased. */
export const wordsOf = (text: string): string[] =>
  (notProse(text).match(/[A-Za-z][A-Za-z_]{3,}/g) ?? []).map((w) => w.toLowerCase());

/** Every English word (4+ letters) of the catalogue's own text. */
const CATALOGUE_WORDS: ReadonlySet<string> = new Set(
  MESSAGES.flatMap((b) => Object.values(b.en)).flatMap((m) => literalText(parseMessage(m)).flatMap(wordsOf)),
);

/** One piece of English a person read that the catalogue did not write. */
export interface Leak {
  where: string;
  words: string[];
  text: string;
}

/**
 * `inner` (started with every reader and the channel in en-XA) as a behaviour reads it in English. `leaks`
 * collects English the catalogue did not write; `values` are words that reach messages as data (the sandbox's
 * titles, people's names), besides everything typed through the surface.
 */
export function pseudoSurface(inner: Surface, leaks: Leak[], values: readonly string[] = []): Surface {
  // Every word of what was typed, option values included (`timezone=Europe/Paris` names Paris).
  const wordsTyped = (text: string) => (text.match(/[A-Za-z][A-Za-z_]*/g) ?? []).map((w) => w.toLowerCase());
  const typed = new Set(values.flatMap(wordsTyped));
  const note = (text: string) => {
    for (const w of wordsTyped(text)) typed.add(w);
  };

  const check = (where: string, text: string): string => {
    const { english, outside } = readPseudo(text);
    const plain = [...new Set(wordsOf(outside).filter((w) => CATALOGUE_WORDS.has(w) && !typed.has(w)))];
    if (plain.length > 0) leaks.push({ where, words: plain, text });
    return english;
  };
  const see = (where: string, s: Seen): Seen => ({
    ...s,
    text: check(where, s.text),
    buttons: s.buttons.map((b) => check(`${where} (button)`, b)),
  });
  const seeAll = (where: string, list: Seen[]) => list.map((s) => see(where, s));

  /** The label as the platform shows it, for one the behaviour names in English (the newest that reads so). */
  const realLabel = (messages: readonly Seen[], label: string): string => {
    for (const m of [...messages].reverse()) {
      const found = m.buttons.find((b) => readPseudo(b).english.includes(label));
      if (found !== undefined) return found;
    }
    return label;
  };

  return {
    name: inner.name,
    sandboxUrl: inner.sandboxUrl,
    idOf: (who) => inner.idOf(who),
    async command(line, who) {
      note(line);
      await inner.command(line, who);
    },
    async click(thread, label, who) {
      const messages = [await inner.card(thread), ...(await inner.thread(thread))];
      await inner.click(thread, realLabel(messages, label), who);
    },
    async clickPrivate(label, who?: Person) {
      // Each surface has its own default person; the label reads the same to both.
      const shown = who
        ? await inner.privateTo(who)
        : [...(await inner.privateTo('member')), ...(await inner.privateTo('admin'))];
      await inner.clickPrivate(realLabel(shown, label), who);
    },
    async submitForm(values, who) {
      for (const v of Object.values(values)) note(v);
      await inner.submitForm(values, who);
    },
    threads: () => inner.threads(),
    card: async (thread) => see(`card ${thread}`, await inner.card(thread)),
    thread: async (id) => seeAll(`thread ${id}`, await inner.thread(id)),
    privateTo: async (who) => seeAll(`private to ${who}`, await inner.privateTo(who)),
    everyone: async () => seeAll('channel', await inner.everyone()),
    passTime: (ms) => inner.passTime(ms),
    restart: () => inner.restart(),
    async close() {
      // What nobody's behaviour read is read too: every line the channel and each person were shown.
      await inner.everyone().then((l) => seeAll('channel', l));
      for (const who of ['member', 'admin'] as const)
        await inner.privateTo(who).then((l) => seeAll(`private to ${who}`, l));
      await inner.close();
    },
  };
}
