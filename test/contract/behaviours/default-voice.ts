import { expect } from 'vitest';
import { type Behaviour, eventually } from '../surface.ts';

/** The newest private answer to the admin that shows the channel settings. */
const settingsShown = async (s: Parameters<Behaviour['run']>[0], count: number) =>
  eventually(async () => {
    const shown = (await s.privateTo('admin')).filter((m) => /Default voice/.test(m.text));
    return shown.length >= count ? shown.at(-1) : undefined;
  }, `settings shown ${count} time(s)`);

export const behaviour: Behaviour = {
  name: 'a French default voice does not read an English caption unsaid, and the default can be cleared',
  async run(s) {
    await s.command('/setup voice=Denise', 'admin');
    expect((await settingsShown(s, 1)).text).toMatch(/Default voice:?\**:?\s*\**Denise \(fr-FR\)/);

    await s.command('/clip https://youtu.be/abc123 reels=1 language=english', 'member');
    const thread = await eventually(async () => (await s.threads())[0], 'a job thread');
    await eventually(async () => (await s.thread(thread)).find((m) => /ready/.test(m.text)), 'the reel');
    await s.click(thread, 'Speak caption', 'member');
    // The speech card says whose voice reads the caption and why it is not the channel's default.
    const speech = await eventually(
      async () => (await s.everyone()).find((m) => /speech of reel 1/.test(m.text)),
      'the speech card in the thread',
    );
    expect(speech.text).toMatch(/english caption read by \S+ \(en-[A-Z]{2}\), not the default Denise \(fr-FR\)/);

    // Each spelling people try clears the default: none, default, and an empty value.
    for (const [i, spelling] of ['none', 'default', '""'].entries()) {
      await s.command('/setup voice=Denise', 'admin');
      await settingsShown(s, 2 + 2 * i);
      await s.command(`/setup voice=${spelling}`, 'admin');
      const cleared = await settingsShown(s, 3 + 2 * i);
      expect(cleared.text).toMatch(/default voice is cleared/);
      expect(cleared.text).toMatch(/Default voice:?\**:?\s*\**API default/);
    }
  },
};
