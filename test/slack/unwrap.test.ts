import { describe, expect, it } from 'vitest';
import { parseCommandText } from '../../src/core/commands/parse-text.ts';
import { tokenize } from '../../src/core/commands/tokenize.ts';
import { CLIP } from '../../src/core/jobs/table.ts';
import { unwrapSlackText } from '../../src/slack/unwrap.ts';

// Slack wraps what people paste; the adapter gives the core the text as they typed it.
describe('Slack text, unwrapped before the core parses it', () => {
  it('unwraps Slack links, labelled or not, and decodes the entities Slack escapes', () => {
    expect(tokenize(unwrapSlackText('<https://youtu.be/x?a=1&amp;b=2|youtu.be/x> <http://e.com/y>'))).toEqual({
      ok: true,
      value: ['https://youtu.be/x?a=1&b=2', 'http://e.com/y'],
    });
  });

  it('unwraps a Slack-wrapped link to the video', () => {
    const text = unwrapSlackText('<https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42|youtube.com/watch> reels=2');
    expect(parseCommandText(CLIP, text)).toMatchObject({
      ok: true,
      values: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', reels: '2' },
    });
  });

  it('leaves text other platforms send as typed to the core: a bracketed word stays a word', () => {
    expect(tokenize('<https://x.y|label>')).toEqual({ ok: true, value: ['<https://x.y|label>'] });
  });
});
