// The pseudo-locale run through the real console: in en-XA every catalogue message is accented and bracketed, so
// an English word of the catalogue left plain in an answer was written past the catalogue. Checked on what is
// translated so far: /help (overview and per command), the framework's refusals, and /setup.
import { afterEach, describe, expect, it } from 'vitest';
import { consoleWords } from '../../src/console/words.ts';
import { COMMANDS, MESSAGES } from '../../src/core/app/commands.ts';
import { PSEUDO_LOCALE } from '../../src/core/i18n/locales.ts';
import { literalText, parseMessage } from '../../src/core/i18n/message-shape.ts';
import { CLIP_LANGUAGES, SUBTITLE_LANGUAGES, SUBTITLE_TEMPLATES } from '../../src/core/media/enums.ts';
import { startConsoleSurface } from '../contract/console-surface.ts';
import { eventually, type Surface } from '../contract/surface.ts';

/** What a reader sees as data rather than as the catalogue's words: code, commands, option words, links. */
const notProse = (text: string) =>
  text
    // The console's own mark of a private line, in the pseudo-locale too.
    .replaceAll(consoleWords(PSEUDO_LOCALE).t('console.only_you'), ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\/[a-z_-]+/g, ' ')
    .replace(/[a-z_]+=\S*/g, ' ');

// An option name (`remove_fillers`) is one word: a value, not the catalogue's "Remove".
const words = (text: string) => notProse(text).match(/[A-Za-z][A-Za-z_]{3,}/g) ?? [];

/** Every English word (4+ letters) of the catalogue's own text. */
const CATALOGUE_WORDS = new Set(
  MESSAGES.flatMap((b) => Object.values(b.en)).flatMap((m) => literalText(parseMessage(m)).flatMap(words)),
);

/** Words that reach an answer as values, not as the catalogue's: names of commands, options, choices, languages. */
const VALUES = new Set(
  [
    ...COMMANDS.flatMap((c) => [
      c.name,
      ...c.options.flatMap((o) => [o.name, ...(o.aliases ?? []), ...(o.choices ?? [])]),
    ]),
    ...CLIP_LANGUAGES,
    ...SUBTITLE_LANGUAGES,
    ...SUBTITLE_TEMPLATES,
    'English',
    'Deutsch',
    'reelbot',
    'klingon',
    'notalink',
    'nope',
  ].map((w) => w.toLowerCase()),
);

let open: Surface | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('the pseudo-locale en-XA on the console', () => {
  it('leaves no plain English of the catalogue in /help, refusals or /setup', async () => {
    const s = await startConsoleSurface({ locale: 'en-XA' });
    open = s;
    const lines = [
      '/help',
      ...COMMANDS.map((c) => `/help ${c.name}`),
      '/clip notalink',
      '/clip https://a.example reels=99',
    ];
    lines.push(
      '/nope',
      '/clip https://a.example tempalte=beast',
      '/setup',
      '/setup locale=klingon',
      '/setup locale=fr',
      // Publishing's part of /setup: its list, and a refused policy option.
      '/setup socials',
      '/setup timezone=Mars/Olympus',
    );
    for (const line of lines) {
      const before = (await s.privateTo('admin')).length;
      await s.command(line);
      await eventually(async () => (await s.privateTo('admin')).length > before, `an answer to ${line}`);
    }
    const said = (await s.privateTo('admin')).map((m) => m.text).join('\n');
    expect(said).toContain('⟦Ŵĥåţ Î çåñ ðö');
    const plain = [...new Set(words(said).filter((w) => CATALOGUE_WORDS.has(w) && !VALUES.has(w.toLowerCase())))];
    const where = said.split('\n').filter((line) => words(line).some((w) => plain.includes(w)));
    expect(plain, where.join('\n')).toEqual([]);
  });
});
