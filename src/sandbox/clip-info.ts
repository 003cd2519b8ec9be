import { createHash } from 'node:crypto';

// Plausible clip metadata (title, caption with emoji and hashtags, virality score and reason, tags,
// platforms), chosen deterministically from the source so the same request always reads the same.

export interface ClipInfo {
  title: string;
  caption: string;
  viralityScore: number;
  viralityScoreReason: string;
  tags: string[];
  suitablePlatforms: string[];
}

const TITLES = [
  'The one habit that changed everything',
  'Nobody talks about this mistake',
  'Why this works better than you think',
  'I tried it for 30 days. Here is what happened',
  'The secret the experts do not tell you',
  'Stop doing this right now',
  'This is how the pros actually do it',
  'The moment it all clicked',
];
const HOOKS = [
  'Wait for the ending 😱',
  'This changes everything 🔥',
  'Save this for later 📌',
  'You need to hear this 👀',
];
const EMOJI = ['🚀', '💡', '🎯', '✨', '🙌', '📈'];
const TAGS = ['motivation', 'tips', 'productivity', 'learning', 'business', 'lifestyle', 'tech', 'story', 'howto'];
const REASONS = [
  'Strong hook in the first 3 seconds and a clear payoff at the end.',
  'Relatable problem, fast pacing and a surprising twist keep viewers watching.',
  'High-energy delivery with a quotable line that invites shares and comments.',
  'Clear, practical advice in under 30 seconds; likely to be saved and rewatched.',
];
/** Every text the sandbox may write into a clip's metadata (its words are the API's, not the bot's). */
export const CLIP_INFO_TEXTS: readonly string[] = [...TITLES, ...HOOKS, ...TAGS, ...REASONS, 'Follow for part'];
const PLATFORM_SETS = [
  ['x', 'youtube', 'tiktok', 'instagram'],
  ['youtube', 'tiktok', 'instagram'],
  ['tiktok', 'instagram'],
  ['x', 'youtube', 'linkedin'],
  ['youtube', 'instagram', 'facebook'],
];

/** A small deterministic generator of picks, seeded by a hash of the inputs. */
function picker(seed: string) {
  const bytes = createHash('sha256').update(seed).digest();
  let i = 0;
  const int = (below: number): number => (bytes[i++ % bytes.length] ?? 0) % below;
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { int, pick };
}

function hashtag(word: string): string {
  return `#${word.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/** Metadata of reel `index` cut from `source`; keywords from the request flavour tags and hashtags. */
export function clipInfo(source: string, index: number, keywords: readonly string[] = []): ClipInfo {
  const { int, pick } = picker(`${source}#${index}`);
  const title = `${pick(TITLES)} ${pick(EMOJI)}`;
  const tags = [...new Set([...keywords.filter((k) => k.trim()), pick(TAGS), pick(TAGS), 'shorts'])].slice(0, 6);
  const hashtags = ['viral', 'fyp', ...tags.slice(0, 3)].map(hashtag).join(' ');
  return {
    title,
    caption: `${pick(HOOKS)} ${title.replace(/ \S+$/, '')}. Follow for part ${index + 2}! ${hashtags}`,
    viralityScore: 55 + int(45),
    viralityScoreReason: pick(REASONS),
    tags,
    suitablePlatforms: [...pick(PLATFORM_SETS)],
  };
}
