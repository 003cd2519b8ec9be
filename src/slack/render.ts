// The core's OutMessage as Block Kit, within Slack's limits (docs.slack.dev, Block Kit reference): a
// message that breaks one is refused whole with invalid_blocks, so every text is cut to fit.
import type { types } from '@slack/bolt';
import { type Card, type Control, type Field, link, type OutMessage, type Tone } from '../core/platform/message.ts';
import { cut, cutMrkdwn, quoteMrkdwn, toMrkdwn, toPlain } from './markup.ts';

type Block = types.KnownBlock;
type ActionElement = types.Button | types.StaticSelect;

export const LIMITS = {
  /** Blocks per message (modals allow 100). */
  blocks: 50,
  sectionText: 3000,
  header: 150,
  /** Fields per section, and characters per field. */
  fields: 10,
  fieldText: 2000,
  actionsPerBlock: 25,
  selectOptions: 100,
  optionText: 75,
  optionValue: 150,
  actionId: 255,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  altText: 2000,
  /** The notification text when blocks are shown; a text-only message may be 40,000 characters. */
  fallbackText: 3000,
  messageText: 40_000,
} as const;

const TONE_EMOJI: Record<Tone, string> = {
  info: '',
  pending: ':hourglass_flowing_sand: ',
  success: ':white_check_mark: ',
  error: ':warning: ',
};

export interface SlackMessage {
  text: string;
  blocks?: Block[];
}

const plain = (s: string, max: number): types.PlainTextElement => ({
  type: 'plain_text',
  text: cut(toPlain(s), max) || ' ',
  emoji: true,
});

const section = (text: string): types.SectionBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: cutMrkdwn(toMrkdwn(text), LIMITS.sectionText) },
});

/** Blocks a Home tab view may hold. */
export const HOME_BLOCKS = 100;

/** `maxBlocks`: 50 in a message; a view (the Home tab) holds 100. */
export function renderMessage(message: OutMessage, maxBlocks: number = LIMITS.blocks): SlackMessage {
  const cards = message.cards ?? [];
  const controls = message.controls ?? [];
  const quote = message.quote ? quoteMrkdwn(message.quote) : '';
  if (cards.length === 0 && controls.length === 0) {
    return { text: cutMrkdwn([toMrkdwn(message.text), quote].filter(Boolean).join('\n'), LIMITS.messageText) };
  }
  const ids = new Set<string>();
  const blocks: Block[] = [];
  if (message.text.trim()) blocks.push(section(message.text));
  if (quote) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cutMrkdwn(quote, LIMITS.sectionText) } });
  for (const card of cards) blocks.push(...renderCard(card, ids));
  blocks.push(...actionBlocks(controls, ids));
  return {
    text: cutMrkdwn(toMrkdwn(message.text || firstTitle(cards)), LIMITS.fallbackText),
    blocks: cap(blocks, maxBlocks),
  };
}

function firstTitle(cards: readonly Card[]): string {
  return cards.find((c) => c.title)?.title ?? ' ';
}

/** More than 50 blocks is refused: keep 49 and say how many were left out. */
function cap(blocks: Block[], max: number = LIMITS.blocks): Block[] {
  if (blocks.length <= max) return blocks;
  const kept = blocks.slice(0, max - 1);
  const note: types.ContextBlock = {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `…and ${blocks.length - kept.length} more not shown.` }],
  };
  return [...kept, note];
}

export function renderCard(card: Card, ids: Set<string> = new Set()): Block[] {
  const blocks: Block[] = [];
  const title = card.title ? `**${card.url ? link(card.title, card.url) : card.title}**` : '';
  const head = `${TONE_EMOJI[card.tone ?? 'info']}${[title, card.body ?? ''].filter(Boolean).join('\n')}`;
  const fieldGroups = chunk(card.fields ?? [], LIMITS.fields);
  if (head.trim() || fieldGroups.length > 0) {
    const first: types.SectionBlock = head.trim() ? section(head) : { type: 'section' };
    const [firstFields, ...more] = fieldGroups;
    if (firstFields) first.fields = firstFields.map(renderField);
    blocks.push(first);
    for (const group of more) blocks.push({ type: 'section', fields: group.map(renderField) });
  }
  if (card.imageUrl && card.imageUrl.length <= LIMITS.url) {
    blocks.push({
      type: 'image',
      image_url: card.imageUrl,
      alt_text: cut(toPlain(card.title ?? 'image'), LIMITS.altText),
    });
  }
  if (card.footer) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: cutMrkdwn(toMrkdwn(card.footer), 3000) }] });
  }
  blocks.push(...actionBlocks(card.controls ?? [], ids));
  return blocks;
}

function renderField(field: Field): types.MrkdwnElement {
  return { type: 'mrkdwn', text: cutMrkdwn(toMrkdwn(`**${field.name}**\n${field.value}`), LIMITS.fieldText) };
}

function actionBlocks(controls: readonly Control[], ids: Set<string>): types.ActionsBlock[] {
  const elements = controls.map((c) => renderControl(c, ids)).filter((e): e is ActionElement => e !== undefined);
  return chunk(elements, LIMITS.actionsPerBlock).map((group) => ({ type: 'actions', elements: group }));
}

/** action_id must be unique within a message: a repeated id gets a `~n` suffix (read back by `controlId`). */
function uniqueId(id: string, ids: Set<string>): string {
  const base = id.slice(0, LIMITS.actionId - 4);
  let candidate = base;
  for (let n = 2; ids.has(candidate); n++) candidate = `${base}~${n}`;
  ids.add(candidate);
  return candidate;
}

function renderControl(control: Control, ids: Set<string>): ActionElement | undefined {
  switch (control.kind) {
    case 'link':
      if (control.url.length > LIMITS.url) return undefined;
      return {
        type: 'button',
        text: plain(control.label, LIMITS.buttonText),
        url: control.url,
        action_id: uniqueId('link', ids),
      };
    case 'action': {
      const button: types.Button = {
        type: 'button',
        text: plain(control.label, LIMITS.buttonText),
        action_id: uniqueId(control.id, ids),
        value: control.id.slice(0, LIMITS.buttonValue),
      };
      if (control.style === 'primary' || control.style === 'danger') button.style = control.style;
      return button;
    }
    case 'select':
      if (control.options.length === 0) return undefined;
      return {
        type: 'static_select',
        action_id: uniqueId(control.id, ids),
        placeholder: plain(control.placeholder, 150),
        options: control.options.slice(0, LIMITS.selectOptions).map((o) => ({
          text: plain(o.label, LIMITS.optionText),
          value: o.value.slice(0, LIMITS.optionValue),
          ...(o.description ? { description: plain(o.description, LIMITS.optionText) } : {}),
        })),
      };
  }
}

/** The core's control id behind a clicked element (see `uniqueId`). */
export function controlId(actionId: string): string {
  return actionId.replace(/~\d+$/, '');
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
