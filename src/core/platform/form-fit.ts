// A prefilled value longer than a platform's form can hold is never cut to fit: a cut value, saved
// unchanged, would replace the real one and be posted cut. The form shows the field as a note instead, and
// the submission leaves it out, which the core reads as "unchanged".
import { createCatalogue } from '../i18n/catalogue.ts';
import { negotiateLocale } from '../i18n/locales.ts';
import type { ModalInput } from './interaction.ts';
import { PLATFORM_MESSAGES } from './platform-messages.ts';
import { characterCount, type Measure } from './text.ts';

/** Whether an input holding at most `holds` (by the platform's `measure`) shows the value whole. */
export function showsWhole(input: ModalInput, holds: number, measure: Measure): boolean {
  return !input.value || input.secret === true || measure(input.value) <= holds;
}

/** The note is the adapters' own addition to a form the core wrote: its words, in the reader's language. */
const catalogue = createCatalogue([PLATFORM_MESSAGES]);

/**
 * What the form shows instead of an input it cannot fill: the sizes, that it is kept, how to change it, in the
 * language of `locale` (the reader's, as the platform tags it; English when none).
 */
export function tooLongToEdit(input: ModalInput, holds: number, measure: Measure, locale?: string): string {
  const t = catalogue.translator(negotiateLocale(locale));
  const value = input.value ?? '';
  const characters = t.number(characterCount(value));
  const counted = measure(value);
  const size =
    counted === characterCount(value)
      ? t.t('dispatch.too_long_size', { characters })
      : t.t('dispatch.too_long_size_counted', { characters, counted: t.number(counted) });
  const change = input.elsewhere ? t.t('dispatch.too_long_change', { how: input.elsewhere }) : '';
  return t.t('dispatch.too_long_to_edit', { label: input.label, size, holds: t.number(holds), change });
}
