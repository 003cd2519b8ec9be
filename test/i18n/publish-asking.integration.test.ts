// Publishing asked in the reader's own language, through the real console adapter: a German terminal gets /publish's
// form, its refusals and New version…'s form in German while a channel set to French hears its thread lines in French;
// a Japanese terminal reads publishing's section of /setup in Japanese.
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleAdapter, createConsoleAdapter } from '../../src/console/adapter.ts';
import type { Bot } from '../../src/core/platform/interaction.ts';
import { startCore } from '../contract/core.ts';
import { addAccount } from '../contract/publishing.ts';
import { startSlackSurface } from '../contract/slack-surface.ts';
import { eventually, type Surface } from '../contract/surface.ts';
import { silentLogger } from '../support/harness.ts';

const VIDEO = 'https://example.com/reel.mp4';

/** A console session typed into, everything it printed kept in order (answers, form questions, cards, threads). */
async function startConsole(locale: string) {
  const core = await startCore();
  const printed: string[] = [];
  let adapter: ConsoleAdapter | undefined;
  const chat = (bot: Bot) => {
    adapter = createConsoleAdapter({
      bot,
      logger: silentLogger,
      write: (text) => void printed.push(text),
      pendingJobs: async () => 0,
      locale,
    });
    return adapter.chatPort;
  };
  const app = await core.start({}, { chat });
  const console = {
    printed,
    /** Types a line; resolves once its answer (and the work behind it) is printed. What it printed. */
    async type(line: string): Promise<string> {
      const before = printed.length;
      if (!adapter) throw new Error('the console is not started');
      await adapter.handleLine(line);
      return printed.slice(before).join('');
    },
    /** The field the open form asks now. */
    asking: () => adapter?.asking(),
    /** Answers every field of the open form, by id (a blank line keeps what it shows); what was printed meanwhile. */
    async fill(values: Record<string, string>): Promise<string> {
      let out = '';
      for (let asked = 0; asked < 20; asked++) {
        const field = adapter?.asking();
        if (!field) return out;
        out += await console.type(values[field.id] ?? '');
      }
      return out;
    },
    async close() {
      await app.stop();
      await core.close();
    },
  };
  return console;
}

type Console = Awaited<ReturnType<typeof startConsole>>;
let open: Console | Surface | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function start(locale: string): Promise<Console> {
  open = await startConsole(locale);
  return open;
}

/** The action ids of the newest printed line that offers one starting with `prefix`. */
function actionIn(printed: readonly string[], prefix: string): string {
  for (const text of [...printed].reverse()) {
    const found = [...text.matchAll(/\] [^![\]\n]*!(\S+)/g)].map((m) => m[1] ?? '').find((id) => id.startsWith(prefix));
    if (found) return found;
  }
  throw new Error(`no action ${prefix}… was printed`);
}

