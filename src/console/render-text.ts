import type { Translator } from '../core/i18n/catalogue.ts';
import {
  type Card,
  type Control,
  type OutMessage,
  quoteLines,
  render,
  type SegmentWriter,
} from '../core/platform/message.ts';
import { consoleWords } from './words.ts';

// The console shows messages as plain text: links written out in full so a terminal makes them
// clickable, and every button as the line to type to press it.

export interface TextStyle {
  bold(s: string): string;
  dim(s: string): string;
}

export const plainStyle: TextStyle = { bold: (s) => s, dim: (s) => s };
export const ansiStyle: TextStyle = { bold: (s) => `\x1b[1m${s}\x1b[22m`, dim: (s) => `\x1b[2m${s}\x1b[22m` };

/** A terminal has no markup to forge: text is shown as written, the bot's links in full so they can be clicked. */
const TERMINAL: SegmentWriter = {
  text: (t) => t,
  user: (id) => `@${id}`,
  group: (id) => `@${id}`,
  link: (label, url) => `${label} <${url}>`,
};

/** Core text to terminal text: the bot's links → label <url>, **bold**, its mentions → @id. */
export function markupToText(s: string, style: TextStyle = plainStyle): string {
  return render(s, TERMINAL).replace(/\*\*([^*]+)\*\*/g, (_m, t: string) => style.bold(t));
}

/**
 * A menu's choices flow onto lines of at most this many characters, each choice whole: 25 voices on one line
 * made a line of about 1,000 characters that a terminal wraps mid-word and no one can read.
 */
const MENU_WIDTH = 100;

/** Items separated by two spaces, on as few lines of at most `width` characters as they fit (a longer item alone). */
function flow(items: string[], width: number): string[] {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 2 + item.length <= width) lines[lines.length - 1] = `${last}  ${item}`;
    else lines.push(item);
  }
  return lines;
}

function controlLines(c: Control, t: Translator): string[] {
  switch (c.kind) {
    case 'link':
      return [`${c.label}: ${c.url}`];
    case 'action':
      // What to type stays outside the words: `!id` is read as typed, in every language.
      return [`[${c.label}] ${t.t('console.press')} !${c.id}`];
    case 'select': {
      const choices = c.options.map((o) => `!${c.id}:${o.value} (${o.label})`);
      return [`${c.placeholder}:`, ...flow(choices, MENU_WIDTH).map((l) => `  ${l}`)];
    }
  }
}

function cardLines(card: Card, style: TextStyle, t: Translator): string[] {
  const lines: string[] = [];
  if (card.title) lines.push(style.bold(markupToText(card.title, style)) + (card.url ? ` <${card.url}>` : ''));
  if (card.body) lines.push(...markupToText(card.body, style).split('\n'));
  for (const f of card.fields ?? []) lines.push(`${f.name}: ${markupToText(f.value, style)}`);
  if (card.imageUrl) lines.push(`${t.t('console.thumbnail')} ${card.imageUrl}`);
  for (const c of card.controls ?? []) lines.push(...controlLines(c, t));
  if (card.footer) lines.push(style.dim(markupToText(card.footer, style)));
  return lines;
}

/** The message as lines, cards indented under the text. */
export function renderText(
  message: OutMessage,
  style: TextStyle = plainStyle,
  t: Translator = consoleWords(undefined),
): string[] {
  const lines = markupToText(message.text, style).split('\n');
  // A quote's lines stay behind `> `: a line break in a comment cannot start a line that reads as the bot's.
  if (message.quote) lines.push(...quoteLines(message.quote).map((l) => `> ${markupToText(l, style)}`));
  for (const card of message.cards ?? []) {
    lines.push(...cardLines(card, style, t).map((l, i) => (i === 0 ? `  ┌ ${l}` : `  │ ${l}`)));
  }
  for (const c of message.controls ?? []) lines.push(...controlLines(c, t).map((l) => `  ${l}`));
  return lines;
}

/** A card's fields by name, as the terminal shows them: what an edit is compared with. */
export type ShownFields = ReadonlyMap<string, string>;

export function shownFields(message: OutMessage, style: TextStyle = plainStyle): ShownFields {
  const fields = (message.cards ?? []).flatMap((c) => c.fields ?? []);
  return new Map(fields.map((f) => [f.name, markupToText(f.value, style)]));
}

/**
 * The lines an edit adds under its first line: each field that is new or changed since the card was last shown (all
 * of them when it was not shown here). A publish card's new approval or outside reviewer is in its fields, not in its
 * first line. A field the card dropped is not named: what ended it (an edit, revoked links) is said in the thread.
 */
export function changedFieldLines(before: ShownFields | undefined, after: ShownFields): string[] {
  const lines: string[] = [];
  for (const [name, value] of after) {
    if (before?.get(name) !== value) lines.push(...`${name}: ${value}`.split('\n'));
  }
  return lines;
}
