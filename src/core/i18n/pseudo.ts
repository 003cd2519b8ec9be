// The pseudo-locale `en-XA`: every English message with its letters accented and the whole bracketed
// ("[Ŵĥåţ Ì çåñ ðö]"), its arguments untouched. A test reading an answer in en-XA finds any English text that
// reached a person without going through the catalogue, and any message a translation would cut.
import { ELEMENT_TYPE, type MessageFormatElement, mapLiterals, parseMessage } from './message-shape.ts';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] ?? c,
  ]),
);

/**
 * Accents the letters of prose and leaves alone what a person types or the platform reads: `code` spans
 * (`/help clip`, `key=value`), command names (`/setup`) and option words written `name=`.
 */
export function pseudoText(text: string): string {
  return text
    .split(/(`[^`]*`|\/[a-z_-]+|[a-z_]+=)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');
}

/** The en-XA message made from an English one: accented, and bracketed so a cut or a join shows. */
export function pseudoMessage(english: string): MessageFormatElement[] {
  const accented = mapLiterals(parseMessage(english), pseudoText);
  const open: MessageFormatElement = { type: ELEMENT_TYPE.literal, value: '[' };
  const close: MessageFormatElement = { type: ELEMENT_TYPE.literal, value: ']' };
  return [open, ...accented, close];
}
