// The pseudo-locale `en-XA`: every English message with its letters accented and the whole bracketed
// ("[Ŵĥåţ Ì çåñ ðö]"), its arguments untouched. A test reading an answer in en-XA finds any English text that
// reached a person without going through the catalogue, and any message a translation would cut.
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

/** The en-XA message made from an English one: accented, and bracketed so a cut or a join shows. */
export function pseudoMessage(english: string): MessageFormatElement[] {
  const accented = mapLiterals(parseMessage(english), pseudoAccenter());
  const open: MessageFormatElement = { type: ELEMENT_TYPE.literal, value: '[' };
  const close: MessageFormatElement = { type: ELEMENT_TYPE.literal, value: ']' };
  return [open, ...accented, close];
}
