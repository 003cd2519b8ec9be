// The jobs feature beyond its cards, each reader in their own language through the real adapters (issue 44): a
// German terminal reads /jobs, /project, the follow-up buttons and their answers, and the console's own lines in
// German; a channel set to French gets its results' follow-up buttons in French.
import { describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGES, consoleWords } from '../../src/console/words.ts';
import { MESSAGES } from '../../src/core/app/commands.ts';
import { PSEUDO_LOCALE } from '../../src/core/i18n/locales.ts';
import { literalText, parseMessage } from '../../src/core/i18n/message-shape.ts';
import { jobWords } from '../../src/core/jobs/words.ts';
import { startConsoleSurface } from '../contract/console-surface.ts';
import { startDiscordSurface } from '../contract/discord-surface.ts';
import { startSlackSurface } from '../contract/slack-surface.ts';
import { eventually, type Surface } from '../contract/surface.ts';
import { ask, closeSurfacesAfterEach, start } from './surfaces.ts';

closeSurfacesAfterEach();

/** The first job thread, once its result (a message saying `ready`) is in it. */
async function finishedReel(s: Surface, ready: string) {
  const thread = await eventually(async () => (await s.threads())[0], 'a job thread');
  const result = await eventually(
    async () => (await s.thread(thread)).find((m) => m.text.includes(ready)),
    `the reel in the thread (“${ready}”)`,
  );
  return { thread, result };
}

describe('the console in a German terminal (LANG=de_DE.UTF-8), in a channel set to German', () => {
  it('reads /jobs, /project’s refusals, the follow-up buttons, their answers and the console’s own lines in German', async () => {
    const s = await start(startConsoleSurface({ locale: 'de_DE.UTF-8' }));
    await ask(s, '/setup locale=de', 'Deutsch');
    const none = await ask(s, '/jobs', 'In diesem Kanal läuft gerade kein Job.');
    // The console's own mark of a private line, in German too.
    expect(none).toMatch(/^\(nur du\) /m);
    await ask(s, '/project nope', '„nope“ ist keine Projekt-ID');
    await ask(s, '/project 0123456789abcdef01234567', 'Ein Projekt `0123456789abcdef01234567` ist hier nicht bekannt.');

    await s.command('/clip https://youtu.be/abc123 reels=1');
    const { thread, result } = await finishedReel(s, 'dein Reel ist fertig');
    expect(result.buttons).toEqual(
      expect.arrayContaining(['💬 Untertitel', '🎥 B-Roll', '🔊 Bildunterschrift sprechen', '▶ Ansehen']),
    );
    expect(result.buttons.join(' ')).not.toMatch(/Subtitles|Speak caption/);

    // No default voice here: the refusal, privately, in German.
    await s.click(thread, 'Bildunterschrift sprechen');
    await eventually(
      async () => (await s.privateTo('admin')).some((m) => m.text.includes('Dieser Kanal hat keine Standardstimme')),
      'the refusal without a default voice, in German',
    );
    // The follow-up's card names its source in the channel's language.
    await s.click(thread, 'Untertitel');
    await eventually(
      async () => (await s.everyone()).some((m) => /Untertitel für Reel 1 von Job [a-z0-9]+/.test(m.text)),
      'the follow-up card naming its source, in German',
    );
    await eventually(
      async () => (await s.everyone()).some((m) => m.text.includes('dein untertiteltes Video ist fertig')),
      'the subtitled video, in German',
    );
    // A second click on the same button: already on its way, said in German.
    await s.click(thread, 'Untertitel');
    await eventually(
      async () => (await s.privateTo('admin')).some((m) => m.text.includes('Die Untertitel zu diesem Ergebnis sind')),
      'the answer to a second click, in German',
    );

    const becoming = await ask(s, '/as bea', 'Du bist jetzt bea');
    expect(becoming).toContain('(nur du) Du bist jetzt bea, ein Mitglied, das den Bot nicht konfigurieren darf.');
    await ask(s, '/as', 'Du bist wieder');
  });
});

describe('a channel set to French', () => {
  it('gets the follow-up buttons of its results in French, whatever the member’s own language', async () => {
    const s = await start(startDiscordSurface({ locales: { member: 'de' } }));
    await ask(s, '/setup locale=fr', 'Saved the channel defaults.', 'admin');
    await s.command('/clip https://youtu.be/abc123 reels=1', 'member');
    const { result } = await finishedReel(s, 'votre reel est prêt');
    expect(result.buttons).toEqual(
      expect.arrayContaining(['💬 Sous-titres', '🎥 B-roll', '🔊 Lire la légende', '▶ Regarder', 'Publier…']),
    );
    expect(result.buttons.join(' ')).not.toMatch(/Subtitles|Speak caption|Untertitel/);
  });
});

/** What is data rather than words: code, commands, option words, links, the console's mark. */
const notProse = (text: string) =>
  text
    .replaceAll(consoleWords(PSEUDO_LOCALE).t('console.only_you'), ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\/[a-z_-]+/g, ' ')
    .replace(/[a-z_]+=\S*/g, ' ');
const words = (text: string) => notProse(text).match(/[A-Za-z][A-Za-z_]{3,}/g) ?? [];
/** Every English word (4+ letters) of the catalogue's and the console's own text. */
const CATALOGUE_WORDS = new Set(
  [...MESSAGES, CONSOLE_MESSAGES]
    .flatMap((b) => Object.values(b.en))
    .flatMap((m) => literalText(parseMessage(m)).flatMap(words)),
);

describe('the pseudo-locale en-XA on the console', () => {
  it('leaves no plain English of the catalogue in /jobs, /project’s refusals or the console’s own lines', async () => {
    const s = await start(startConsoleSurface({ locale: PSEUDO_LOCALE }));
    for (const line of ['/jobs', '/project nope', '/project 0123456789abcdef01234567', '/as bea', '/as']) {
      const before = (await s.privateTo('admin')).length;
      await s.command(line);
      await eventually(async () => (await s.privateTo('admin')).length > before, `an answer to ${line}`);
    }
    const said = (await s.privateTo('admin')).map((m) => m.text).join('\n');
    expect(said).toContain(jobWords(PSEUDO_LOCALE).t('jobs.none'));
    expect(said).toContain(consoleWords(PSEUDO_LOCALE).t('console.as_member', { who: 'bea' }));
    const plain = [...new Set(words(said).filter((w) => CATALOGUE_WORDS.has(w) && !['nope', 'bea'].includes(w)))];
    expect(plain, said).toEqual([]);
  });
});

describe('the Slack Home tab of a member whose Slack is in Japanese', () => {
  it('shows their running jobs in Japanese, the language looked up when they open it', async () => {
    const s = await start(startSlackSurface({ locales: { member: 'ja-JP' } }));
    await s.openHome('member');
    await eventually(
      async () => s.home('member')?.text.includes('実行中のあなたのジョブはありません。'),
      'Home, in Japanese',
    );
    await s.command('/broll https://example.com/slow-talk.mp4', 'member');
    await eventually(async () => (await s.threads()).length > 0, 'the job card');
    await s.openHome('member');
    await eventually(
      async () =>
        /実行中のあなたのジョブ（1）[\s\S]*🎥 B ロール `[a-z0-9]+`[\s\S]*に開始/.test(s.home('member')?.text ?? ''),
      'the running job on Home, in Japanese',
    );
  });
});
