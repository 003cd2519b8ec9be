import { expect } from 'vitest';
import { type Behaviour, eventually, quietFor } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'a restart in the middle loses nothing',
  async run(s) {
    await s.command('/broll https://example.com/talk.mp4');
    const thread = await eventually(async () => (await s.threads())[0], 'a job thread');
    // Submitted: the project runs at the media API (the sandbox takes JOB_MS) when the bot goes down.
    await eventually(async () => /Working on it/.test((await s.card(thread)).text), 'the job submitted');
    expect(await s.thread(thread)).toEqual([]);
    await s.restart();
    const ready = async () => (await s.thread(thread)).filter((m) => /ready/.test(m.text));
    await eventually(async () => (await ready()).length === 1, 'the result after the restart');
    await quietFor(500);
    expect(await ready()).toHaveLength(1);
  },
};
