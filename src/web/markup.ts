// Markup written one way: the `html` tagged template escapes every string it is given, so text the bot did not
// write (a title, a reviewer's name, a comment) can only ever be text. Only what `html` itself produced is put in
// as markup; there is no other way to make a `Markup`.

const UNSAFE = /[&<>"']/g;

/** Markup `html` produced: safe to put into a page as it is. Only its type leaves this file. */
class Markup {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

export type { Markup };

type Value = string | number | Markup | readonly Markup[] | false | null | undefined;

const asText = (s: string): string => s.replace(UNSAFE, (c) => `&#${c.charCodeAt(0)};`);

function piece(value: Value): string {
  if (value === false || value === null || value === undefined) return '';
  if (value instanceof Markup) return value.toString();
  if (Array.isArray(value)) return value.map(piece).join('');
  return asText(String(value));
}

/** A fragment of markup: each interpolated string escaped (in text and in quoted attributes alike). */
export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += piece(v) + (strings[i + 1] ?? '');
  });
  return new Markup(out);
}

/** Only web addresses (or this site's own paths) become a source or a link: never `javascript:` or `data:`. */
export const webUrl = (s: string | undefined): string | undefined =>
  s && (/^https?:\/\//i.test(s) || /^\/(?!\/)/.test(s)) ? s : undefined;
