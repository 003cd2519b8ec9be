// Core text in Slack's mrkdwn, and as plain text for plain_text fields (buttons, headers, modal labels).
// Slack reads `&`, `<` and `>` as control characters: `<!channel>`, `<!subteam^…>`, `<@U…>` and
// `<url|label>` notify people and make links. So every text segment is escaped, and only the bot's own
// tokens (`mention`, `groupMention`, `link` in the core) become `<…>`.
import { plainText, quoteLines, render, type SegmentWriter } from '../core/platform/message.ts';
import { headWithin, truncate } from '../core/platform/text.ts';

/** Slack reads &, < and > as control characters in text: they must be escaped. */
export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const MRKDWN: SegmentWriter = {
  text: escapeText,
  user: (id) => `<@${id}>`,
  // Slack user group ids start with S; a Discord role id (digits) means nothing here, so it stays text.
  group: (id) => (/^S[A-Z0-9]+$/.test(id) ? `<!subteam^${id}>` : `@${escapeText(id)}`),
  // `|` and `>` would end the link early.
  link: (label, url) => `<${url.replace(/[|>]/g, encodeURIComponent)}|${escapeText(label.replace(/[|]/g, '/'))}>`,
};

/** Core text -> Slack mrkdwn. */
export function toMrkdwn(s: string): string {
  return render(s, MRKDWN).replace(/\*\*(.+?)\*\*/gs, '*$1*');
}

/** A quote (text the bot did not write) as Slack mrkdwn: every line behind `>`, escaped like all text. */
export function quoteMrkdwn(s: string): string {
  return quoteLines(s)
    .map((l) => `> ${render(l, MRKDWN)}`)
    .join('\n');
}

/** Core text -> plain text (plain_text objects are shown as is). */
export function toPlain(s: string): string {
  return plainText(s)
    .replace(/\*\*(.+?)\*\*/gs, '$1')
    .replace(/`([^`]*)`/g, '$1');
}

/** Cuts plain text to `max` characters between characters, with an ellipsis (the core's one cut). */
export function cut(s: string, max: number): string {
  return truncate(s, max);
}

/**
 * Cuts mrkdwn to `max` characters without leaving half a `<url|label>` or `&amp;` behind (Slack would
 * show the broken token or reject the block), nor half a character.
 */
export function cutMrkdwn(s: string, max: number): string {
  if (s.length <= max) return s;
  let head = headWithin(s, Math.max(0, max - 1));
  const open = head.lastIndexOf('<');
  if (open > head.lastIndexOf('>')) head = head.slice(0, open);
  const amp = head.lastIndexOf('&');
  if (amp > head.lastIndexOf(';')) head = head.slice(0, amp);
  return `${head.trimEnd()}…`;
}
