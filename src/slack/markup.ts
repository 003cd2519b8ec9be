// The core's small markup (**bold**, _italic_, `code`, [label](url), <@U123>) in Slack's mrkdwn, and as
// plain text for plain_text fields (buttons, headers, modal labels).
import { headWithin, truncate } from '../core/platform/text.ts';

/** Links and mentions pass through; everything else is text to escape. */
const TOKEN = /\[([^\]]*)\]\((https?:\/\/[^\s)]+)\)|<([@#!][A-Za-z0-9^|_.-]+)>/g;

/** Slack reads &, < and > as control characters in text: they must be escaped. */
export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Core markup -> Slack mrkdwn. */
export function toMrkdwn(s: string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(TOKEN)) {
    out += escapeText(s.slice(last, m.index));
    const [whole, label, url, special] = m;
    if (url !== undefined) {
      // `|` and `>` would end the link early; labels are plain words.
      const text = escapeText((label ?? '').replace(/[|]/g, '/'));
      out += text ? `<${url.replace(/[|>]/g, encodeURIComponent)}|${text}>` : `<${url}>`;
    } else {
      out += special !== undefined ? `<${special}>` : whole;
    }
    last = m.index + whole.length;
  }
  out += escapeText(s.slice(last));
  return out.replace(/\*\*(.+?)\*\*/gs, '*$1*');
}

/** Core markup -> plain text (plain_text objects are shown as is). */
export function toPlain(s: string): string {
  return s
    .replace(/\[([^\]]*)\]\((https?:\/\/[^\s)]+)\)/g, '$1')
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
