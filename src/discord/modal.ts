// ModalSpec -> Discord modal: Label components wrapping text inputs.
import {
  type APIModalInteractionResponseCallbackComponent,
  type APIModalInteractionResponseCallbackData,
  type APIStringSelectComponent,
  type APITextInputComponent,
  ComponentType,
  TextInputStyle,
} from 'discord.js';
import { showsWhole, tooLongToEdit } from '../core/platform/form-fit.ts';
import type { ModalInput, ModalSpec } from '../core/platform/interaction.ts';
import { truncate, utf16Units } from '../core/platform/text.ts';

/** Discord: title ≤ 45, 1–5 inputs, label ≤ 45, placeholder ≤ 100, value ≤ 4000, custom_id ≤ 100. */
const MAX_TITLE = 45;
const MAX_INPUTS = 5;
const MAX_LABEL = 45;
const MAX_PLACEHOLDER = 100;
const MAX_VALUE = 4000;

/** The core's form (already in the reader's language) as Discord's; `locale` words what the adapter adds. */
export function modalOf(spec: ModalSpec, locale?: string): APIModalInteractionResponseCallbackData {
  return {
    custom_id: spec.id,
    title: truncate(spec.title, MAX_TITLE),
    components: spec.inputs.slice(0, MAX_INPUTS).map((input) => componentOf(input, locale)),
  };
}

function componentOf(input: ModalInput, locale: string | undefined): APIModalInteractionResponseCallbackComponent {
  // Discord validates lengths in UTF-16 units: a value it cannot hold whole is shown as a note, never cut.
  const holds = Math.min(input.maxLength ?? MAX_VALUE, MAX_VALUE);
  if (!input.choices && !showsWhole(input, holds, utf16Units)) {
    return { type: ComponentType.TextDisplay, content: tooLongToEdit(input, holds, utf16Units, locale) };
  }
  return {
    type: ComponentType.Label,
    label: truncate(input.label, MAX_LABEL),
    component: input.choices ? selectOf(input.id, input.required, input.choices) : textOf(input),
  };
}

function textOf(input: ModalInput): APITextInputComponent {
  return {
    type: ComponentType.TextInput,
    custom_id: input.id,
    style: input.style === 'paragraph' ? TextInputStyle.Paragraph : TextInputStyle.Short,
    required: input.required,
    max_length: Math.min(input.maxLength ?? MAX_VALUE, MAX_VALUE),
    ...(input.placeholder ? { placeholder: truncate(input.placeholder, MAX_PLACEHOLDER) } : {}),
    // A secret is never sent back to Discord, even if a caller set a value.
    ...(input.value && !input.secret ? { value: input.value } : {}),
  };
}

/** A string select inside a label (Discord: ≤ 25 options, label ≤ 100 characters). */
function selectOf(id: string, required: boolean, c: NonNullable<ModalInput['choices']>): APIStringSelectComponent {
  const options = c.options.slice(0, 25).map((o) => ({
    label: truncate(o.label, 100),
    value: o.value.slice(0, 100),
    default: c.selected.includes(o.value),
  }));
  return {
    type: ComponentType.StringSelect,
    custom_id: id,
    options,
    min_values: required ? 1 : 0,
    max_values: Math.min(c.max ?? options.length, options.length),
    required,
  };
}
