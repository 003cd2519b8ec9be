import { expect } from 'vitest';
import { type Behaviour, eventually, quietFor } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'a /clip ends with one result card in its thread',
  async run(s) {
    await s.command('/clip https://youtu.be/abc123 reels=1');
    const [thread] = await eventually(async () => {
      const threads = await s.threads();
      return threads.length > 0 && threads;
    }, 'a job thread');
    const ready = async () => (await s.thread(thread ?? '')).filter((m) => /ready/.test(m.text));
    await eventually(async () => (await ready()).length > 0, 'the result in the thread');
    await quietFor(300);
    const results = await ready();
    expect(results).toHaveLength(1);
    expect(results[0]?.buttons.some((b) => /Watch/.test(b))).toBe(true);
    expect(await s.threads()).toHaveLength(1);
  },
};