describe('a German terminal (LANG=de_DE.UTF-8) asking to publish', () => {
  it('reads the key form, /publish’s form, its refusals and New version…’s form in German', async () => {
    const c = await start('de_DE.UTF-8');
    // The channel writes French for everyone (its cards and thread lines); the German reader's answers stay German.
    await c.type('/setup locale=fr');

    const keyForm = await c.type('/setup socials add brand platform=x');
    expect(keyForm).toContain('Schlüssel für brand — Zugangsschlüssel');
    expect(keyForm).toContain('Der Zugangsschlüssel des x-Kontos aus dem Dashboard der Media-API');
    expect(await c.fill({ access_key: 'key-brand' })).toContain(
      'Der Zugangsschlüssel von brand (x) wurde gespeichert. Er wird verschlüsselt aufbewahrt',
    );

    // `/publish <link>` alone opens the form: its title, and each field asked by its German label.
    const form = await c.type(`/publish ${VIDEO}`);
    expect(form).toContain('In sozialen Konten veröffentlichen —');
    const labels: string[] = [];
    const refused = await (async () => {
      let out = '';
      for (let asked = 0; asked < 10; asked++) {
        const field = c.asking();
        if (!field) return out;
        labels.push(field.label);
        if (field.id === 'privacy') expect(field.placeholder).toBe('public, private oder unlisted');
        out += await c.type(field.id === 'accounts' ? 'ghost' : '');
      }
      return out;
    })();
    expect(labels).toEqual(['Titel', 'Beschreibung', 'Konten', 'Sichtbarkeit', 'Termin']);
    expect(refused).toContain('In diesem Kanal gibt es kein Konto „ghost“. Vorhandene Konten: brand.');

    // The text options are checked the same way, in the same language.
    expect(await c.type(`/publish ${VIDEO} accounts=brand description=${'a'.repeat(300)}`)).toContain(
      'Zu lang: Die Beschreibung hat 300/280 Zeichen für x. Kürze den Text und sende das Formular erneut.',
    );
    expect(await c.type(`/publish ${VIDEO} accounts=brand schedule=someday`)).toContain(
      'Ich konnte den Zeitpunkt „someday“ nicht lesen: Versuch es mit `now`',
    );
    // A typed value is repeated inside the German refusal as the English one repeats it: the console prints the
    // bold it asks for, and the rest as typed.
    expect(await c.type(`/publish ${VIDEO} accounts=**<!here>**`)).toContain(
      'In diesem Kanal gibt es kein Konto „<!here>“. Vorhandene Konten: brand.',
    );

    // A request: New version… answers its maker in German, and its form is German.
    await c.type(`/publish ${VIDEO} accounts=brand title=Launch`);
    const chosen = await c.type(`!${actionIn(c.printed, 'pub:version:')}`);
    expect(chosen).toContain('Wähle im Thread der Anfrage, wie Version 2 entstehen soll.');
    const linkForm = await c.type(`!${actionIn(c.printed, 'pubver:link:')}`);
    expect(linkForm).toContain('Version 2: Videolink');
    expect(await c.fill({ url: 'notalink' })).toContain(
      'Gib einen Link zum Video an, der mit https:// (oder http://) beginnt.',
    );
    await c.type(`!${actionIn(c.printed, 'pubver:link:')}`);
    const made = await c.fill({ url: 'https://example.com/reel-2.mp4' });
    expect(made).toContain('Version 2 ist jetzt das Video der Anfrage; ihre Freigaben beginnen von vorn.');
    // The thread hears the version in the channel's French.
    expect(made).toMatch(
      /└ \[#\d+\] 🎞️ Version 2 par .* : ne répond à aucune demande de modification\. Les approbations repartent de zéro\./,
    );
  });
});

describe('a Japanese terminal (LANG=ja_JP.UTF-8)', () => {
  it('reads publishing’s section of /setup, and its answers, in Japanese', async () => {
    const c = await start('ja_JP.UTF-8');
    const setup = await c.type('/setup');
    for (const words of ['承認ポリシー', '承認の数え方', 'ソーシャルアカウント', 'チャンネルの誰でも', '承認 1 件'])
      expect(setup).toContain(words);
    expect(setup).not.toMatch(/Approval policy|How approvals count|Social accounts|anyone in the channel/);
    expect(await c.type('/setup approvals=2 remind=4h')).toContain('承認ポリシーを保存しました。');
    expect(await c.type('/setup timezone=Mars/Olympus')).toContain(
      'timezone は Asia/Tokyo や America/New_York のような IANA タイムゾーンで指定してください（「Mars/Olympus」は使えません）。',
    );
  });
});

describe('a Slack member whose Slack is in Japanese', () => {
  it('reads /publish’s refusal in Japanese, and what they typed in it notifies nobody and links nowhere', async () => {
    const s = await startSlackSurface({ locales: { member: 'ja-JP' } });
    open = s;
    await addAccount(s, 'brand', 'x', 'key-brand');
    await s.command(`/publish ${VIDEO} accounts=<!channel>,<https://evil.example|brand>`, 'member');
    const refusal = await eventually(
      async () => (await s.privateTo('member')).find((m) => m.text.includes('というアカウントはありません')),
      'the refusal, in Japanese',
    );
    // Escaped in the Japanese text as Slack's renderer escapes it in English: `<` is `&lt;`, so nothing is a mention.
    expect(refusal.text).toContain('このチャンネルに「&lt;!channel&gt;」というアカウントはありません。');
    expect(refusal.notifies).toEqual([]);
    expect(refusal.links).toEqual([]);
  });
});
