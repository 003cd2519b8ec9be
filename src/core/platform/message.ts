// The platform-neutral message model. The core says what to show; each adapter turns it into embeds and
// components (Discord), Block Kit (Slack) or text (console), applying its own length limits.
//
// Text is text: whatever a string holds (a script, a title, an API error) is shown as written, never as a
// ping or a link. Only the bot's own mentions and links are markup, written with `mention()`,
// `groupMention()` and `link()` as sealed tokens that each adapter's renderer reads with `segments()`.
// Formatting (**bold**, _italic_, `code`) is left to the platform: it can change how text looks, not whom
// it notifies or where it leads.
import { randomBytes } from 'node:crypto';

export type Tone = 'info' | 'pending' | 'success' | 'error';

export interface Field {
  name: string;
  value: string;
  inline?: boolean;
}

export interface LinkButton {
  kind: 'link';
  label: string;
  url: string;
}

/**
 * A button the bot handles. `id` is short (Discord custom_id ≤ 100 chars), carries no secret, and is
 * everything needed to act after a restart: `verb:arg:arg`, e.g. `retry:k3j9x2`, `voices:2:fr`.
 */
export interface ActionButton {
  kind: 'action';
  label: string;
  id: string;
  style?: 'primary' | 'secondary' | 'danger';
}

/** A choice list the bot handles; the picked value is appended to `id` as `id:value`. */
export interface SelectMenu {
  kind: 'select';
  id: string;
  placeholder: string;
  options: Array<{ label: string; value: string; description?: string }>;
}

export type Control = LinkButton | ActionButton | SelectMenu;

export interface Card {
  title?: string;
  /** Link of the title. */
  url?: string;
  body?: string;
  fields?: Field[];
  /** A large image (e.g. a reel's thumbnail). */
  imageUrl?: string;
  footer?: string;
  tone?: Tone;
  controls?: Control[];
}

export interface OutMessage {
  /** The message text; also the notification/fallback text. */
  text: string;
  /**
   * Text the bot did not write (a reviewer's comment, a change request's reason), shown after `text` as one
   * quoted block: every line of it quoted (quoteLines) and escaped, so no line can pass for one of the bot's.
   */
  quote?: string;
  cards?: Card[];
  /** Controls for the whole message (rendered after the cards). */
  controls?: Control[];
}

/**
 * A token opens and closes with Unicode noncharacters (reserved for a program's internal use) and carries
 * this process's random seal, so text typed by a person or returned by the API cannot forge one: it would
 * have to guess the seal. Messages are rendered in the process that built them (records keep ids, never
 * rendered text), so the seal need not outlive it.
 */
const OPEN = '\uFDD0';
const CLOSE = '\uFDD1';
const SEAL = randomBytes(6).toString('base64url');
const TOKEN = new RegExp(`${OPEN}${SEAL}([ugl])([^${OPEN}${CLOSE}]*)${CLOSE}`, 'g');
const SENTINEL = /[\uFDD0\uFDD1]/g;
/** What is left of a token in plain text: forged, or cut short by a length limit. Never shown (it holds the seal). */
const BROKEN_TOKEN = new RegExp(`${OPEN}[^${OPEN}${CLOSE}]*(${CLOSE}|$)`, 'g');
const ID = /^[A-Za-z0-9_.-]{1,64}$/;
const WEB_URL = /^https?:\/\/\S+$/i;

/** A piece of a message text: text to show as written, or one of the bot's own mentions and links. */
export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'user'; id: string }
  | { kind: 'group'; id: string }
  | { kind: 'link'; label: string; url: string };

const sealed = (kind: 'u' | 'g' | 'l', body: string) => `${OPEN}${SEAL}${kind}${body}${CLOSE}`;
const bare = (s: string) => s.replace(SENTINEL, '');

/** The bot mentions a person (it notifies them where the platform does). */
export const mention = (userId: string): string => (ID.test(userId) ? sealed('u', userId) : bare(`@${userId}`));

/** The bot names a group: a Discord role (digits) or a Slack user group (S…). Never notifies the group. */
export const groupMention = (id: string): string => (ID.test(id) ? sealed('g', id) : bare(`@${id}`));

/** A link the bot puts there; a URL that is not http(s) is shown as its label alone. */
export const link = (label: string, url: string): string => {
  const text = bare(label).replace(/\s+/g, ' ').trim() || bare(url);
  return WEB_URL.test(url) ? sealed('l', `${bare(url)} ${text}`) : text;
};

/** `s` as the renderers read it: text as written (token markers dropped) and the bot's tokens. */
export function segments(s: string): Segment[] {
  const out: Segment[] = [];
  const text = (t: string) => {
    const clean = bare(t.replace(BROKEN_TOKEN, ''));
    if (clean) out.push({ kind: 'text', text: clean });
  };
  let last = 0;
  for (const m of s.matchAll(TOKEN)) {
    text(s.slice(last, m.index));
    const [whole, kind, body = ''] = m;
    if (kind === 'l') {
      const space = body.indexOf(' ');
      out.push({ kind: 'link', url: body.slice(0, space), label: body.slice(space + 1) });
    } else out.push({ kind: kind === 'u' ? 'user' : 'group', id: body });
    last = m.index + whole.length;
  }
  text(s.slice(last));
  return out;
}

/** How one platform writes each segment; `render` joins them, so escaping happens in one place. */
export interface SegmentWriter {
  text(s: string): string;
  user(id: string): string;
  group(id: string): string;
  link(label: string, url: string): string;
}

function write(p: Segment, w: SegmentWriter): string {
  switch (p.kind) {
    case 'text':
      return w.text(p.text);
    case 'user':
      return w.user(p.id);
    case 'group':
      return w.group(p.id);
    case 'link':
      return w.link(p.label, p.url);
  }
}

export function render(s: string, w: SegmentWriter): string {
  return segments(s)
    .map((p) => write(p, w))
    .join('');
}

const PLAIN: SegmentWriter = {
  text: (t) => t,
  user: (id) => `@${id}`,
  group: (id) => `@${id}`,
  link: (label) => label,
};

/** `s` for places that show no markup (thread names, button labels): mentions as `@id`, links as their label. */
export const plainText = (s: string): string => render(s, PLAIN);

/** The people `s` mentions by the bot's own hand (a forged `<@id>` in text is not one). */
export const mentionedUsers = (s: string): string[] => segments(s).flatMap((p) => (p.kind === 'user' ? [p.id] : []));

/** The roles / user groups `s` mentions by the bot's own hand (`groupMention`), never one typed in text. */
export const mentionedGroups = (s: string): string[] => segments(s).flatMap((p) => (p.kind === 'group' ? [p.id] : []));

/** Anything a platform or a terminal shows as a line break: each one starts a line of the quote. */
const LINE_BREAK = /\r\n?|[\n\v\f\u0085\u2028\u2029]/;
/** Other controls and the bot's token markers: they draw nothing a reader should see. */
const INVISIBLE = /[\p{Cc}\uFDD0\uFDD1]/gu;

/**
 * A quote's lines, each to be drawn behind the platform's quote mark: split at every kind of line break
 * (so none hides inside one line and starts a bot-looking line on screen), controls dropped, blank lines
 * left out (a bare quote mark ends the block on some platforms).
 */
export function quoteLines(s: string): string[] {
  return s
    .split(LINE_BREAK)
    .map((l) => l.replace(INVISIBLE, '').trimEnd())
    .filter((l) => l.trim() !== '');
}

/** The one cut (between characters, marked with …), where the message model's users already find it. */
export { truncate } from './text.ts';
