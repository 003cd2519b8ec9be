// The pseudo-locale `en-XA`: every English message with its letters accented and the whole bracketed
// ("⟦Ŵĥåţ Ì çåñ ðö⟧"), each argument kept as given between two invisible marks (U+2061, U+2062). A test reading
// an answer in en-XA finds any English text that reached a person without going through the catalogue (outside
// every bracket, or inside an argument), and any message a translation would cut (a bracket missing).
import { ELEMENT_TYPE, type MessageFormatElement, mapLiterals, parseMessage } from './message-shape.ts';

/** Command names (`/setup`) and option words written `name=`: what a person types, kept as typed. */
const TYPED = /(\/[a-z_-]+|[a-z_]+=)/;

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] ?? c,
  ]),
);

const accent = (prose: string) =>
  prose
    .split(TYPED)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');

/**
 * An accenter for the literal pieces of one message, in order: it leaves alone what a person types or the
 * platform reads, `code` spans (`/help clip`, `key=value`, even one an argument splits: `{name}=false`), command
 * names (`/setup`) and option words written `name=`.
 */
function pseudoAccenter(): (text: string) => string {
  let inCode = false;
  return (text) =>
    text
      .split('`')
      .map((part, i) => {
        if (i > 0) inCode = !inCode;
        return inCode ? part : accent(part);
      })
      .join('`');
}

/** One piece of text accented on its own (a test's, or a message without arguments). */
export const pseudoText = (text: string): string => pseudoAccenter()(text);

/** Around every en-XA message. Not `[`/`]`, which people and links write. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
/** Around each value an en-XA message was given (invisible: a name, a title, a number, another message). */
export const PSEUDO_ARG_OPEN = '\u2061';
export const PSEUDO_ARG_CLOSE = '\u2062';

const literal = (value: string): MessageFormatElement => ({ type: ELEMENT_TYPE.literal, value });

/** Each plain value (`{name}`, a number or a date) between the argument marks; plurals and selects are words. */
function markArguments(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.flatMap((el): MessageFormatElement[] => {
    if (el.type === ELEMENT_TYPE.plural || el.type === ELEMENT_TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([k, o]) => [k, { ...o, value: markArguments(o.value) }]),
      );
      return [{ ...el, options } as MessageFormatElement];
    }
    const value =
      el.type === ELEMENT_TYPE.argument ||
      el.type === ELEMENT_TYPE.number ||
      el.type === ELEMENT_TYPE.date ||
      el.type === ELEMENT_TYPE.time;
    return value ? [literal(PSEUDO_ARG_OPEN), el, literal(PSEUDO_ARG_CLOSE)] : [el];
  });
}

/** The en-XA message made from an English one: accented, its values marked, bracketed so a cut or a join shows. */
export function pseudoMessage(english: string): MessageFormatElement[] {
  const accented = mapLiterals(parseMessage(english), pseudoAccenter());
  return [literal(PSEUDO_OPEN), ...markArguments(accented), literal(PSEUDO_CLOSE)];
}
