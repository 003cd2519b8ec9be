import { expect } from 'vitest';
import { type Behaviour, eventually, quietFor, type Surface } from '../surface.ts';

/** Failure messages in every job thread (a retry posts in the same thread, or the console's next one). */
async function failures(s: Surface) {
  const threads = await s.threads();
  const all = await Promise.all(threads.map((t) => s.thread(t)));
  return all.flat().filter((m) => /failed/.test(m.text));
}

export const behaviour: Behaviour = {
  name: 'a click on Retry creates one job',
  async run(s) {
    // The sandbox fails any project whose URL contains "fail".
    await s.command('/clip https://example.com/fail-this.mp4');
    const thread = await eventually(async () => (await s.threads())[0], 'a job thread');
    await eventually(async () => (await failures(s)).length === 1, 'the failure in the thread');
    expect((await failures(s))[0]?.buttons.some((b) => /Retry/.test(b))).toBe(true);

    await s.click(thread, 'Retry', 'admin');
    await eventually(async () => (await failures(s)).length === 2, 'the retried job failing too');
    await quietFor(500);
    expect(await failures(s)).toHaveLength(2);
  },
};
