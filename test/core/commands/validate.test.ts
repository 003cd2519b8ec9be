import { describe, expect, it } from 'vitest';
import { findCommand } from '../../../src/core/app/commands.ts';
import { HELP } from '../../../src/core/app/help-command.ts';
import type { ParseResult } from '../../../src/core/commands/parse-text.ts';
import type { CommandSpec, OptionValues } from '../../../src/core/commands/spec.ts';
import { DEFAULT_SOURCES, parseAndValidate, validateOptions } from '../../../src/core/commands/validate.ts';
import { BROLL, CLIP, JOBS, PROJECT, SUBTITLES, TTS, TTV } from '../../../src/core/jobs/table.ts';
import { VOICES } from '../../../src/core/voices/table.ts';

/** /setup as the app assembles it, with every feature's settings. */
const SETUP = findCommand('setup') as CommandSpec;

const values = (result: ParseResult): OptionValues => {
  if (!result.ok) throw new Error(`expected valid options, got: ${result.error}`);
  return result.values;
};
const error = (result: ParseResult): string => {
  if (result.ok) throw new Error(`expected an error, got: ${JSON.stringify(result.values)}`);
  return result.error;
};
const accept = (spec: CommandSpec, text: string): OptionValues =>
  values(parseAndValidate(spec, { text }, DEFAULT_SOURCES));
const refuse = (spec: CommandSpec, text: string): string => error(parseAndValidate(spec, { text }, DEFAULT_SOURCES));

