// A page for a person outside the chat (an outside reviewer, someone installing the app), described as data, as
// the chat's messages are (message.ts): the web edge (src/web) renders it to HTML one way, escaping every string,
// with one set of security headers. No HTML is written in the core.

/** A moment shown in the reader's own time zone where the browser runs scripts, else as `fallback`. */
export interface PageTime {
  at: number;
  /** What a reader without scripts sees (UTC with its offset, in the page's language). */
  fallback: string;
}

export interface PageFact {
  label: string;
  value: string | PageTime;
}

/**
 * A moment of a video on the page: with scripts, following it plays `src` in the page's player `video` from
 * `seconds`; without, it opens `src` at that moment (a media fragment, `#t=12`).
 */
export interface PageSeek {
  /** The id of the page's video player it moves. */
  video: string;
  /** The video it is a moment of (the player shows it first when it shows another). */
  src: string;
  seconds: number;
  /** What the link says ("0:12"). */
  label: string;
}

/** One dated line of a list: an earlier comment with the moment it was made, and the moment of the video it is about. */
export interface PageEntry {
  at: PageTime;
  text: string;
  seek?: PageSeek;
}

export interface PageField {
  kind: 'text' | 'textarea';
  name: string;
  label: string;
  /**
   * Said under the field, in words (the format a value must have); the browser says the same when the value does
   * not fit `pattern`, or, for a position, lies beyond the video's end.
   */
  hint?: string;
  value?: string;
  maxLength?: number;
  required?: boolean;
  /** What a value must look like (a regular expression's source, whole value), checked by the browser too. */
  pattern?: string;
  /** Shown in the empty field: an example ("0:12"). */
  placeholder?: string;
  /** The id of a video on the page whose position fills this field ("0:12") as the reader pauses it. */
  positionOf?: string;
}

export interface PageButton {
  name: string;
  value: string;
  label: string;
  /** The main action is drawn as such. */
  primary?: boolean;
}

/** The page's parts, in order. The first heading is the page's own (h1), later ones head its sections (h2). */
export type PageBlock =
  | { kind: 'heading'; text: string }
  | {
      kind: 'text';
      text: string;
      /** `quote`: text someone else wrote (a description, a comment), kept with its line breaks in a box. */
      tone?: 'plain' | 'note' | 'warning' | 'quote';
    }
  | { kind: 'facts'; items: PageFact[] }
  | { kind: 'list'; title?: string; items: string[] }
  | { kind: 'entries'; title?: string; items: PageEntry[] }
  | { kind: 'video'; id: string; src: string; poster?: string; linkText: string }
  /** `href`: a web address or one of the bot's own paths (`/slack/install`); anything else is shown as text only. */
  | { kind: 'link'; href: string; text: string }
  /** A video the page's player can show instead (an earlier version): with scripts, in the player; else, the video. */
  | { kind: 'watch'; seek: PageSeek }
  /**
   * The languages the page can be read in, each a link to the same page in it (`href`: a query of this page only,
   * `?lang=es`); `current` is the one shown.
   */
  | { kind: 'languages'; label: string; current: string; items: { lang: string; name: string; href: string }[] }
  | {
      kind: 'form';
      /** Where it posts; the page's own path when absent. */
      action?: string;
      hidden: Record<string, string>;
      fields: PageField[];
      buttons: PageButton[];
    };

export interface Page {
  status: number;
  /** BCP 47: the language the page is written in (the edge sets the document language from it). */
  lang: string;
  title: string;
  blocks: PageBlock[];
  /** Headers besides the edge's own (`retry-after`). */
  headers?: Record<string, string>;
}
