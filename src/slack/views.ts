// Modals: the core's ModalSpec, and the form a command opens when it is run with no text (derived from
// the command table). Limits from Slack's view reference: title ≤ 24 characters, ≤ 100 blocks,
// private_metadata ≤ 3000, plain_text_input ≤ 3000 characters, static select ≤ 100 options,
// checkboxes ≤ 10 options.
import type { types } from '@slack/bolt';
import { z } from 'zod';
import { describeOption } from '../core/commands/describe.ts';
import type { CommandSpec, OptionSpec, OptionValues } from '../core/commands/spec.ts';
import type { Translator } from '../core/i18n/catalogue.ts';
import { showsWhole, tooLongToEdit } from '../core/platform/form-fit.ts';
import type { ModalInput, ModalSpec } from '../core/platform/interaction.ts';
import { utf16Units } from '../core/platform/text.ts';
import { cut } from './markup.ts';
import { slackWords } from './words.ts';

/** callback_id of a command form: `form:clip` (the core's own modal ids must not start with it). */
export const FORM_PREFIX = 'form:';
const OPTION_BLOCK = 'opt:';
const FLAGS_BLOCK = 'flags';
const MAX_VIEW_BLOCKS = 100;
const MAX_INPUT = 3000;

/** Where the answer to a submitted view goes; never a secret. */
export interface ViewMeta {
  channelId: string;
  threadId?: string;
  responseUrl?: string;
}

const metaSchema = z.object({ c: z.string(), t: z.string().optional(), r: z.string().optional() });

export function encodeMeta(meta: ViewMeta): string {
  const full = JSON.stringify({ c: meta.channelId, t: meta.threadId, r: meta.responseUrl });
  // private_metadata ≤ 3000 characters: drop the response_url rather than fail to open the form.
  return full.length <= 3000 ? full : JSON.stringify({ c: meta.channelId, t: meta.threadId });
}

export function decodeMeta(raw: string | undefined): ViewMeta | undefined {
  try {
    const parsed = metaSchema.safeParse(JSON.parse(raw ?? ''));
    if (!parsed.success) return undefined;
    const { c, t, r } = parsed.data;
    return { channelId: c, ...(t ? { threadId: t } : {}), ...(r ? { responseUrl: r } : {}) };
  } catch {
    return undefined;
  }
}

const text = (s: string, max: number): types.PlainTextElement => ({ type: 'plain_text', text: cut(s, max) });

function modal(
  callbackId: string,
  title: string,
  blocks: types.KnownBlock[],
  meta: ViewMeta,
  t: Translator,
): types.ModalView {
  return {
    type: 'modal',
    callback_id: callbackId,
    title: text(title, 24),
    submit: text(t.t('slack.form_submit'), 24),
    close: text(t.t('slack.form_cancel'), 24),
    private_metadata: encodeMeta(meta),
    blocks: blocks.slice(0, MAX_VIEW_BLOCKS),
  };
}

function textInput(input: ModalInput): types.PlainTextInput {
  return {
    type: 'plain_text_input',
    action_id: input.id,
    multiline: input.style === 'paragraph',
    max_length: Math.min(input.maxLength ?? MAX_INPUT, MAX_INPUT),
    ...(input.placeholder ? { placeholder: text(input.placeholder, 150) } : {}),
    // A secret is never sent back to Slack, even if a caller set a value.
    ...(input.value && !input.secret ? { initial_value: input.value } : {}),
  };
}

/** Static selects take ≤ 100 options (Slack). */
function multiSelect(id: string, c: NonNullable<ModalInput['choices']>): types.MultiStaticSelect {
  const options = c.options.slice(0, 100).map((o) => ({ text: text(o.label, 75), value: o.value }));
  const initial = options.filter((o) => c.selected.includes(o.value));
  return {
    type: 'multi_static_select',
    action_id: id,
    options,
    ...(initial.length ? { initial_options: initial } : {}),
    ...(c.max ? { max_selected_items: c.max } : {}),
  };
}

/** The core's form (e.g. the API key entry of /setup), already in the reader's language; `t` words its buttons. */
export function modalView(spec: ModalSpec, meta: ViewMeta, t: Translator = slackWords(undefined)): types.ModalView {
  return modal(
    spec.id,
    spec.title,
    spec.inputs.map((input) => blockOf(input, t)),
    meta,
    t,
  );
}

function blockOf(input: ModalInput, t: Translator): types.InputBlock | types.SectionBlock {
  // A value the input cannot hold whole is shown as a note (a section, absent from the submitted state), never
  // cut. Slack says "characters" without saying which: UTF-16 units are never fewer, so what fits them fits.
  const holds = Math.min(input.maxLength ?? MAX_INPUT, MAX_INPUT);
  if (!input.choices && !showsWhole(input, holds, utf16Units)) {
    return { type: 'section', block_id: input.id, text: text(tooLongToEdit(input, holds, utf16Units, t.locale), 3000) };
  }
  return {
    type: 'input',
    block_id: input.id,
    optional: !input.required,
    label: text(input.label, 2000),
    element: input.choices ? multiSelect(input.id, input.choices) : textInput(input),
  };
}

