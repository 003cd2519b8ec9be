// Slack wraps links in message and command text as `<https://x|label>` or `<https://x>` (and
// `<mailto:…>`), and escapes &, < and > as entities. Undone here, at the edge, before the core parses
// the text: other platforms send text as typed.

const WRAPPED_LINK = /<((?:https?:\/\/|mailto:)[^|>\s]+)(?:\|[^>]*)?>/gi;

/** Text as the person typed it. */
export function unwrapSlackText(text: string): string {
  return text.replace(WRAPPED_LINK, '$1').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
