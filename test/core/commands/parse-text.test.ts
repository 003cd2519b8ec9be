import { describe, expect, it } from 'vitest';
import { findCommand } from '../../../src/core/app/commands.ts';
import { HELP } from '../../../src/core/app/help-command.ts';
import { type ParseResult, parseCommandText } from '../../../src/core/commands/parse-text.ts';
import type { CommandSpec, OptionValues } from '../../../src/core/commands/spec.ts';
import { tokenize } from '../../../src/core/commands/tokenize.ts';
import { CLIP, JOBS, PROJECT, TTS, TTV } from '../../../src/core/jobs/table.ts';
import { VOICES } from '../../../src/core/voices/table.ts';

/** /setup as the app assembles it, with every feature's settings. */
const SETUP = findCommand('setup') as CommandSpec;

const values = (result: ParseResult): OptionValues => {
  if (!result.ok) throw new Error(`expected a parse, got: ${result.error}`);
  return result.values;
};
const error = (result: ParseResult): string => {
  if (result.ok) throw new Error(`expected an error, got: ${JSON.stringify(result.values)}`);
  return result.error;
};
const parse = (spec: CommandSpec, text: string): OptionValues => values(parseCommandText(spec, text));
const refuse = (spec: CommandSpec, text: string): string => error(parseCommandText(spec, text));

describe('tokenize', () => {
  it('splits on any whitespace and gives nothing for empty text', () => {
    expect(tokenize('  a \t b\n c ')).toEqual({ ok: true, value: ['a', 'b', 'c'] });
    expect(tokenize('')).toEqual({ ok: true, value: [] });
    expect(tokenize('   ')).toEqual({ ok: true, value: [] });
  });

  it('groups quoted words and removes the quotes, also after key=', () => {
    expect(tokenize(`"a b" prompt="c = d" x='e f'`)).toEqual({ ok: true, value: ['a b', 'prompt=c = d', 'x=e f'] });
  });

  it('understands the smart quotes Slack substitutes for typed ones', () => {
    expect(tokenize('prompt=“funny moments” k=‘x y’')).toEqual({ ok: true, value: ['prompt=funny moments', 'k=x y'] });
  });

  it('reads a backslash-escaped quote as a literal quote, inside and outside quotes', () => {
    expect(tokenize(String.raw`prompt="say \"hi\"" 5\"`)).toEqual({ ok: true, value: ['prompt=say "hi"', '5"'] });
  });

  it('keeps apostrophes inside words and an unclosed single quote as typed', () => {
    expect(tokenize("don't 'tis")).toEqual({ ok: true, value: ["don't", "'tis"] });
  });

  it('refuses an unclosed double quote, showing where it starts', () => {
    const result = tokenize('prompt="funny moments reels=2');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual({ quote: '"', after: 'funny moments reels=…' });
  });
});

