import { expect } from 'vitest';
import { type Behaviour, eventually, quietFor, type Surface } from '../surface.ts';

const seenAll = async (s: Surface, pattern: RegExp) => (await s.everyone()).filter((m) => pattern.test(m.text));

export const behaviour: Behaviour = {
  name: 'a finished reel starts its subtitles in one click, once, and names the chain',
  async run(s) {
    await s.command('/clip https://youtu.be/abc123 reels=1');
    const thread = await eventually(async () => (await s.threads())[0], 'a job thread');
    const result = await eventually(
      async () => (await s.thread(thread)).find((m) => /ready/.test(m.text)),
      'the reel in the thread',
    );
    expect(result.buttons.join(' ')).toMatch(/Subtitles.*B-roll.*Speak caption/);

    // No default voice in this channel: Speak caption refuses and says what to do.
    await s.click(thread, 'Speak caption');
    await eventually(
      async () => (await s.privateTo('member')).some((m) => /no default voice/.test(m.text)),
      'the refusal without a default voice',
    );

    // A double click: two clicks, one job.
    await Promise.all([s.click(thread, 'Subtitles'), s.click(thread, 'Subtitles')]);
    const chain = /subtitles of reel 1 of job [a-z0-9]+/;
    await eventually(async () => (await seenAll(s, chain)).length > 0, 'the follow-up card naming its source');
    await eventually(async () => (await seenAll(s, /subtitled video is ready/)).length === 1, 'the subtitled video');
    await quietFor(700);
    expect(await seenAll(s, /subtitled video is ready/)).toHaveLength(1);
  },
};
