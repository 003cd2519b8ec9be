// ModalSpec -> Discord modal: Label components wrapping text inputs.
import { type APIModalInteractionResponseCallbackData, ComponentType, TextInputStyle } from 'discord.js';
import type { ModalSpec } from '../core/interaction.ts';
import { truncate } from '../core/render/message.ts';

/** Discord: title ≤ 45, 1–5 inputs, label ≤ 45, placeholder ≤ 100, value ≤ 4000, custom_id ≤ 100. */
const MAX_TITLE = 45;
const MAX_INPUTS = 5;
const MAX_LABEL = 45;
const MAX_PLACEHOLDER = 100;
const MAX_VALUE = 4000;

export function modalOf(spec: ModalSpec): APIModalInteractionResponseCallbackData {
  return {
    custom_id: spec.id,
    title: truncate(spec.title, MAX_TITLE),
    components: spec.inputs.slice(0, MAX_INPUTS).map((input) => ({
      type: ComponentType.Label,
      label: truncate(input.label, MAX_LABEL),
      component: {
        type: ComponentType.TextInput,
        custom_id: input.id,
        style: input.style === 'paragraph' ? TextInputStyle.Paragraph : TextInputStyle.Short,
        required: input.required,
        max_length: Math.min(input.maxLength ?? MAX_VALUE, MAX_VALUE),
        ...(input.placeholder ? { placeholder: truncate(input.placeholder, MAX_PLACEHOLDER) } : {}),
      },
    })),
  };
}
