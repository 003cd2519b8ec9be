// Slack wraps links in message and command text as `<https://x|label>` or `<https://x>` (and
// `<mailto:…>`), and escapes &, < and > as entities. Undone in this one place for the text parser, the
// link option check and the Slack translator alike.

const WRAPPED_LINK = /<((?:https?:\/\/|mailto:)[^|>\s]+)(?:\|[^>]*)?>/gi;

/** Text as the person typed it. */
export function unwrapSlackText(text: string): string {
  return text.replace(WRAPPED_LINK, '$1').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
