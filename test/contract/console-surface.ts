// The terminal console as a Surface: lines typed into the real console adapter, its printed output read
// back the way the README describes it (`(only you)`, `[#N]` cards, `└ [#N]` thread messages).
import { type ConsoleAdapter, createConsoleAdapter } from '../../src/console/adapter.ts';
import { consoleWords } from '../../src/console/words.ts';
import type { Bot } from '../../src/core/platform/interaction.ts';
import type { RunningBot } from '../../src/start-bot.ts';
import { silentLogger } from '../support/harness.ts';
import { type Core, startCore } from './core.ts';
import type { Person, Seen, Surface } from './surface.ts';

interface Printed {
  where: 'private' | 'card' | 'thread' | 'other';
  /** Who was at the keyboard (a private line is theirs alone). */
  who?: Person;
  thread?: string;
  seen: Seen;
}

/**
 * `[Retry] type: !retry:k3j9` (an action; "type:" in the terminal's language) and `Watch reel 1: https://…` (a
 * link), as render-text prints them.
 */
const BUTTON = /\[([^\]]+)\] [^![\]\n]*!(\S+)/g;
const LINK = /(?:[│└] |^ {2}|\] )([^:\n│└[\]]+): https?:\/\//gm;

/** `mark`: the console's mark of a private line in the terminal's language (`(only you)` in English). */
function read(text: string, mark: string): Printed {
  const lines = text.replace(/\n$/, '').split('\n');
  const first = lines[0] ?? '';
  const buttons = [...text.matchAll(BUTTON), ...text.matchAll(LINK)].map((m) => (m[1] ?? '').trim());
  // A terminal notifies nobody; a link the bot wrote is printed as `label <url>`.
  const links = [...text.matchAll(/ <(https?:\/\/[^>\s]+)>/g)].map((m) => m[1] ?? '');
  const seen = { text, buttons, notifies: [], links };
  if (first.startsWith(`${mark} `)) return { where: 'private', seen };
  const inThread = /^ {2}└ \[#(\d+)\] /.exec(first);
  if (inThread) return { where: 'thread', thread: inThread[1], seen };
  const card = /^\[#(\d+)\] /.exec(first);
  if (card) return { where: 'card', thread: card[1], seen };
  return { where: 'other', seen };
}

/** `locale`: the terminal's language as LANG gives it (`fr_FR.UTF-8`). */
export async function startConsoleSurface(options: { locale?: string } = {}): Promise<Surface> {
  const core: Core = await startCore();
  const mark = consoleWords(options.locale).t('console.only_you');
  const printed: Printed[] = [];
  // The console's own person may configure (admin); `/as member` is a member who may not.
  let current: Person = 'admin';
  let app: RunningBot;
  let adapter: ConsoleAdapter | undefined;
  // The console's lines are typed here rather than read from stdin, so the surface brings its own console.
  const chat = (bot: Bot) => {
    adapter = createConsoleAdapter({
      bot,
      logger: silentLogger,
      write: (text) => void printed.push({ ...read(text, mark), who: current }),
      pendingJobs: async () => 0,
      ...(options.locale ? { locale: options.locale } : {}),
    });
    return adapter.chatPort;
  };
  const typed = (line: string) => {
    if (!adapter) throw new Error('the console is not started');
    return adapter.handleLine(line);
  };

  async function boot() {
    app = await core.start({}, { chat });
  }
  await boot();

  /** Switches who types next; no one named keeps whoever types now. */
  async function be(who: Person | undefined) {
    if (who === undefined || who === current) return;
    await typed(who === 'admin' ? '/as' : '/as member');
    current = who;
  }
  async function press(holder: Printed | undefined, label: string, where: string) {
    const id = [...(holder?.seen.text.matchAll(BUTTON) ?? [])].find((m) => m[1]?.includes(label))?.[2];
    if (!id) throw new Error(`no ${label} button ${where}`);
    await typed(`!${id}`);
  }
  const has = (p: Printed, label: string) => p.seen.buttons.some((b) => b.includes(label));

  return {
    name: 'console',
    sandboxUrl: core.sandbox.origin,
    // The console's own person is `you`; `/as member` types as `member`.
    idOf: (who) => (who === 'admin' ? 'you' : 'member'),
    async command(line, who) {
      await be(who);
      await typed(line);
    },
    async click(thread, label, who) {
      await be(who);
      const holder = printed.filter((p) => p.thread === thread && has(p, label)).at(-1);
      await press(holder, label, `in thread #${thread}`);
    },
    async clickPrivate(label, who = 'admin') {
      const holder = printed.filter((p) => p.where === 'private' && p.who === who && has(p, label)).at(-1);
      await be(who);
      await press(holder, label, 'shown privately');
    },
    async submitForm(values, who) {
      await be(who);
      // The console asks a form's fields one per line; a blank line keeps what it shows.
      for (let asked = 0; asked < 20; asked++) {
        const field = adapter?.asking();
        if (!field) return;
        await typed(values[field.id] ?? '');
      }
    },
    threads: async () => [...new Set(printed.filter((p) => p.where === 'card').map((p) => p.thread ?? ''))],
    async card(id) {
      const card = printed.filter((p) => p.where === 'card' && p.thread === id).at(-1);
      if (!card) throw new Error(`no card #${id}`);
      return card.seen;
    },
    thread: async (id) => printed.filter((p) => p.where === 'thread' && p.thread === id).map((p) => p.seen),
    // The console's own person is both a member and an admin: what they saw counts for either.
    privateTo: async (who) =>
      printed.filter((p) => p.where === 'private' && (p.who === who || p.who === 'admin')).map((p) => p.seen),
    everyone: async () => printed.filter((p) => p.where === 'card' || p.where === 'thread').map((p) => p.seen),
    passTime: (ms) => core.passTime(ms),
    async restart() {
      await app.stop();
      await boot();
      // A new console session types as its own person again.
      current = 'admin';
    },
    async close() {
      await app.stop();
      await core.close();
    },
  };
}
