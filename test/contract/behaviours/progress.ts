import { expect } from 'vitest';
import { type Behaviour, eventually, type Surface } from '../surface.ts';

/** Starts a clip and returns its thread, the newest one. */
async function startClip(s: Surface, url: string): Promise<string> {
  const before = (await s.threads()).length;
  await s.command(`/clip ${url} reels=1`);
  return eventually(async () => (await s.threads())[before], `a thread for ${url}`);
}

const readyIn = (s: Surface, thread: string) =>
  eventually(async () => (await s.thread(thread)).some((m) => /ready/.test(m.text)), 'the result in the thread');

export const behaviour: Behaviour = {
  name: "a running job's card shows its elapsed time and what this channel's jobs usually take",
  async run(s) {
    const first = await startClip(s, 'https://youtu.be/first');
    const firstCard = await eventually(async () => {
      const card = await s.card(first);
      return /elapsed/.test(card.text) && card;
    }, 'the elapsed time on the first card');
    // Nothing has finished in this channel yet: it says so rather than guessing.
    expect(firstCard.text).toMatch(/no estimate yet/);
    await readyIn(s, first);
    await eventually(async () => !/elapsed/.test((await s.card(first)).text), 'the finished card without a clock');

    const second = await startClip(s, 'https://youtu.be/second');
    await eventually(async () => /usually ready in ~\d+ s/.test((await s.card(second)).text), 'the learned estimate');
    await readyIn(s, second);

    // The sandbox takes ten times longer for inputs containing "slow": past twice the usual, it says so.
    const slow = await startClip(s, 'https://youtu.be/slow-one');
    const late = await eventually(
      async () => {
        const card = await s.card(slow);
        return /more than twice as long/.test(card.text) && card;
      },
      'the overdue warning',
      8_000,
    );
    expect(late.text).toMatch(/\/project \S+/);
  },
};