describe('/clip options', () => {
  it('types every option of a full request', () => {
    const text =
      'https://youtu.be/abc language=French reels=3 duration=15-45 prompt="the funny bits" keywords="ai, robots" ' +
      'template=marineshift position=TOP-CENTER size=XL broll_type=stock broll_frequency=high ' +
      'music_url=https://cdn.example/m.mp3 music_volume=0.3 music_fade_in=1 music_fade_out=2.5 ' +
      'hook remove_fillers=yes remove_silences=off music=1 broll=0';
    expect(accept(CLIP, text)).toEqual({
      url: 'https://youtu.be/abc',
      language: 'french',
      reels: 3,
      duration: '15-45',
      prompt: 'the funny bits',
      keywords: 'ai, robots',
      template: 'marineShift',
      position: 'top-center',
      size: 'xl',
      broll_type: 'stock',
      broll_frequency: 'high',
      music_url: 'https://cdn.example/m.mp3',
      music_volume: 0.3,
      music_fade_in: 1,
      music_fade_out: 2.5,
      hook: true,
      remove_fillers: true,
      remove_silences: false,
      music: true,
      broll: false,
    });
  });

  it('keeps the duration range as written, for the job to read', () => {
    expect(accept(CLIP, 'https://youtu.be/abc duration=15-45').duration).toBe('15-45');
  });

  it('refuses 0 and 11 reels, stating the range', () => {
    expect(refuse(CLIP, 'https://youtu.be/abc reels=0')).toBe('reels must be a whole number from 1 to 10 (got 0)');
    expect(refuse(CLIP, 'https://youtu.be/abc reels=11')).toContain('from 1 to 10 (got 11)');
  });

  it('refuses reels that are not whole numbers', () => {
    expect(refuse(CLIP, 'https://youtu.be/abc reels=2.5')).toContain('whole number from 1 to 10 (got 2.5)');
    expect(refuse(CLIP, 'https://youtu.be/abc reels=three')).toContain("(got 'three')");
  });

  it('refuses a music volume of 1.5 and accepts the edges 0 and 1', () => {
    expect(refuse(CLIP, 'https://youtu.be/abc music_volume=1.5')).toContain(
      'music_volume must be a number from 0 to 1',
    );
    expect(accept(CLIP, 'https://youtu.be/abc music_volume=0').music_volume).toBe(0);
    expect(accept(CLIP, 'https://youtu.be/abc music_volume=1').music_volume).toBe(1);
  });

  it('reads a decimal comma as a decimal point', () => {
    expect(accept(CLIP, 'https://youtu.be/abc music_volume=0,5').music_volume).toBe(0.5);
  });

  it('suggests a template for a typo and lists all twenty', () => {
    const message = refuse(CLIP, 'https://youtu.be/abc template=bst');
    expect(message).toMatch(/^unknown template 'bst' — did you mean beast\? Valid: none, harmozi, pulse/);
    expect(message).toContain('impact2');
  });

  it('suggests a language for a typo and points to /help for the long list', () => {
    const message = refuse(CLIP, 'https://youtu.be/abc language=frnch');
    expect(message).toBe("unknown language 'frnch' — did you mean french? See /help clip for all 38 values.");
  });

  it('says hinglish is for /clip only, rather than suggesting english or finnish, on /subtitles', () => {
    const message = refuse(SUBTITLES, 'https://youtu.be/abc language=Hinglish');
    expect(message).toBe(
      "language 'hinglish' is for /clip only: /subtitles does not take it. See /help subtitles for the 37 values it takes.",
    );
    expect(accept(CLIP, 'https://youtu.be/abc language=hinglish').language).toBe('hinglish');
  });

  it('matches enumerations ignoring case, spaces and dashes, answering the canonical spelling', () => {
    expect(accept(CLIP, 'https://youtu.be/abc template=Marine-Shift').template).toBe('marineShift');
    expect(accept(CLIP, 'https://youtu.be/abc position="bottom center"').position).toBe('bottom-center');
    expect(accept(CLIP, 'https://youtu.be/abc language="Chinese (Mandarin, Simplified)"').language).toBe(
      'chinese (mandarin, simplified)',
    );
  });

  it('refuses a link that is not http(s), in words a person understands', () => {
    expect(refuse(CLIP, 'ftp://x')).toBe("'ftp://x' is not a web link — paste an http(s) URL to the video");
    expect(refuse(CLIP, 'https://a.b music_url=file:///etc/passwd')).toContain('paste an http(s) URL for music_url');
    expect(refuse(CLIP, 'hello')).toContain("'hello' is not a link");
  });

  it('adds https:// to a link pasted without it', () => {
    expect(accept(CLIP, 'youtu.be/abc').url).toBe('https://youtu.be/abc');
  });

  it('reports a missing URL with the usage', () => {
    expect(refuse(CLIP, 'reels=2')).toBe(`missing url — usage: ${CLIP.usage}`);
    expect(refuse(CLIP, '')).toContain('missing url');
  });

  it('refuses a bad flag value and a prompt over 1000 characters', () => {
    expect(refuse(CLIP, 'https://a.b hook=maybe')).toContain(
      "hook must be yes or no (true/false, on/off, 1/0) — got 'maybe'",
    );
    expect(refuse(CLIP, `https://a.b prompt="${'x'.repeat(1001)}"`)).toBe(
      'prompt is too long: 1001 characters, at most 1000',
    );
  });

  it('counts characters as people see them: emoji with skin tones and flags are one each', () => {
    const emoji = '👍🏽🇫🇷'.repeat(250);
    expect(accept(CLIP, `https://a.b prompt="${'x'.repeat(500)}${emoji}"`).prompt).toHaveLength(500 + 8 * 250);
    expect(refuse(CLIP, `https://a.b prompt="${'x'.repeat(501)}${emoji}"`)).toBe(
      'prompt is too long: 1001 characters, at most 1000',
    );
  });

  it('reports every problem at once, one per line', () => {
    expect(refuse(CLIP, 'reels=0 template=bst').split('\n')).toHaveLength(3);
  });

  it('drops an empty quoted text value as not given', () => {
    expect(accept(CLIP, 'https://a.b prompt=""')).toEqual({ url: 'https://a.b' });
  });
});

