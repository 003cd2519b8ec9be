// The one file that wraps intl-messageformat (FormatJS's ICU MessageFormat engine): plurals, selects, numbers
// and dates through the runtime's `Intl`, with no global instance to configure.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

export type MessageValues = Readonly<Record<string, string | number | Date>>;

export interface CompiledMessage {
  format(values?: MessageValues): string;
}

/**
 * A message compiled once for a locale. Tags are off: `<` and `>` are plain text in our messages (Slack's
 * control characters are escaped by the renderers, never read as ICU tags here).
 */
export function compileMessage(
  message: string | MessageFormatElement[],
  locale: string,
  timeZone?: string,
): CompiledMessage {
  const formats = timeZone ? { date: { short: { timeZone } }, time: { short: { timeZone } } } : undefined;
  const compiled = new IntlMessageFormat(message, locale, formats, { ignoreTag: true });
  return {
    format(values) {
      const out = compiled.format(values as Record<string, string | number | Date>);
      return Array.isArray(out) ? out.join('') : String(out);
    },
  };
}