describe('/clip text', () => {
  it('reads a URL and every option', () => {
    const text =
      'https://youtu.be/abc language=french reels=3 duration=15-45 prompt="the funny bits" keywords=ai,robots ' +
      'template=beast position=top-center size=xl broll_type=stock broll_frequency=high ' +
      'music_url=https://cdn.example/m.mp3 music_volume=0.3 music_fade_in=1 music_fade_out=2 ' +
      'hook remove_fillers remove_silences music broll';
    expect(parse(CLIP, text)).toEqual({
      url: 'https://youtu.be/abc',
      language: 'french',
      reels: '3',
      duration: '15-45',
      prompt: 'the funny bits',
      keywords: 'ai,robots',
      template: 'beast',
      position: 'top-center',
      size: 'xl',
      broll_type: 'stock',
      broll_frequency: 'high',
      music_url: 'https://cdn.example/m.mp3',
      music_volume: '0.3',
      music_fade_in: '1',
      music_fade_out: '2',
      hook: true,
      remove_fillers: true,
      remove_silences: true,
      music: true,
      broll: true,
    });
  });

  it('accepts named options before the URL and url= by name', () => {
    expect(parse(CLIP, 'reels=2 https://youtu.be/abc')).toEqual({ reels: '2', url: 'https://youtu.be/abc' });
    expect(parse(CLIP, 'url=https://youtu.be/abc')).toEqual({ url: 'https://youtu.be/abc' });
  });

  it('treats keys case-insensitively, - like _, and accepts aliases', () => {
    expect(parse(CLIP, 'https://x.y Remove-Fillers=no LANG=french style=pulse')).toEqual({
      url: 'https://x.y',
      remove_fillers: 'no',
      language: 'french',
      template: 'pulse',
    });
  });

  it('reads flags bare (on) and explicit (left for validation)', () => {
    expect(parse(CLIP, 'https://x.y hook music=false broll=off')).toMatchObject({
      hook: true,
      music: 'false',
      broll: 'off',
    });
  });

  it('keeps keywords with commas and spaces when quoted', () => {
    expect(parse(CLIP, 'https://x.y keywords="ai, robots, the future"').keywords).toBe('ai, robots, the future');
  });

  it('keeps a quoted prompt with spaces and = signs, in straight or smart quotes', () => {
    expect(parse(CLIP, 'https://x.y prompt="when a = b, laugh"').prompt).toBe('when a = b, laugh');
    expect(parse(CLIP, 'https://x.y prompt=“when a = b, laugh”').prompt).toBe('when a = b, laugh');
    expect(parse(CLIP, 'https://x.y prompt=‘it is = fun’').prompt).toBe('it is = fun');
  });

  it('reads a URL with a query string as the URL, not as key=value', () => {
    expect(parse(CLIP, 'https://www.youtube.com/watch?v=abc').url).toBe('https://www.youtube.com/watch?v=abc');
  });

  it('names an unknown key, guesses the right one and lists the valid ones', () => {
    const message = refuse(CLIP, 'https://x.y tempalte=beast');
    expect(message).toContain("unknown option 'tempalte' — did you mean template?");
    expect(message).toContain('/clip options: url, language, reels');
  });

  it('guesses the flag meant by a misspelled bare word', () => {
    expect(refuse(CLIP, 'https://x.y hok')).toContain("unexpected 'hok' — did you mean hook?");
  });

  it('refuses a second URL, an option given twice, and key= without a value', () => {
    expect(refuse(CLIP, 'https://a.b https://c.d')).toContain("unexpected 'https://c.d'");
    expect(refuse(CLIP, 'https://a.b reels=2 reels=3')).toContain('reels is given twice');
    expect(refuse(CLIP, 'https://a.b lang=french language=german')).toContain('language is given twice');
    expect(refuse(CLIP, 'https://a.b reels=')).toContain('reels= has no value');
  });

  it('keeps a value that itself ends with =', () => {
    expect(parse(CLIP, 'https://a.b keywords=base64==').keywords).toBe('base64==');
  });

  it('accepts an explicitly empty quoted value (validation treats it as not given)', () => {
    expect(parse(CLIP, 'https://a.b prompt=""').prompt).toBe('');
  });

  it('reports an unclosed quote', () => {
    expect(refuse(CLIP, 'https://a.b prompt="the funny bits')).toMatch(/unclosed quote/);
  });

  it('gives no values for empty text (validation then reports the missing URL)', () => {
    expect(parse(CLIP, '')).toEqual({});
  });
});

