// The words around a /voices page: what the filters were, and what to try when nothing matched.

import type { OutMessage } from '../platform/message.ts';
import { languageMatcher } from './language.ts';
import type { VoiceFilters, VoiceIndex } from './voice-index.ts';

/** Languages named when a search finds nothing: enough to show the form, short enough to read. */
const LANGUAGES_SHOWN = 8;

/** `language “French” · gender female · style “cheerful” · “jen”`, or '' with no filters. */
export function describeFilters(filters: VoiceFilters): string {
  const parts: string[] = [];
  if (filters.language?.trim()) parts.push(`language “${filters.language.trim()}”`);
  if (filters.gender?.trim()) parts.push(`gender ${filters.gender.trim().toLowerCase()}`);
  if (filters.style?.trim()) parts.push(`style “${filters.style.trim()}”`);
  if (filters.query?.trim()) parts.push(`“${filters.query.trim()}”`);
  return parts.join(' · ');
}

/** Which single filters match nothing on their own, each with what would. */
function culprits(filters: VoiceFilters, index: VoiceIndex): string[] {
  const out: string[] = [];
  const language = filters.language?.trim();
  if (language && !index.languages().some((l) => languageMatcher(language)(l.code))) {
    out.push(`No voice speaks “${language}”: give a code like \`fr-FR\` or a name like \`French\`.`);
  }
  const gender = filters.gender?.trim();
  if (gender && index.filter({ gender }).length === 0)
    out.push(`Gender “${gender}” matches nothing: use male or female.`);
  const style = filters.style?.trim();
  if (style && index.filter({ style }).length === 0) {
    out.push(`No voice has the style “${style}”. Styles: ${index.styles().join(', ')}.`);
  }
  const query = filters.query?.trim();
  if (query && index.search(query, {}, 1).length === 0) out.push(`No voice name or description matches “${query}”.`);
  return out;
}

function languageSample(index: VoiceIndex): string {
  const top = index
    .languages()
    .sort((a, b) => b.count - a.count)
    .slice(0, LANGUAGES_SHOWN)
    .map((l) => `${l.name} \`${l.code}\``);
  return `Languages include ${top.join(', ')} (${index.languages().length} in all).`;
}

/** An empty page: which filters matched nothing, how to loosen them, a few languages to try. */
export function describeEmpty(filters: VoiceFilters, index?: VoiceIndex, staleNote?: string): OutMessage {
  const described = describeFilters(filters);
  const title = described ? `No voices match ${described}` : 'No voices available';
  const lines: string[] = [];
  if (index && index.size > 0) {
    const reasons = culprits(filters, index);
    lines.push(...(reasons.length ? reasons : ['Each filter matches some voices, but not all of them together.']));
    lines.push('Try loosening a filter: drop the style or gender, or search by name alone (`/voices Jenny`).');
    lines.push(languageSample(index));
  } else if (described) {
    lines.push('Try loosening a filter: drop the style or gender, or search by name alone (`/voices Jenny`).');
    lines.push('Languages can be given as a code (`fr-FR`, `en`) or a name (`French`, `English (United Kingdom)`).');
  } else {
    lines.push('The media API returned no voices for this API key.');
  }
  return {
    text: title,
    cards: [{ title, body: lines.join('\n'), tone: 'info', ...(staleNote ? { footer: `⚠ ${staleNote}` } : {}) }],
  };
}
