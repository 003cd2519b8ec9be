import { afterEach, describe, expect, it } from 'vitest';
import { mention } from '../../src/core/platform/message.ts';
import { startTestBot, type TestBot } from '../support/bot.ts';

// What a requester reads when results come in: one notification per job, and plain grammar.

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const results = (harness: TestBot) => harness.chat.seen.filter((s) => s.where === 'thread');

/** About 260 words in short sentences: three parts of at most 100 words. */
const LONG_SCRIPT = Array.from({ length: 26 }, (_, i) => `Sentence number ${i + 1} has exactly ten words in it.`).join(
  ' ',
);

describe('results of a job', () => {
  it('of a long /tts script in parts mention the requester once, with the last part', async () => {
    h = await startTestBot();
    await h.command(`/tts AIGenerate1 ${LONG_SCRIPT}`);
    await h.chat.waitFor((seen) => seen.filter((s) => s.where === 'thread').length >= 3);
    const texts = results(h).map((s) => s.message.text);
    expect(texts).toHaveLength(3);
    expect(texts.filter((t) => t.includes(mention('ana')))).toHaveLength(1);
    expect(texts[2]?.startsWith(`${mention('ana')} your speech (part 3/3) is ready`)).toBe(true);
    expect(texts[0]).toMatch(/^Your speech \(part 1\/3\) is ready/);
  });

  it.each([
    [`/subtitles ${VIDEO} language=english`, 'your subtitled video is ready'],
    [`/broll ${VIDEO}`, 'your B-roll video is ready'],
    ['/ttv "A lighthouse at night."', 'your video is ready'],
    ['/tts AIGenerate1 Welcome to the show!', 'your speech is ready'],
    [`/clip ${VIDEO} reels=1`, 'your 1 reel is ready'],
  ])('%s says "%s"', async (line, phrase) => {
    h = await startTestBot();
    await h.command(line);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    expect(results(h)[0]?.message.text).toContain(`${mention('ana')} ${phrase}:`);
  });
});