describe('structured options (Discord, Slack forms)', () => {
  it('accepts values that are already numbers and booleans', () => {
    const result = validateOptions(
      CLIP,
      { url: 'https://a.b', reels: 2, music_volume: 0.5, hook: true },
      DEFAULT_SOURCES,
    );
    expect(values(result)).toEqual({ url: 'https://a.b', reels: 2, music_volume: 0.5, hook: true });
  });

  it('still checks ranges and types of typed values', () => {
    expect(error(validateOptions(CLIP, { url: 'https://a.b', reels: 2.5 }, DEFAULT_SOURCES))).toContain('(got 2.5)');
    expect(error(validateOptions(CLIP, { url: 'https://a.b', reels: 12 }, DEFAULT_SOURCES))).toContain('(got 12)');
  });

  it('refuses an option the command does not have, with a guess', () => {
    expect(error(validateOptions(CLIP, { url: 'https://a.b', reel: 2 }, DEFAULT_SOURCES))).toContain(
      "unknown option 'reel' — did you mean reels?",
    );
  });

  it('lets form options override the same option given in text', () => {
    const result = parseAndValidate(CLIP, { text: 'https://a.b reels=2', options: { reels: 4 } }, DEFAULT_SOURCES);
    expect(values(result)).toEqual({ url: 'https://a.b', reels: 4 });
  });

  it('checks enumerations against the sources it is given', () => {
    const sources = { ...DEFAULT_SOURCES, template: ['house'] };
    expect(values(validateOptions(SETUP, { template: 'HOUSE' }, sources))).toEqual({ template: 'house' });
    expect(error(validateOptions(SETUP, { template: 'beast' }, sources))).toContain('Valid: house');
  });
});

describe('/ttv options', () => {
  it('accepts a script with voice, style, subtitles and music', () => {
    expect(accept(TTV, 'voice=Jenny style=Anime template=beast music Three tips for sleep.')).toEqual({
      voice: 'Jenny',
      style: 'anime',
      template: 'beast',
      music: true,
      script: 'Three tips for sleep.',
    });
  });

  it('leaves the voice as given for the catalogue to resolve', () => {
    expect(accept(TTV, 'prompt="sleep" voice="  en-US-Jenny  "').voice).toBe('en-US-Jenny');
  });

  it('refuses an unknown visual style, with a guess and the list of styles', () => {
    expect(refuse(TTV, 'prompt=x style=anim')).toMatch(
      /^unknown style 'anim' — did you mean anime or anime_figures\? Valid: realtime, /,
    );
    expect(refuse(TTV, 'prompt=x style=cartoon')).toMatch(/^unknown style 'cartoon'\. Valid: realtime, realism, anime/);
  });

  it('accepts a visual style written without its underscore', () => {
    expect(accept(TTV, 'prompt=x style=PixelArt').style).toBe('pixel_art');
  });

  it('refuses a script over 4000 characters', () => {
    expect(refuse(TTV, `"${'a'.repeat(4001)}"`)).toContain('script is too long: 4001 characters, at most 4000');
  });
});

describe('/subtitles and /broll options', () => {
  it('/subtitles accepts a URL, a language and a style', () => {
    expect(accept(SUBTITLES, 'https://a.b lang=spanish style=pulse size=m position=middle-center')).toEqual({
      url: 'https://a.b',
      language: 'spanish',
      template: 'pulse',
      size: 'm',
      position: 'middle-center',
    });
  });

  it('/subtitles refuses a size it does not know, listing the sizes', () => {
    expect(refuse(SUBTITLES, 'https://a.b size=xxl')).toContain('Valid: s, m, l, xl');
  });

  it('/broll takes only a URL', () => {
    expect(accept(BROLL, 'https://a.b/v.mp4')).toEqual({ url: 'https://a.b/v.mp4' });
    expect(refuse(BROLL, '')).toBe(`missing url — usage: ${BROLL.usage}`);
    expect(refuse(BROLL, 'https://a.b hook')).toContain("unexpected 'hook'");
  });
});