const humanize = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');
const isBoolean = (o: OptionSpec): boolean => o.type === 'boolean';

/**
 * The form a command opens when run with no text, in `t`'s language (the reader's): required options first,
 * booleans as checkboxes last. Each field is named by its option (the word typed as `url=`), with the option's
 * description, translated, as its hint.
 */
export function commandFormView(
  command: CommandSpec,
  meta: ViewMeta,
  t: Translator = slackWords(undefined),
): types.ModalView {
  const inputs = command.options.filter((o) => !isBoolean(o));
  const ordered = [...inputs.filter((o) => o.required), ...inputs.filter((o) => !o.required)];
  const blocks: types.KnownBlock[] = ordered.map((o) => optionInput(command, o, t));
  const flags = command.options.filter(isBoolean).slice(0, 10);
  if (flags.length > 0) {
    blocks.push({
      type: 'input',
      block_id: FLAGS_BLOCK,
      optional: true,
      label: text(t.t('slack.form_extras'), 2000),
      element: {
        type: 'checkboxes',
        action_id: FLAGS_BLOCK,
        options: flags.map((o) => ({ text: text(humanize(o.name), 75), value: o.name })),
      },
    });
  }
  return modal(`${FORM_PREFIX}${command.name}`, `/${command.name}`, blocks, meta, t);
}

function optionInput(command: CommandSpec, option: OptionSpec, t: Translator): types.InputBlock {
  return {
    type: 'input',
    block_id: `${OPTION_BLOCK}${option.name}`,
    optional: !option.required,
    label: text(humanize(option.name), 2000),
    hint: text(describeOption(t, command, option), 2000),
    element: optionElement(option, t),
  };
}

function optionElement(option: OptionSpec, t: Translator): types.InputBlockElement {
  const action_id = option.name;
  if (option.choices && option.choices.length <= 100) {
    const options = option.choices.map((c) => ({ text: text(c, 75), value: c.slice(0, 150) }));
    return { type: 'static_select', action_id, options, placeholder: text(t.t('slack.form_choose'), 150) };
  }
  // Large sets (voices, languages, templates) are answered by the options request (external select).
  if (option.source) return { type: 'external_select', action_id, min_query_length: 0 };
  if (option.type === 'integer' || option.type === 'number') {
    return {
      type: 'number_input',
      action_id,
      is_decimal_allowed: option.type === 'number',
      ...(option.min !== undefined ? { min_value: String(option.min) } : {}),
      ...(option.max !== undefined ? { max_value: String(option.max) } : {}),
    };
  }
  if (option.type === 'url') return { type: 'url_text_input', action_id };
  const max = Math.min(option.maxLength ?? MAX_INPUT, MAX_INPUT);
  return { type: 'plain_text_input', action_id, max_length: max, multiline: Boolean(option.rest) || max > 500 };
}

const elementState = z.object({
  type: z.string(),
  value: z.string().nullish(),
  selected_option: z.object({ value: z.string() }).nullish(),
  selected_options: z.array(z.object({ value: z.string() })).nullish(),
});
const stateSchema = z.record(z.string(), z.record(z.string(), elementState));
export type ViewState = z.infer<typeof stateSchema>;

export function parseViewState(raw: unknown): ViewState {
  const parsed = stateSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

function singleValue(state: z.infer<typeof elementState>): string | undefined {
  // A multi-select answers its picks joined by commas (the core's ModalInput.choices contract).
  const v = state.value ?? state.selected_option?.value ?? state.selected_options?.map((o) => o.value).join(',');
  return v?.trim() ? v.trim() : undefined;
}

/**
 * The values of a core modal, by input id: an input left empty is '' (emptied), while a field the form
 * showed as a note is absent from the state and so from the values (unchanged).
 */
export function readModalValues(state: ViewState): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [blockId, actions] of Object.entries(state)) {
    const answer = actions[blockId];
    if (answer) values[blockId] = singleValue(answer) ?? '';
  }
  return values;
}

/** The options of a submitted command form; numbers stay strings when they do not parse (the core says why). */
export function readFormOptions(command: CommandSpec, state: ViewState): OptionValues {
  const options: OptionValues = {};
  for (const picked of state[FLAGS_BLOCK]?.[FLAGS_BLOCK]?.selected_options ?? []) options[picked.value] = true;
  for (const option of command.options) {
    const s = state[`${OPTION_BLOCK}${option.name}`]?.[option.name];
    const v = s && singleValue(s);
    if (v === undefined) continue;
    const n = Number(v);
    options[option.name] = (option.type === 'integer' || option.type === 'number') && Number.isFinite(n) ? n : v;
  }
  return options;
}

/** The first input block of a view, to attach a form error to. */
export function firstBlockId(view: {
  blocks?: ReadonlyArray<{ block_id?: string; type: string }>;
}): string | undefined {
  return view.blocks?.find((b) => b.type === 'input')?.block_id;
}
