// What a message asks of its values, read with FormatJS's ICU parser: which arguments it takes, of which kind,
// and the branches of each plural and select. Two languages' messages must have the same shape
// (test/core/i18n/parity.test.ts), and the pseudo-locale is made from the English one's parse.
import { type MessageFormatElement, type PluralOrSelectOption, parse, TYPE } from '@formatjs/icu-messageformat-parser';

export type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The parse of one message (tags off: `<` is plain text in ours). Throws on a malformed message. */
export function parseMessage(message: string): MessageFormatElement[] {
  return parse(message, { ignoreTag: true });
}

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'argument',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.plural]: 'plural',
  [TYPE.select]: 'select',
};

/**
 * Each argument with its kind (`count:plural`, `name:argument`), and for a plural or select the branches it
 * has (`count:plural[one,other]`), sorted: equal for two messages that take the same values the same way.
 * A language may add plural branches its grammar needs (Japanese has only `other`; ICU needs `other` always),
 * so plurals are compared by their `other` branch and the `=n` ones; selects by every branch.
 */
export function messageShape(elements: readonly MessageFormatElement[]): string[] {
  const out = new Set<string>();
  const walk = (els: readonly MessageFormatElement[]) => {
    for (const el of els) {
      const kind = KIND[el.type];
      if (!kind || !('value' in el)) continue;
      const name = String(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        const options = el.options as Record<string, PluralOrSelectOption>;
        const keys = Object.keys(options).filter((k) => el.type === TYPE.select || k === 'other' || k.startsWith('='));
        out.add(`${name}:${kind}[${keys.sort().join(',')}]`);
        for (const option of Object.values(options)) walk(option.value);
      } else out.add(`${name}:${kind}`);
    }
  };
  walk(elements);
  return [...out].sort();
}

/** The literal text of a message, with every argument left out (what a reader sees of the catalogue itself). */
export function literalText(elements: readonly MessageFormatElement[]): string[] {
  const out: string[] = [];
  const walk = (els: readonly MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.literal) out.push(el.value);
      else if (el.type === TYPE.plural || el.type === TYPE.select) {
        for (const option of Object.values(el.options as Record<string, PluralOrSelectOption>)) walk(option.value);
      }
    }
  };
  walk(elements);
  return out;
}

/** The same message with every literal text passed through `change` (arguments, plurals and selects kept). */
export function mapLiterals(
  elements: readonly MessageFormatElement[],
  change: (text: string) => string,
): MessageFormatElement[] {
  return elements.map((el): MessageFormatElement => {
    if (el.type === TYPE.literal) return { ...el, value: change(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options as Record<string, PluralOrSelectOption>).map(([k, o]) => [
          k,
          { ...o, value: mapLiterals(o.value, change) },
        ]),
      );
      return { ...el, options } as MessageFormatElement;
    }
    return el;
  });
}

export { TYPE as ELEMENT_TYPE };
