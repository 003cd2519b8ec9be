import { expect } from 'vitest';
import { type Behaviour, eventually } from '../surface.ts';

export const behaviour: Behaviour = {
  name: '/help lists /as where it works, and the /clip card names its template and hook',
  async run(s) {
    /** The first private message after the command that matches `shows` (the console also says who types). */
    const answer = async (line: string, shows: RegExp) => {
      const before = (await s.privateTo('member')).length;
      await s.command(line, 'member');
      return eventually(
        async () => (await s.privateTo('member')).slice(before).find((m) => shows.test(m.text)),
        `the answer to ${line}`,
      );
    };
    const overview = await answer('/help', /What I can do/);
    const about = await answer('/help as', /\/as/);
    if (s.name === 'console') {
      expect(overview.text).toMatch(/`\/as` — Act as another member/);
      expect(about.text).toMatch(/\/as bea · \/as alone to be yourself again/);
    } else {
      expect(overview.text).not.toMatch(/\/as\b/);
      expect(about.text).toMatch(/`\/as` \(act as another member.*\) works only in the terminal console/);
    }

    await s.command('/clip https://youtu.be/abc123 reels=1 template=beast hook', 'member');
    // The card as first drawn (the console prints later edits of a card as one line).
    const named = /youtu\.be\/abc123 · 1 reel · english · template beast · hook/;
    await eventually(
      async () => (await s.everyone()).some((m) => named.test(m.text)),
      'the card naming template and hook',
    );
  },
};