describe('/tts options', () => {
  it('accepts a voice and several words', () => {
    expect(accept(TTS, 'Jenny Hello there, world!')).toEqual({ voice: 'Jenny', text: 'Hello there, world!' });
  });

  it('accepts a prompt instead of text', () => {
    expect(accept(TTS, 'voice=Jenny prompt="a warm welcome"')).toEqual({ voice: 'Jenny', prompt: 'a warm welcome' });
  });

  it('refuses text over 10000 characters', () => {
    expect(refuse(TTS, `Jenny ${'word '.repeat(2001)}`)).toContain('text is too long');
  });
});

describe('/voices, /project, /jobs, /setup and /help options', () => {
  it('/voices accepts filters and refuses an unknown gender', () => {
    expect(accept(VOICES, 'language=fr-FR gender=Female style=cheerful')).toEqual({
      language: 'fr-FR',
      gender: 'female',
      style: 'cheerful',
    });
    expect(refuse(VOICES, 'gender=robot')).toContain("unknown gender 'robot'. Valid: male, female");
  });

  it('/project needs an id', () => {
    expect(accept(PROJECT, '6650f1c2a1b2c3d4e5f60718')).toEqual({ id: '6650f1c2a1b2c3d4e5f60718' });
    expect(refuse(PROJECT, '')).toBe(`missing id — usage: ${PROJECT.usage}`);
  });

  it('/jobs accepts nothing but empty text', () => {
    expect(accept(JOBS, '')).toEqual({});
    expect(refuse(JOBS, 'mine')).toContain('takes no options');
  });

  it('/setup accepts its actions and channel defaults, canonically spelled', () => {
    expect(accept(SETUP, 'key')).toEqual({ action: 'key' });
    expect(accept(SETUP, 'Clear_Key')).toEqual({ action: 'clear_key' });
    expect(accept(SETUP, 'language=French voice=Jenny template=Beast')).toEqual({
      language: 'french',
      voice: 'Jenny',
      template: 'beast',
    });
  });

  it('/setup refuses an unknown action with a guess, without repeating what was typed', () => {
    expect(refuse(SETUP, 'kye')).toBe('unknown action — did you mean key? Valid: show, key, clear_key, socials');
  });

  it('/help accepts any command name (help itself answers unknown ones)', () => {
    expect(accept(HELP, 'clip')).toEqual({ command: 'clip' });
    expect(accept(HELP, 'nonsense')).toEqual({ command: 'nonsense' });
  });
});

describe('an API key typed into the /setup command text', () => {
  const KEY = 'sk-live-abc123CANARY987';
  const typed = [
    `key ${KEY}`,
    `${KEY}`,
    `key language=french ${KEY}`,
    `key "${KEY}`,
    `key apikey=${KEY}`,
    `${KEY}=x`,
    `action=key action=${KEY}`,
    `language=${KEY}`,
    `template=${KEY}`,
  ];

  it.each(typed)('is never quoted back: /setup %s', (text) => {
    const message = refuse(SETUP, text);
    expect(message).not.toContain(KEY);
    expect(message).not.toContain('CANARY');
  });

  it('is never quoted back when it comes from a form field either', () => {
    const message = error(validateOptions(SETUP, { language: KEY, action: KEY, apikey: KEY }, DEFAULT_SOURCES));
    expect(message).not.toContain('CANARY');
  });

  it('after /setup key, says where the key belongs instead', () => {
    expect(refuse(SETUP, `key ${KEY}`)).toMatch(
      /^unexpected extra text after `key` — the API key is entered in the private form that \/setup key opens, never in the command text/,
    );
    expect(refuse(SETUP, KEY)).toContain('private form that /setup key opens');
  });

  it('other commands still quote a stray word, so it can be found', () => {
    expect(refuse(PROJECT, '6650f1c2a1b2c3d4e5f60718 extra')).toContain("unexpected 'extra'");
  });
});
