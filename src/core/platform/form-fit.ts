// A prefilled value longer than a platform's form can hold is never cut to fit: a cut value, saved
// unchanged, would replace the real one and be posted cut. The form shows the field as a note instead, and
// the submission leaves it out, which the core reads as "unchanged".
import type { ModalInput } from './interaction.ts';
import { characterCount, formatCount, type Measure } from './text.ts';

/** Whether an input holding at most `holds` (by the platform's `measure`) shows the value whole. */
export function showsWhole(input: ModalInput, holds: number, measure: Measure): boolean {
  return !input.value || input.secret === true || measure(input.value) <= holds;
}

/** What the form shows instead of an input it cannot fill: the sizes, that it is kept, how to change it. */
export function tooLongToEdit(input: ModalInput, holds: number, measure: Measure): string {
  const value = input.value ?? '';
  const characters = characterCount(value);
  const counted = measure(value);
  const size =
    counted === characters
      ? `${formatCount(characters)} characters`
      : `${formatCount(characters)} characters, ${formatCount(counted)} as this form counts them`;
  const change = input.elsewhere ? ` To change it, ${input.elsewhere}.` : '';
  return `${input.label}: too long to edit here (${size}; this form holds ${formatCount(holds)}). It is kept as it is.${change}`;
}
