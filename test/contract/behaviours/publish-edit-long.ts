import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, sandboxPosts } from '../surface.ts';

/** `n` characters as people see them, with emoji, skin tones, flags and families among the words. */
function textOf(n: number): string {
  const words = 'Launch 🚀 day 👍🏽 with 🇫🇷 friends 👨‍👩‍👧 and é '.repeat(Math.ceil(n / 20));
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(words);
  return `${Array.from(graphemes, (g) => g.segment)
    .slice(0, n - 1)
    .join('')}.`;
}

export const behaviour: Behaviour = {
  name: 'publish: saving the Edit form unchanged keeps a 5,000-character description whole',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-brand-long');
    const description = textOf(5000);
    await s.command(`/publish ${VIDEO} accounts=brand title="Launch day 🚀" description="${description}"`, 'member');
    const card = await requestCard(s);

    // The form cannot hold it on Discord (4,000) or Slack (3,000): saved as it opened, it changes nothing.
    await s.click(card, 'Edit', 'member');
    await s.submitForm({}, 'member');
    await eventually(
      async () => (await s.privateTo('member')).some((m) => /\bSaved\b/.test(m.text)),
      'the Edit form answered',
    );
    expect((await s.thread(card)).map((m) => m.text).join('\n')).not.toMatch(/was edited/);

    await s.click(card, 'Approve', 'admin');
    const posts = await eventually(async () => {
      const p = await sandboxPosts(s);
      return p.length > 0 && p;
    }, 'the post');
    expect(posts).toHaveLength(1);
    // Byte for byte what the requester asked for, not its first 4,000 units or 2,999 characters and "…".
    expect(posts[0]?.description).toBe(description);
    expect(posts[0]?.title).toBe('Launch day 🚀');
  },
};
