// Each platform's own limits on what the one title and description are posted as. The API takes one
// text for every chosen account, so the strictest platform chosen decides. X counts characters its own
// way (every URL is 23, some scripts weigh 2): twitter-text is X's published counter.
import twitterText from 'twitter-text';

export const PLATFORMS = ['tiktok', 'instagram', 'youtube', 'x', 'linkedin', 'facebook', 'other'] as const;
export type SocialPlatform = (typeof PLATFORMS)[number];

interface Limits {
  title?: number;
  description?: number;
}

const LIMITS: Record<SocialPlatform, Limits> = {
  x: { description: 280 },
  youtube: { title: 100, description: 5000 },
  tiktok: { description: 2200 },
  instagram: { description: 2200 },
  linkedin: { description: 3000 },
  facebook: { description: 5000 },
  other: {},
};

function lengthOn(platform: SocialPlatform, text: string): number {
  if (platform === 'x') return twitterText.parseTweet(text).weightedLength;
  // Platforms count characters people see, not UTF-16 units (an emoji is one).
  return [...text].length;
}

/** The first limit broken, as `description is 312/280 characters for x`; undefined when everything fits. */
export function captionProblem(
  title: string,
  description: string,
  platforms: readonly SocialPlatform[],
): string | undefined {
  const problems: Array<{ over: number; text: string }> = [];
  for (const p of new Set(platforms)) {
    for (const field of ['title', 'description'] as const) {
      const max = LIMITS[p][field];
      const value = field === 'title' ? title : description;
      if (max === undefined || value === '') continue;
      const n = lengthOn(p, value);
      if (n > max) problems.push({ over: max, text: `${field} is ${n}/${max} characters for ${p}` });
    }
  }
  problems.sort((a, b) => a.over - b.over);
  return problems[0]?.text;
}