describe('/tts text', () => {
  it('reads a voice then the words to speak, as written', () => {
    expect(parse(TTS, 'Jenny Hello there, world!')).toEqual({ voice: 'Jenny', text: 'Hello there, world!' });
  });

  it('keeps the spacing, quotes and apostrophes of the words to speak', () => {
    expect(parse(TTS, 'Jenny  He said "hi"  and  didn\'t stop.').text).toBe('He said "hi"  and  didn\'t stop.');
  });

  it('keeps a line break inside the words to speak', () => {
    expect(parse(TTS, 'Jenny First line.\nSecond line.').text).toBe('First line.\nSecond line.');
  });

  it('removes the quotes around words given as one quoted piece', () => {
    expect(parse(TTS, 'Jenny "Hello there"').text).toBe('Hello there');
  });

  it('takes voice= by name and lets the words start at once', () => {
    expect(parse(TTS, 'voice=Jenny Hello there')).toEqual({ voice: 'Jenny', text: 'Hello there' });
  });

  it('reads a prompt instead of words', () => {
    expect(parse(TTS, 'voice=Jenny prompt="a warm welcome"')).toEqual({ voice: 'Jenny', prompt: 'a warm welcome' });
  });

  it('treats unknown key=value inside the words as words, and known keys as options', () => {
    expect(parse(TTS, 'Jenny the rule is a=b, always')).toEqual({ voice: 'Jenny', text: 'the rule is a=b, always' });
    expect(parse(TTS, 'Jenny Hello there prompt=x')).toEqual({ voice: 'Jenny', text: 'Hello there', prompt: 'x' });
  });

  it('still refuses an unknown key before the words start', () => {
    expect(refuse(TTS, 'Jenny promt="a warm welcome"')).toContain('did you mean prompt?');
  });
});

describe('/ttv text', () => {
  it('reads the script given positionally, the rest of the text', () => {
    expect(parse(TTV, 'voice=Jenny Three tips for better sleep. One: dark rooms.')).toEqual({
      voice: 'Jenny',
      script: 'Three tips for better sleep. One: dark rooms.',
    });
  });

  it('reads script=… quoted, with style and a music flag', () => {
    expect(parse(TTV, 'script="Three tips" voice=Jenny style=anime music')).toEqual({
      script: 'Three tips',
      voice: 'Jenny',
      style: 'anime',
      music: true,
    });
  });

  it('reads a flag before the script, but a flag word inside the script is a word', () => {
    expect(parse(TTV, 'music Add music to your life')).toEqual({ music: true, script: 'Add music to your life' });
  });

  it('accepts its aliases: visual_style for style and subtitles for template', () => {
    expect(parse(TTV, 'prompt="sleep tips" visual_style=lego subtitles=beast')).toEqual({
      prompt: 'sleep tips',
      style: 'lego',
      template: 'beast',
    });
  });
});

describe('/voices, /project, /jobs, /setup and /help text', () => {
  it('/voices reads filters and free words to search names', () => {
    expect(parse(VOICES, 'lang=french gender=female Jenny Neural')).toEqual({
      language: 'french',
      gender: 'female',
      query: 'Jenny Neural',
    });
  });

  it('/project reads the id and refuses a second word', () => {
    expect(parse(PROJECT, '6650f1c2a1b2c3d4e5f60718')).toEqual({ id: '6650f1c2a1b2c3d4e5f60718' });
    expect(refuse(PROJECT, '6650f1c2a1b2c3d4e5f60718 extra')).toContain("unexpected 'extra'");
  });

  it('/jobs takes no text', () => {
    expect(parse(JOBS, '  ')).toEqual({});
    expect(refuse(JOBS, 'all')).toContain('/jobs takes no options');
    expect(refuse(JOBS, 'x=1')).toContain('/jobs takes no options');
  });

  it('/setup reads an action and channel defaults', () => {
    expect(parse(SETUP, 'key')).toEqual({ action: 'key' });
    expect(parse(SETUP, 'language=french voice=Jenny template=beast')).toEqual({
      language: 'french',
      voice: 'Jenny',
      template: 'beast',
    });
  });

  it('/help reads a command name', () => {
    expect(parse(HELP, 'clip')).toEqual({ command: 'clip' });
    expect(parse(HELP, '')).toEqual({});
  });
});
