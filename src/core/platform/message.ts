// The platform-neutral message model. The core says what to show; each adapter turns it into embeds and
// components (Discord), Block Kit (Slack) or text (console), applying its own length limits.
//
// Text uses a small markup every adapter can translate: **bold**, _italic_, `code`, [label](https://url),
// and <@userId> for a mention (written with `mention()`).

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
  cards?: Card[];
  /** Controls for the whole message (rendered after the cards). */
  controls?: Control[];
}

export const mention = (userId: string): string => `<@${userId}>`;

/** The one cut (between characters, marked with …), where the message model's users already find it. */
export { truncate } from './text.ts';

export const link = (label: string, url: string): string => `[${label.replace(/[[\]]/g, '')}](${url})`;
