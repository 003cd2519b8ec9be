// OutMessage -> Discord message body, within Discord's limits: every field is cut on its own (with an
// ellipsis) so one long caption never makes the whole message fail.
import type { APIAllowedMentions, APIEmbed, APIEmbedField } from 'discord.js';
import {
  type Card,
  type Field,
  mentionedGroups,
  mentionedUsers,
  type OutMessage,
  quoteLines,
  render,
  type SegmentWriter,
  type Tone,
  truncate,
} from '../core/platform/message.ts';
import { type ActionRow, renderControls } from './render-controls.ts';

/** Discord: content 2000; ≤ 10 embeds, ≤ 6000 chars across them; title 256, description 4096,
 * ≤ 25 fields (name 256, value 1024), footer 2048. */
const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
} as const;

const COLOURS: Record<Tone, number> = { info: 0x5865f2, pending: 0xfee75c, success: 0x57f287, error: 0xed4245 };

export interface DiscordMessage {
  content: string;
  embeds: APIEmbed[];
  components: ActionRow[];
  allowed_mentions: APIAllowedMentions;
}

const isWebUrl = (s: string | undefined): s is string => !!s && /^https?:\/\/\S+$/i.test(s);

/** A zero-width space: it breaks a token's syntax and shows nothing. */
const ZWSP = '\u200b';

/**
 * Text the bot did not write, as Discord shows it but cannot read as markup: `<@id>`, `<@&id>`, `<#id>`,
 * `</cmd:id>` and `@everyone`/`@here` lose their meaning, and `[label](url)` is no masked link (they are live
 * in content, embed descriptions and field values).
 */
export function neutralise(s: string): string {
  return s
    .replace(/<(?=[@#/!&:a-z])/gi, `<${ZWSP}`)
    .replace(/@(?=everyone|here)/gi, `@${ZWSP}`)
    .replace(/\](?=\s*\()/g, `]${ZWSP}`);
}

const WRITER: SegmentWriter = {
  text: neutralise,
  user: (id) => (/^\d+$/.test(id) ? `<@${id}>` : `@${id}`),
  group: (id) => (/^\d+$/.test(id) ? `<@&${id}>` : `@${id}`),
  // A bracket in the label or a parenthesis in the URL would end the masked link early.
  link: (label, url) =>
    `[${neutralise(label).replace(/[[\]]/g, '')}](${url.replace(/\(/g, '%28').replace(/\)/g, '%29')})`,
};

/** Core text as Discord markdown. */
export const toMarkdown = (s: string): string => render(s, WRITER);

/** A quote (text the bot did not write) as Discord markdown: every line behind `> `, neutralised like all text. */
export const quoteMarkdown = (s: string): string =>
  quoteLines(s)
    .map((l) => `> ${toMarkdown(l)}`)
    .join('\n');

/** Discord notifies at most 100 users a message. */
const MAX_MENTIONS = 100;

/**
 * Exactly the people the bot means to notify: its own mentions of members and roles in the content (a
 * reminder pings the approvers' role, as Slack pings a user group; embeds never notify). Sent on every
 * create and edit, since an edit without it re-parses mentions with Discord's defaults.
 */
export function allowedMentions(text: string): APIAllowedMentions {
  const ids = (list: string[]) => [...new Set(list.filter((id) => /^\d+$/.test(id)))].slice(0, MAX_MENTIONS);
  return { parse: [], users: ids(mentionedUsers(text)), roles: ids(mentionedGroups(text)) };
}

/** Cuts to what is left of `budget`; undefined when nothing fits. */
function clip(s: string | undefined, max: number, budget: { left: number }): string | undefined {
  if (!s) return undefined;
  const room = Math.min(max, budget.left);
  if (room < 1) return undefined;
  const out = truncate(s, room);
  budget.left -= out.length;
  return out;
}

function fitFields(fields: readonly Field[] | undefined, budget: { left: number }) {
  const out: APIEmbedField[] = [];
  for (const f of (fields ?? []).slice(0, LIMITS.fields)) {
    // Discord refuses an empty name or value: a zero-width space stands in.
    const name = truncate(toMarkdown(f.name) || '\u200b', LIMITS.fieldName);
    const value = truncate(toMarkdown(f.value) || '\u200b', LIMITS.fieldValue);
    if (name.length + value.length > budget.left) break;
    budget.left -= name.length + value.length;
    out.push({ name, value, ...(f.inline ? { inline: true } : {}) });
  }
  return out;
}

function embedOf(card: Card, allowance: number): APIEmbed {
  const budget = { left: allowance };
  const embed: APIEmbed = {};
  const title = clip(card.title && toMarkdown(card.title), LIMITS.title, budget);
  if (title) embed.title = title;
  if (title && isWebUrl(card.url)) embed.url = card.url;
  // A footer is a status line: it gets at most 200 of the card's share, so the body keeps the room.
  const footer = clip(card.footer && toMarkdown(card.footer), LIMITS.footer, { left: Math.min(budget.left, 200) });
  if (footer) budget.left -= footer.length;
  const fields = fitFields(card.fields, budget);
  const description = clip(card.body && toMarkdown(card.body), LIMITS.description, budget);
  if (description) embed.description = description;
  if (fields.length) embed.fields = fields;
  if (footer) embed.footer = { text: footer };
  if (isWebUrl(card.imageUrl)) embed.image = { url: card.imageUrl };
  if (card.tone) embed.color = COLOURS[card.tone];
  return embed;
}

const isEmpty = (e: APIEmbed): boolean => !e.title && !e.description && !e.fields?.length && !e.image;

/** Each card gets an equal share of what is left of the 6000, so one long card cannot starve the rest. */
function embedsOf(cards: readonly Card[]): APIEmbed[] {
  const out: APIEmbed[] = [];
  let left = LIMITS.embedTotal;
  cards.forEach((card, i) => {
    const embed = embedOf(card, Math.floor(left / (cards.length - i)));
    left -= embedChars(embed);
    if (!isEmpty(embed)) out.push(embed);
  });
  return out;
}

export function embedChars(e: APIEmbed): number {
  const fields = (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  return (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0) + fields;
}

export function renderMessage(message: OutMessage): DiscordMessage {
  const cards = message.cards ?? [];
  const shown = cards.slice(0, LIMITS.embeds);
  const note = cards.length > shown.length ? `\n(${cards.length - shown.length} more not shown)` : '';
  const embeds = embedsOf(shown);
  const controls = [...shown.flatMap((c) => c.controls ?? []), ...(message.controls ?? [])];
  const components = renderControls(controls);
  const quote = message.quote ? quoteMarkdown(message.quote) : '';
  const text = [toMarkdown(message.text), quote].filter(Boolean).join('\n');
  let content = truncate(text, LIMITS.content - note.length) + note;
  // Discord refuses a message with nothing in it.
  if (!content.trim() && embeds.length === 0 && components.length === 0) content = '…';
  return { content, embeds, components, allowed_mentions: allowedMentions(message.text) };
}
