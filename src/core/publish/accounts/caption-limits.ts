// Each platform's own limits on what the one title and description are posted as. The API takes one
// text for every chosen account, so the strictest platform chosen decides. X counts characters its own
// way (every URL is 23, some scripts weigh 2): twitter-text is X's published counter. It is loaded on
// first use, because only a caption for an X account needs it and it brings core-js with it.
import type TwitterText from 'twitter-text';
import type { Translator } from '../../i18n/catalogue.ts';
import { loadOnce } from '../../load-once.ts';
import { characterCount } from '../../platform/text.ts';

const loadTwitterText = loadOnce(() => import('twitter-text').then((m): typeof TwitterText => m.default));

/** Starts loading X's counter in the background, so a form's answer is not checked behind its load. */
export function preloadCaptionCounter(): void {
  loadTwitterText().catch(() => undefined);
}

export const SOCIAL_PLATFORMS = ['tiktok', 'instagram', 'youtube', 'x', 'linkedin', 'facebook', 'other'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

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

async function lengthOn(platform: SocialPlatform, text: string): Promise<number> {
  if (platform === 'x') return (await loadTwitterText()).parseTweet(text).weightedLength;
  // The others count characters as people see them: an emoji, with its skin tone or as a flag, is one.
  return characterCount(text);
}

/**
 * The first limit broken, as `description is 312/280 characters for x` in the reader's language (`t`); undefined
 * when everything fits.
 */
export async function captionProblem(
  title: string,
  description: string,
  platforms: readonly SocialPlatform[],
  t: Translator,
): Promise<string | undefined> {
  const problems: Array<{ over: number; text: string }> = [];
  for (const p of new Set(platforms)) {
    for (const field of ['title', 'description'] as const) {
      const max = LIMITS[p][field];
      const value = field === 'title' ? title : description;
      if (max === undefined || value === '') continue;
      const n = await lengthOn(p, value);
      // The counts as digits, as English shows them (a number format would write 5,000).
      if (n > max)
        problems.push({
          over: max,
          text: t.t('publish.caption.tooLong', { field, n: String(n), max: String(max), platform: p }),
        });
    }
  }
  problems.sort((a, b) => a.over - b.over);
  return problems[0]?.text;
}
