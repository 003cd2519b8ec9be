// Every reader in their own language (issue 44), through the real adapters: discord.js against the Discord double,
// Bolt against the Slack double, the console adapter. Each person's private answers (/help, errors, /setup) follow
// the language their platform says they read; two people in one channel each read their own.
import { describe, expect, it } from 'vitest';
import { startConsoleSurface } from '../contract/console-surface.ts';
import { startDiscordSurface } from '../contract/discord-surface.ts';
import { startSlackSurface } from '../contract/slack-surface.ts';
import { eventually } from '../contract/surface.ts';
import { ask, closeSurfacesAfterEach, start } from './surfaces.ts';

closeSurfacesAfterEach();

describe('a Discord member whose Discord is in German', () => {
  it('reads /help, a refused link and the permission error in German', async () => {
    const s = await start(startDiscordSurface({ locales: { member: 'de' } }));
    const help = await ask(s, '/help', 'Das kann ich', 'member');
    expect(help).toContain('Befehle');
    expect(help).toContain('Ein langes Video in kurze Clips schneiden');
    await ask(s, '/clip notalink', 'ist kein Link — füge eine http(s)-URL zum Video ein', 'member');
    await ask(s, '/setup', 'Nur wer den Bot einrichten darf', 'member');
  });

  it('gives two members of one channel their private answers in two languages', async () => {
    const s = await start(startDiscordSurface({ locales: { member: 'de', admin: 'ja' } }));
    await ask(s, '/help clip', '**Verwendung:**', 'member');
    const japanese = await ask(s, '/help clip', '**使い方:**', 'admin');
    expect(japanese).not.toContain('Verwendung');
    expect((await s.privateTo('member')).map((m) => m.text).join('\n')).not.toContain('使い方');
  });
});

describe('a Slack member whose Slack is in Japanese', () => {
  it('reads /help and errors in Japanese, the language looked up without holding the acknowledgement', async () => {
    const s = await start(startSlackSurface({ locales: { member: 'ja-JP' } }));
    // Not known at the acknowledgement: looked up after it, for the work behind it.
    const help = await ask(s, '/help', 'できること', 'member');
    expect(help).toContain('長い動画を短いクリップに切り出します');
    // Known now: a refusal rides on the acknowledgement itself, in Japanese.
    await ask(s, '/clip notalink', 'はリンクではありません', 'member');
    await ask(s, '/nope', '/nope というコマンドはありません', 'member');
  });

  it('gives two members of one channel their private answers in two languages', async () => {
    const s = await start(startSlackSurface({ locales: { member: 'es-LA', admin: 'fr-FR' } }));
    await ask(s, '/help', 'Esto es lo que puedo hacer', 'member');
    const french = await ask(s, '/help', 'Voici ce que je sais faire', 'admin');
    expect(french).not.toContain('Esto es lo que puedo hacer');
  });
});

describe('the console in a French terminal (LANG=fr_FR.UTF-8)', () => {
  it('answers /help, errors and /setup in French, and sets the channel’s language with /setup locale=', async () => {
    const s = await start(startConsoleSurface({ locale: 'fr_FR.UTF-8' }));
    await ask(s, '/help', 'Voici ce que je sais faire');
    await ask(s, '/clip notalink', 'n’est pas un lien');
    const refused = await ask(s, '/setup locale=klingon', 'Le bot n’écrit pas en');
    expect(refused).toContain('`pt-BR` (Português (Brasil))');
    const saved = await ask(s, '/setup locale=de-AT', 'Les valeurs par défaut du salon ont été enregistrées.');
    expect(saved).toContain('Deutsch (`de`), choisie avec `/setup locale=`');
  });

  it('explains both settings in /help setup: locale= for the bot, language= for the videos', async () => {
    const s = await start(startConsoleSurface());
    const help = await ask(s, '/help setup', '`locale`');
    expect(help).toMatch(/`locale` — The language the bot writes here for everyone/);
    expect(help).toMatch(/`language` — Default language for \/clip and \/subtitles/);
  });
});

describe('a channel set to French with /setup locale=fr', () => {
  it('gets its job card and thread lines in French, while a German member’s private answers stay German', async () => {
    const s = await start(startDiscordSurface({ locales: { member: 'de' } }));
    // The admin reads English (their Discord's language); the channel's public language is now French.
    const saved = await ask(s, '/setup locale=fr', 'Saved the channel defaults.', 'admin');
    expect(saved).toContain('Français (`fr`), set with `/setup locale=`');
    await s.command('/clip https://youtu.be/abc123 reels=1', 'member');
    const [thread] = await eventually(async () => {
      const threads = await s.threads();
      return threads.length > 0 && threads;
    }, 'a job thread');
    const ready = async () => (await s.thread(thread ?? '')).filter((m) => m.text.includes('votre reel est prêt'));
    const [result] = await eventually(async () => {
      const found = await ready();
      return found.length > 0 && found;
    }, 'the result in the thread, in French');
    expect(result?.buttons).toEqual(expect.arrayContaining(['▶ Regarder', 'Publier…']));
    const card = await s.card(thread ?? '');
    expect(card.text).toContain('🎬 Clips');
    expect(card.text).toContain('Demandé par');
    await ask(s, '/help clip', '**Verwendung:**', 'member');
  });
});

describe('a Discord server whose language is Brazilian Portuguese', () => {
  it('gets job cards in Portuguese by default, and an English member still reads their own answers in English', async () => {
    const s = await start(startDiscordSurface({ guildLocale: 'pt-BR' }));
    await s.command('/clip https://youtu.be/abc123 reels=1', 'member');
    const [thread] = await eventually(async () => {
      const threads = await s.threads();
      return threads.length > 0 && threads;
    }, 'a job thread');
    await eventually(
      async () => (await s.thread(thread ?? '')).some((m) => m.text.includes('seu reel está pronto')),
      'the result in the thread, in Portuguese',
    );
    expect((await s.card(thread ?? '')).text).toContain('Pedido por');
    await ask(s, '/help', 'What I can do', 'member');
  });
});

describe('/voices for a Japanese reader in a channel set to French', () => {
  it('shows the list in Japanese to its reader, and shares it with the channel in French', async () => {
    const s = await start(startDiscordSurface({ locales: { member: 'ja' } }));
    await ask(s, '/setup locale=fr', 'Saved the channel defaults.', 'admin');
    const list = await ask(s, '/voices', 'ページ', 'member');
    expect(list).toContain('件の音声');
    await s.clickPrivate('📣 共有', 'member');
    const shared = await eventually(
      async () => (await s.everyone()).find((m) => m.text.includes('à choisir ensemble')),
      'the shared page, in French',
    );
    expect(shared.text).toContain('page 1 sur');
  });
});
