import { expect } from 'vitest';
import { addAccount, allSeen, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, sandboxPosts } from '../surface.ts';

// Text a person typed, as each platform would read it if it joined markup unescaped: a person (Slack and
// Discord ids), the channel, everyone, and a masked link.
const FORGED = '<@U123> <@123456789012345678> <!channel> @everyone [trusted](https://evil.example)';

/** Who a message may notify: only a person (the requester, named by the bot from an id), never a forged one. */
const forged = (n: string) => !/^user:/.test(n) || n === 'user:U123' || n === 'user:123456789012345678';

export const behaviour: Behaviour = {
  name: 'text people typed stays text: a /tts script and a publish title notify nobody and link nowhere',
  async run(s) {
    await s.command(`/tts AIGenerate1 ${FORGED} Welcome to the show!`);
    const [thread] = await eventually(async () => {
      const threads = await s.threads();
      return threads.length > 0 && threads;
    }, 'a job thread');
    await eventually(
      async () => (await s.thread(thread ?? '')).some((m) => /ready/.test(m.text)),
      'the speech ready in its thread',
    );

    await addAccount(s, 'brand', 'youtube', 'contract-secret-access-key-7f3a');
    await s.command(`/publish ${VIDEO} accounts=brand title="${FORGED}" description="${FORGED}"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => /Published/.test((await s.card(card)).text), 'the card showing Published');

    const seen = [...(await allSeen(s)), ...(await s.thread(thread ?? ''))];
    expect(seen.flatMap((m) => m.notifies).filter(forged)).toEqual([]);
    expect(seen.flatMap((m) => m.links).filter((url) => url.includes('evil.example'))).toEqual([]);
    // Shown as written (Discord's zero-width spaces and Slack's entities are how each platform writes it).
    const shown = seen.map((m) =>
      m.text
        .replace(/\u200b/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    );
    expect(shown.filter((t) => t.includes('[trusted](https://evil.example)')).length).toBeGreaterThan(1);
    // What the approvers saw is what was posted, byte for byte.
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual([FORGED]);
  },
};
